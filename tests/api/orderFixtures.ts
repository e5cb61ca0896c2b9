import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import { newAuthKey } from '../../server/auth/password';
import { OrderStatus, PaymentMethod, Role } from '../../src/domain';
import { createRestaurant, type StaffApp } from './harness';

/**
 * Orders with hand-chosen sums and statuses, for the list, totals, export and chat tests: the
 * expected figures are computed from these rows by hand in the tests, not by the code under test.
 */
let customers = 0;
export interface CustomerSpec {
  phone?: string | null;
  /** The customer's messenger id; a fresh one unless given (null: none). */
  telegramId?: number | null;
}

export async function createCustomer(db: Kysely<Database>, cityId: number | null, spec: CustomerSpec = {}): Promise<number> {
  customers += 1;
  const phone = spec.phone === undefined ? '+447700900123' : spec.phone;
  const row = await db
    .insertInto('users')
    .values({
      role_id: Role.USER,
      username: null,
      password_hash: null,
      telegram_id: spec.telegramId === undefined ? 9_000_000 + customers : spec.telegramId,
      telegram_username: `customer_${customers}`,
      name: `Customer ${customers}`,
      photo: null,
      phone,
      contact_type: 'phone',
      address: `${customers} High Street`,
      additional_address: 'Flat 2',
      city_id: cityId,
      restaurant_id: null,
      auth_key: newAuthKey(),
      referral_link_id: null,
      last_active_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let threads = 0;
const nextThread = () => `T${String(++threads).padStart(8, '0')}`;

export interface OrderSpec {
  cityId: number;
  restaurantId: number;
  userId: number;
  status?: number;
  sum?: number;
  deliveryCost?: number;
  currency?: string;
  createdAt?: Date;
  paymentMethod?: number;
  courierId?: number | null;
  items?: { name: string; price: number; count: number }[];
}

export async function createOrder(db: Kysely<Database>, spec: OrderSpec): Promise<{ id: number; threadId: string }> {
  const sum = spec.sum ?? 20;
  const deliveryCost = spec.deliveryCost ?? 3;
  const cashless = spec.paymentMethod === PaymentMethod.STRIPE;
  const threadId = nextThread();
  const row = await db
    .insertInto('orders')
    .values({
      thread_id: threadId,
      city_id: spec.cityId,
      user_id: spec.userId,
      restaurant_id: spec.restaurantId,
      district_id: null,
      address: '10 Delivery Road',
      additional_address: null,
      sum,
      delivery_cost: deliveryCost,
      discount: 0,
      total_sum: sum + deliveryCost,
      service_fee: cashless ? 0.5 : 0,
      currency: spec.currency ?? 'EUR',
      status: spec.status ?? OrderStatus.CONFIRMED,
      payment_method: spec.paymentMethod ?? PaymentMethod.CASH,
      courier_id: spec.courierId ?? null,
      invoice_id: cashless ? 'inv_1' : null,
      provider_payment_charge_id: cashless ? 'ch_1' : null,
      created_at: spec.createdAt ?? new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const items = spec.items ?? [{ name: 'Margherita', price: sum, count: 1 }];
  await db
    .insertInto('order_items')
    .values(
      items.map((item) => ({
        order_id: row.id,
        dish_id: null,
        name: item.name,
        price: item.price,
        count: item.count,
        sum: item.price * item.count,
      })),
    )
    .execute();
  return { id: row.id, threadId };
}

/** A messenger account that receives the restaurant's messages (its notification account); `telegramId` null: one without a messenger id. */
export async function giveNotificationAccount(
  db: Kysely<Database>,
  restaurantId: number,
  telegramId: number | null = 5_550_000 + restaurantId,
) {
  const accountId = await createCustomer(db, null, { telegramId });
  await db.updateTable('restaurants').set({ notification_user_id: accountId }).where('id', '=', restaurantId).execute();
  return accountId;
}

/**
 * A known set of orders in the staff app's two cities: in the first city's restaurant and a
 * second restaurant there, and in the other city; statuses below CONFIRMED included (they are
 * listed but never counted), on two days.
 */
export async function seedOrders(t: Pick<StaffApp, 'db' | 'ids'>) {
  const { db, ids } = t;
  const secondRestaurantId = await createRestaurant(db, ids.cityId, 'Second kitchen');
  const otherRestaurantId = await createRestaurant(db, ids.otherCityId, 'Far kitchen');
  const customerId = await createCustomer(db, ids.cityId, { phone: '+447700900123' });
  const otherCustomerId = await createCustomer(db, ids.otherCityId, { phone: '+34600111222' });
  const day1 = new Date('2026-03-10T12:00:00Z');
  const day2 = new Date('2026-03-11T12:00:00Z');
  const mine = { cityId: ids.cityId, restaurantId: ids.restaurantId, userId: customerId };
  const orders = {
    // Counted: CONFIRMED and above.
    confirmed: await createOrder(db, { ...mine, status: OrderStatus.CONFIRMED, sum: 10.1, deliveryCost: 2, createdAt: day1 }),
    delivered: await createOrder(db, {
      ...mine,
      status: OrderStatus.DELIVERED,
      sum: 20.25,
      deliveryCost: 3,
      createdAt: day2,
      paymentMethod: PaymentMethod.STRIPE,
    }),
    second: await createOrder(db, {
      ...mine,
      restaurantId: secondRestaurantId,
      status: OrderStatus.COOKED,
      sum: 5,
      deliveryCost: 0,
      createdAt: day2,
    }),
    // Listed, not counted.
    created: await createOrder(db, { ...mine, status: OrderStatus.CREATED, sum: 100, deliveryCost: 5, createdAt: day1 }),
    paid: await createOrder(db, { ...mine, status: OrderStatus.PAID, sum: 50, deliveryCost: 5, createdAt: day2 }),
    cancelled: await createOrder(db, { ...mine, status: OrderStatus.CANCELED_BY_USER, sum: 70, deliveryCost: 5, createdAt: day2 }),
    // Another city, another currency.
    far: await createOrder(db, {
      cityId: ids.otherCityId,
      restaurantId: otherRestaurantId,
      userId: otherCustomerId,
      status: OrderStatus.DELIVERED,
      sum: 40,
      deliveryCost: 4,
      currency: 'RUB',
      createdAt: day2,
    }),
  };
  return { secondRestaurantId, otherRestaurantId, customerId, otherCustomerId, orders, day1, day2 };
}
