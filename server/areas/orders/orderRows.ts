import { sql, type Kysely } from 'kysely';
import { can, maskPhone, type Order } from '../../../src/domain';
import type { Actor } from '../../auth/scope';
import type { Database } from '../../db/schema';
import { timerMinutesOf } from './orderTimerSql';

/**
 * Orders as every reader answers them (list, detail, GraphQL, export): one statement reads
 * the rows with their city, customer, restaurant and courier, their items and their chat's
 * length (subqueries by order id, so a page costs one query however many rows it holds).
 * `toOrder` is the one mapping from such a row to the JSON, and the one place where the
 * customer's phone and the payment data are masked.
 */
interface ItemJson {
  id: number;
  dishId: number | null;
  name: string;
  name_ru: string;
  description: string | null;
  description_ru: string | null;
  price: number | string;
  count: number;
  sum: number | string;
}

/** Orders (`o`) with their city (`c`), customer (`u`), restaurant (`r`) and courier (`k`, if any): what the list and the export read from. */
export const ordersWithParties = (db: Kysely<Database>) =>
  db
    .selectFrom('orders as o')
    .innerJoin('cities as c', 'c.id', 'o.city_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .innerJoin('restaurants as r', 'r.id', 'o.restaurant_id')
    .leftJoin('users as k', 'k.id', 'o.courier_id');

export const selectOrders = (db: Kysely<Database>) =>
  ordersWithParties(db).select([
    'o.id',
    'o.thread_id',
    'o.city_id',
    'o.user_id',
    'o.restaurant_id',
    'o.address',
    'o.additional_address',
    'o.sum',
    'o.delivery_cost',
    'o.discount',
    'o.total_sum',
    'o.service_fee',
    'o.currency',
    'o.status',
    'o.payment_method',
    'o.courier_id',
    'o.invoice_id',
    'o.provider_payment_charge_id',
    'o.created_at',
    'o.status_since',
    timerMinutesOf(sql.ref<number>('o.city_id'), sql.ref<number>('o.status')).as('timer_minutes'),
    'c.name as city_name',
    'c.name_ru as city_name_ru',
    'c.currency as city_currency',
    'u.name as customer_name',
    'u.telegram_username as customer_username',
    'u.address as customer_address',
    'u.additional_address as customer_additional_address',
    'u.contact_type as customer_contact_type',
    'u.phone as customer_phone',
    'r.name as restaurant_name',
    'r.name_ru as restaurant_name_ru',
    'r.description as restaurant_description',
    'r.description_ru as restaurant_description_ru',
    'r.address as restaurant_address',
    'r.city_id as restaurant_city_id',
    'k.telegram_id as courier_telegram_id',
    'k.telegram_username as courier_username',
    'k.name as courier_name',
    'k.username as courier_login',
    sql<ItemJson[]>`(
        SELECT coalesce(json_agg(json_build_object(
          'id', i.id, 'dishId', i.dish_id, 'name', i.name, 'name_ru', i.name_ru,
          'description', d.description, 'description_ru', d.description_ru,
          'price', i.price, 'count', i.count, 'sum', i.sum) ORDER BY i.id), '[]'::json)
        FROM order_items i
        -- One index lookup per item: as a plain join the planner hashes the whole dishes table once per order.
        LEFT JOIN LATERAL (SELECT dishes.description, dishes.description_ru FROM dishes WHERE dishes.id = i.dish_id OFFSET 0) d ON true
        WHERE i.order_id = o.id)`.as('items'),
    sql<number>`(SELECT count(*)::int FROM order_messages m WHERE m.order_id = o.id)`.as('messages_amount'),
  ]);

export type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrders>['execute']>>[number];

/** What the reader asked to see: the customers' phones only with the numbers toggle on. */
export interface OrderView {
  numbers: boolean;
}

/**
 * The customer's phone: none unless asked for; for roles that may not read phones (owners)
 * masked but for its last two digits.
 */
export const phoneFor = (user: Actor, phone: string | null, view: OrderView): string | null => {
  if (!view.numbers || phone === null) return null;
  return can(user.roleId, 'customerPhone', 'show') ? phone : maskPhone(phone);
};

const money = (value: number | string): number => Number(value);

export function toOrder(user: Actor, row: OrderRow, view: OrderView): Order {
  const paymentData = can(user.roleId, 'paymentData', 'show');
  return {
    id: row.id,
    threadId: row.thread_id,
    cityId: row.city_id,
    city: { id: row.city_id, name: row.city_name, name_ru: row.city_name_ru, currency: row.city_currency },
    userId: row.user_id,
    user: {
      id: row.user_id,
      name: row.customer_name,
      username: row.customer_username,
      address: row.customer_address,
      additionalAddress: row.customer_additional_address,
      contactType: row.customer_contact_type,
      phone: phoneFor(user, row.customer_phone, view),
    },
    address: row.address,
    additionalAddress: row.additional_address,
    restaurantId: row.restaurant_id,
    restaurant: {
      id: row.restaurant_id,
      cityId: row.restaurant_city_id,
      name: row.restaurant_name,
      name_ru: row.restaurant_name_ru,
      description: row.restaurant_description,
      description_ru: row.restaurant_description_ru,
      address: row.restaurant_address,
    },
    items: row.items.map((item) => ({
      id: item.id,
      dish: {
        id: item.dishId,
        name: item.name,
        name_ru: item.name_ru,
        description: item.description,
        description_ru: item.description_ru,
        price: money(item.price),
      },
      count: item.count,
      sum: money(item.sum),
    })),
    sum: money(row.sum),
    deliveryCost: money(row.delivery_cost),
    discount: money(row.discount),
    totalSum: money(row.total_sum),
    status: row.status,
    paymentMethod: row.payment_method,
    courierId: row.courier_id,
    courierTelegramId: row.courier_telegram_id ?? null,
    courierDetails:
      row.courier_id === null ? null : { username: row.courier_username ?? null, name: row.courier_name || row.courier_login || '' },
    createdAt: row.created_at.toISOString(),
    statusSince: row.status_since.toISOString(),
    timerMinutes: row.timer_minutes,
    paymentReceipt: paymentData && row.provider_payment_charge_id ? { providerPaymentChargeId: row.provider_payment_charge_id } : null,
    invoiceId: paymentData ? row.invoice_id : null,
    // A line of the bill: whoever sees the total sees it, so that the lines add up.
    serviceFee: money(row.service_fee),
    currency: row.currency,
    messagesAmount: row.messages_amount,
  };
}
