import { sql, type Kysely, type RawBuilder } from 'kysely';
import { can, maskPhone, type Order } from '../../../src/domain';
import type { Actor } from '../../auth/scope';
import type { Database } from '../../db/schema';
import { timerMinutesOf } from './orderTimerSql';

/**
 * Orders as every reader answers them (list, detail, GraphQL, export): one statement reads
 * the rows with their city, customer, restaurant and courier, their items and their chat's
 * length (subqueries by order id, so a page costs one query however many rows it holds).
 * `toOrder` maps such a row to the JSON; `orderJson` is the same mapping made by the database
 * (the list, which sends the database's text as it comes). Both take who may see the customer's
 * phone and the payment data from `orderDisclosure`, the one place of those rules.
 */
interface ItemJson {
  id: number;
  dish: {
    id: number | null;
    name: string;
    name_ru: string;
    description: string | null;
    description_ru: string | null;
    price: number | string;
  };
  count: number;
  sum: number | string;
}

/**
 * A JSON object of named values, written compactly (`{"id":1}`: row_to_json of a one-row
 * select, where json_build_object would write `{"id" : 1}`, a sixth more bytes on the wire).
 */
const jsonObject = (fields: Record<string, RawBuilder<unknown>>): RawBuilder<unknown> =>
  sql`(SELECT row_to_json(j) FROM (SELECT ${sql.join(Object.entries(fields).map(([key, value]) => sql`${value} AS ${sql.id(key)}`))}) j)`;

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
        SELECT coalesce(json_agg(${jsonObject({
          id: sql`i.id`,
          dish: jsonObject({
            id: sql`i.dish_id`,
            name: sql`i.name`,
            name_ru: sql`i.name_ru`,
            description: sql`d.description`,
            description_ru: sql`d.description_ru`,
            price: sql`i.price`,
          }),
          count: sql`i.count`,
          sum: sql`i.sum`,
        })} ORDER BY i.id), '[]'::json)
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
 * What of an order a reader sees: the customer's phone none unless asked for, and for roles
 * that may not read phones (owners) masked but for its last two digits; the payment data
 * (receipt, invoice id) only for roles that may see them.
 */
export interface OrderDisclosure {
  phone: 'none' | 'whole' | 'masked';
  paymentData: boolean;
}

export const orderDisclosure = (user: Actor, view: OrderView): OrderDisclosure => ({
  phone: !view.numbers ? 'none' : can(user.roleId, 'customerPhone', 'show') ? 'whole' : 'masked',
  paymentData: can(user.roleId, 'paymentData', 'show'),
});

/** The customer's phone as the reader may see it. */
export const phoneFor = (user: Actor, phone: string | null, view: OrderView): string | null => {
  const { phone: shown } = orderDisclosure(user, view);
  if (shown === 'none' || phone === null) return null;
  return shown === 'whole' ? phone : maskPhone(phone);
};

const money = (value: number | string): number => Number(value);

export function toOrder(user: Actor, row: OrderRow, view: OrderView): Order {
  const { paymentData } = orderDisclosure(user, view);
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
        id: item.dish.id,
        name: item.dish.name,
        name_ru: item.dish.name_ru,
        description: item.dish.description,
        description_ru: item.dish.description_ru,
        price: money(item.dish.price),
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

/**
 * `toOrder` made by the database, for a row of `selectOrders` under the alias `p` with its
 * reader's unread messages in `p.unread`: the order of the list as JSON, the same fields and
 * values (a test compares the two). Numbers are the database's text of them (`20.250` for
 * 20.25: the same JSON number). A masked phone comes out whole: the caller masks it (maskPhone
 * is the domain's, not repeated here).
 */
export const orderListJson = (disclosure: OrderDisclosure): RawBuilder<unknown> => {
  const payment = disclosure.paymentData ? sql`true` : sql`false`;
  return jsonObject({
    id: sql`p.id`,
    threadId: sql`p.thread_id`,
    cityId: sql`p.city_id`,
    city: jsonObject({ id: sql`p.city_id`, name: sql`p.city_name`, name_ru: sql`p.city_name_ru`, currency: sql`p.city_currency` }),
    userId: sql`p.user_id`,
    user: jsonObject({
      id: sql`p.user_id`,
      name: sql`p.customer_name`,
      username: sql`p.customer_username`,
      address: sql`p.customer_address`,
      additionalAddress: sql`p.customer_additional_address`,
      contactType: sql`p.customer_contact_type`,
      phone: disclosure.phone === 'none' ? sql`NULL::text` : sql`p.customer_phone`,
    }),
    address: sql`p.address`,
    additionalAddress: sql`p.additional_address`,
    restaurantId: sql`p.restaurant_id`,
    restaurant: jsonObject({
      id: sql`p.restaurant_id`,
      cityId: sql`p.restaurant_city_id`,
      name: sql`p.restaurant_name`,
      name_ru: sql`p.restaurant_name_ru`,
      description: sql`p.restaurant_description`,
      description_ru: sql`p.restaurant_description_ru`,
      address: sql`p.restaurant_address`,
    }),
    items: sql`p.items`,
    sum: sql`p.sum`,
    deliveryCost: sql`p.delivery_cost`,
    discount: sql`p.discount`,
    totalSum: sql`p.total_sum`,
    status: sql`p.status`,
    paymentMethod: sql`p.payment_method`,
    courierId: sql`p.courier_id`,
    courierTelegramId: sql`p.courier_telegram_id`,
    courierDetails: sql`CASE WHEN p.courier_id IS NOT NULL THEN ${jsonObject({
      username: sql`p.courier_username`,
      name: sql`coalesce(nullif(p.courier_name, ''), nullif(p.courier_login, ''), '')`,
    })} END`,
    createdAt: sql`to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    statusSince: sql`to_char(p.status_since AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    timerMinutes: sql`p.timer_minutes`,
    paymentReceipt: sql`CASE WHEN ${payment} AND p.provider_payment_charge_id <> '' THEN ${jsonObject({
      providerPaymentChargeId: sql`p.provider_payment_charge_id`,
    })} END`,
    invoiceId: sql`CASE WHEN ${payment} THEN p.invoice_id END`,
    serviceFee: sql`p.service_fee`,
    currency: sql`p.currency`,
    messagesAmount: sql`p.messages_amount`,
    unreadMessages: sql`p.unread`,
  });
};
