import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../server/db/schema';
import { OrderStatus } from '../../src/domain';
import { bearer, login, openTestApp, seedRoles, type Backend, type Method, type TestApp } from './harness';
import { createCustomer, createOrder } from './orderFixtures';

/** The statistics tests' clock: "today" is 20 March 2026. */
export const NOW = new Date('2026-03-20T12:00:00Z');

const at = (iso: string) => new Date(iso);

/** A customer of `cityId` with the given sign-up, last activity and block times. */
async function customer(
  db: Kysely<Database>,
  cityId: number,
  times: { signedUp: string; active?: string; blocked?: string },
  extra: { photo?: string } = {},
): Promise<number> {
  const id = await createCustomer(db, cityId);
  await db
    .updateTable('users')
    .set({
      created_at: at(times.signedUp),
      last_active_at: times.active ? at(times.active) : null,
      blocked_at: times.blocked ? at(times.blocked) : null,
      photo: extra.photo ?? null,
    })
    .where('id', '=', id)
    .execute();
  return id;
}

/**
 * Hand-made customers, orders, carts and bot responses in March 2026, in the first city (A)
 * and the other one (B). The figures the tests expect are worked out by hand from this list
 * (in the comments of stats.test.ts), never by the code under test.
 *
 * City A:
 * - c1 signed up 03-01 00:00, active 03-06: counted 03-02 10:00, 03-05 10:00, 03-06 09:00;
 *   cancelled 03-06 11:00.
 * - c2 signed up 03-03, active 03-09, blocked 03-04: counted 03-04 00:00; PAID 03-04 15:00;
 *   RESTAURANT_CLOSED 03-08 13:00.
 * - c3 signed up 02-15, active 02-25: counted 02-20 12:00, 03-07 08:00, 03-07 22:00,
 *   03-08 12:00, 03-09 12:00.
 * - c4 signed up 03-08, active 03-11: DRAFT 03-03 12:00; counted 03-09 06:00, 03-10 23:30.
 * - c6 signed up 02-01, blocked 02-20: counted 02-28 22:00, 03-11 00:00.
 * - c7 signed up 03-10 23:00, active 03-10, blocked 03-10: counted 03-14 10:00.
 * - c8 signed up 02-01: ten counted orders 03-01 00:00 to 09:00, one an hour.
 * - Carts 03-02 10:00, 03-05 00:00, 03-10 23:59. Bot responses 03-02 (100 ms), 03-03 (300 ms),
 *   03-12 (1000 ms).
 * City B: c5 signed up and active 03-05, counted 03-05; a cart 03-05; a response 03-02 (5000 ms).
 */
export async function seedStats(db: Kysely<Database>, ids: { cityId: number; otherCityId: number; restaurantId: number }) {
  const A = ids.cityId;
  const B = ids.otherCityId;
  const restaurantB = (
    await db
      .insertInto('restaurants')
      .values({ city_id: B, name: 'Far kitchen', name_ru: 'Far kitchen', address: 'Far street 1' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const c1 = await customer(db, A, { signedUp: '2026-03-01T00:00:00Z', active: '2026-03-06T12:00:00Z' }, { photo: 'photo-c1' });
  const c2 = await customer(db, A, { signedUp: '2026-03-03T00:00:00Z', active: '2026-03-09T12:00:00Z', blocked: '2026-03-04T12:00:00Z' });
  const c3 = await customer(db, A, { signedUp: '2026-02-15T00:00:00Z', active: '2026-02-25T12:00:00Z' });
  const c4 = await customer(db, A, { signedUp: '2026-03-08T00:00:00Z', active: '2026-03-11T12:00:00Z' });
  const c5 = await customer(db, B, { signedUp: '2026-03-05T00:00:00Z', active: '2026-03-05T12:00:00Z' });
  const c6 = await customer(db, A, { signedUp: '2026-02-01T00:00:00Z', blocked: '2026-02-20T12:00:00Z' });
  const c7 = await customer(db, A, { signedUp: '2026-03-10T23:00:00Z', active: '2026-03-10T23:30:00Z', blocked: '2026-03-10T23:45:00Z' });
  const c8 = await customer(db, A, { signedUp: '2026-02-01T00:00:00Z' });

  const order = (userId: number, createdAt: string, status: number = OrderStatus.CONFIRMED, cityId = A) =>
    createOrder(db, { cityId, restaurantId: cityId === A ? ids.restaurantId : restaurantB, userId, status, createdAt: at(createdAt) });
  const orders = {
    c1: [
      await order(c1, '2026-03-02T10:00:00Z'),
      await order(c1, '2026-03-05T10:00:00Z', OrderStatus.SERVING),
      await order(c1, '2026-03-06T09:00:00Z', OrderStatus.DELIVERED),
      await order(c1, '2026-03-06T11:00:00Z', OrderStatus.CANCELED_BY_USER),
    ],
    c2: [
      await order(c2, '2026-03-04T00:00:00Z'),
      await order(c2, '2026-03-04T15:00:00Z', OrderStatus.PAID),
      await order(c2, '2026-03-08T13:00:00Z', OrderStatus.RESTAURANT_CLOSED),
    ],
    c3: [
      await order(c3, '2026-02-20T12:00:00Z'),
      await order(c3, '2026-03-07T08:00:00Z'),
      await order(c3, '2026-03-07T22:00:00Z', OrderStatus.DELIVERED),
      await order(c3, '2026-03-08T12:00:00Z'),
      await order(c3, '2026-03-09T12:00:00Z'),
    ],
    c4: [
      await order(c4, '2026-03-03T12:00:00Z', OrderStatus.DRAFT),
      await order(c4, '2026-03-09T06:00:00Z'),
      await order(c4, '2026-03-10T23:30:00Z'),
    ],
    c5: [await order(c5, '2026-03-05T10:00:00Z', OrderStatus.CONFIRMED, B)],
    c6: [await order(c6, '2026-02-28T22:00:00Z'), await order(c6, '2026-03-11T00:00:00Z')],
    c7: [await order(c7, '2026-03-14T10:00:00Z')],
    c8: [] as { id: number }[],
  };
  for (let hour = 0; hour < 10; hour++) orders.c8.push(await order(c8, `2026-03-01T0${hour}:00:00Z`));

  const cart = (cityId: number, userId: number, createdAt: string) =>
    db
      .insertInto('carts')
      .values({ city_id: cityId, user_id: userId, restaurant_id: cityId === A ? ids.restaurantId : restaurantB, created_at: at(createdAt) })
      .execute();
  await cart(A, c1, '2026-03-02T10:00:00Z');
  await cart(A, c2, '2026-03-05T00:00:00Z');
  await cart(A, c4, '2026-03-10T23:59:00Z');
  await cart(B, c5, '2026-03-05T09:00:00Z');
  const response = (cityId: number, durationMs: number, createdAt: string) =>
    db
      .insertInto('bot_responses')
      .values({ city_id: cityId, user_id: null, duration_ms: durationMs, created_at: at(createdAt) })
      .execute();
  await response(A, 100, '2026-03-02T10:00:00Z');
  await response(A, 300, '2026-03-03T10:00:00Z');
  await response(A, 1000, '2026-03-12T10:00:00Z');
  await response(B, 5000, '2026-03-02T10:00:00Z');
  return { customers: { c1, c2, c3, c4, c5, c6, c7, c8 }, orders };
}

export interface StatsApp extends TestApp {
  ids: Awaited<ReturnType<typeof seedRoles>>;
  seeded: Awaited<ReturnType<typeof seedStats>>;
  call: (who: string, method: Method, url: string) => Promise<LightMyRequestResponse>;
}

/** A test app whose clock reads NOW, with one account of each role and the seeded figures, for one describe block. */
export function useStatsApp(backend: Backend) {
  let opened: StatsApp | undefined;
  beforeAll(async () => {
    const t = await openTestApp(backend, { now: () => NOW });
    const ids = await seedRoles(t.db);
    const seeded = await seedStats(t.db, ids);
    const auth: Record<string, { authorization: string }> = {};
    for (const who of ['admin', 'cityadmin', 'operator', 'owner']) auth[who] = bearer(await login(t.app, who));
    const call: StatsApp['call'] = (who, method, url) => t.app.inject({ method, url: `/api${url}`, headers: auth[who] });
    opened = { ...t, ids, seeded, call };
  });
  afterAll(async () => opened?.close());
  return (): StatsApp => {
    if (!opened) throw new Error('The test app has not been opened');
    return opened;
  };
}
