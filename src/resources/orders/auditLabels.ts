import type { AuditLabels } from '../../domain';

const detail = (name: string) => `resources.orders.detail.${name}`;

/** The audit trail names an order's columns as the order page labels them. */
export default {
  orders: {
    city_id: 'resources.orders.fields.cityId',
    user_id: detail('customer'),
    restaurant_id: detail('restaurant'),
    address: detail('address'),
    additional_address: detail('additionalAddress'),
    sum: detail('sum'),
    delivery_cost: detail('delivery'),
    discount: detail('discount'),
    total_sum: detail('total'),
    service_fee: detail('serviceFee'),
    status: 'resources.orders.status.label',
    payment_method: detail('payment'),
    courier_id: 'resources.orders.courier.label',
    invoice_id: detail('invoice'),
    provider_payment_charge_id: detail('receipt'),
  },
} satisfies AuditLabels;
