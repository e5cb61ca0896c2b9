import type { AuditLabels } from '../../domain';

const field = (name: string) => `resources.admins.fields.${name}`;
const customer = (name: string) => `resources.orders.detail.${name}`;

/**
 * The audit trail names an account's columns as the staff form labels them, and a customer's
 * as the order page does.
 */
export default {
  users: {
    username: field('username'),
    password_hash: field('password'),
    telegram_id: field('telegramId'),
    role_id: field('roleId'),
    city_id: field('cityId'),
    restaurant_id: field('restaurantId'),
    name: customer('customerName'),
    phone: customer('phone'),
    contact_type: customer('contactType'),
    address: customer('address'),
    additional_address: customer('additionalAddress'),
  },
} satisfies AuditLabels;
