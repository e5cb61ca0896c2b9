import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { rebuildStatsRollups } from '../../server/db/migrations/010_stats_rollups';
import type { Database } from '../../server/db/schema';
import { oneAtATime } from '../../server/areas/stats/oneAtATime';
import { splitBySlots } from '../../server/areas/stats/statsRange';
import { backends, createRestaurant, useStaffApp } from './harness';
import { createCustomer, createOrder } from './orderFixtures';

describe('splitBySlots', () => {
  const range = (from: string, to: string) => ({ from: new Date(from), to: new Date(to) });
  it('reads whole quarters of an hour from the rollup and the odd minutes at the ends from the source', () => {
    expect(splitBySlots(range('2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z'))).toEqual({
      slots: range('2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z'),
      edges: [],
    });
    expect(splitBySlots(range('2026-03-01T00:07:00Z', '2026-03-01T02:00:00.001Z'))).toEqual({
      slots: range('2026-03-01T00:15:00Z', '2026-03-01T02:00:00Z'),
      edges: [range('2026-03-01T00:07:00Z', '2026-03-01T00:15:00Z'), range('2026-03-01T02:00:00Z', '2026-03-01T02:00:00.001Z')],
    });
    const short = range('2026-03-01T00:01:00Z', '2026-03-01T00:14:00Z');
    expect(splitBySlots(short)).toEqual({ slots: null, edges: [short] });
    expect(splitBySlots(range('2026-03-01T00:01:00Z', '2026-03-01T00:01:00Z'))).toEqual({ slots: null, edges: [] });
  });
});

describe('oneAtATime', () => {
  it('runs the statistics queries one after another, a failed one included, in the order asked', async () => {
    const queue = oneAtATime();
    const events: string[] = [];
    const job = (name: string, ms: number, fail = false) =>
      queue(async () => {
        events.push(`${name} starts`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        events.push(`${name} ends`);
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([job('a', 30), job('b', 5, true), job('c', 1)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(events).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
  });
});

/** Both rollups as their rows (quarters that went back to zero left out), in a stable order. */
async function snapshot(db: Kysely<Database>) {
  const slots = await sql<Record<string, unknown>>`
    SELECT city_id, slot, confirmed, unconfirmed, canceled, carts, responses, response_ms::text AS response_ms FROM stats_slots
    WHERE confirmed <> 0 OR unconfirmed <> 0 OR canceled <> 0 OR carts <> 0 OR responses <> 0 OR response_ms <> 0
    ORDER BY city_id, slot`.execute(db);
  const milestones = await sql<Record<string, unknown>>`
    SELECT user_id, city_id, signed_up_at, first_at, second_at, tenth_at FROM customer_milestones ORDER BY user_id, city_id`.execute(db);
  return { slots: slots.rows, milestones: milestones.rows };
}

describe.each(backends)('the statistics rollups stay in step with their sources on %s', (backend) => {
  const t = useStaffApp(backend);

  it('after inserts, status moves, moved times and cities, changed durations and deletes', async () => {
    const { db, ids } = t;
    const restaurants = [ids.restaurantId, await createRestaurant(db, ids.cityId, 'Other kitchen')];
    const otherRestaurant = await createRestaurant(db, ids.otherCityId, 'Far kitchen');
    const customers = [
      await createCustomer(db, ids.cityId),
      await createCustomer(db, ids.cityId),
      await createCustomer(db, ids.otherCityId),
    ];
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
    const statuses = [-100, -20, -10, 0, 10, 20, 25, 30, 40, 50, 65, 100, 100, 100, 100];
    const when = () => new Date(Date.UTC(2026, 2, 1) + Math.floor(random() * 6 * 24 * 4) * 900_000 + Math.floor(random() * 900_000));
    const orderIds: number[] = [];
    // Enough orders for one customer to pass their tenth, so the short cut after it is taken too.
    for (let i = 0; i < 60; i++) {
      const other = random() < 0.2;
      const created = await createOrder(db, {
        cityId: other ? ids.otherCityId : ids.cityId,
        restaurantId: other ? otherRestaurant : pick(restaurants),
        userId: other ? customers[2] : pick(customers.slice(0, 2)),
        status: pick(statuses),
        createdAt: when(),
      });
      orderIds.push(created.id);
    }
    const cartIds: number[] = [];
    const responseIds: number[] = [];
    for (let i = 0; i < 15; i++) {
      const city = random() < 0.3 ? ids.otherCityId : ids.cityId;
      const cart = await db
        .insertInto('carts')
        .values({
          city_id: city,
          user_id: customers[0],
          restaurant_id: city === ids.cityId ? ids.restaurantId : otherRestaurant,
          created_at: when(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      cartIds.push(cart.id);
      const response = await db
        .insertInto('bot_responses')
        .values({ city_id: city, user_id: customers[1], duration_ms: Math.floor(random() * 2000), created_at: when() })
        .returning('id')
        .executeTakeFirstOrThrow();
      responseIds.push(response.id);
    }
    for (let i = 0; i < 60; i++) {
      const id = pick(orderIds);
      const move = random();
      if (move < 0.5)
        await db
          .updateTable('orders')
          .set({ status: pick(statuses) })
          .where('id', '=', id)
          .execute();
      else if (move < 0.7) await db.updateTable('orders').set({ created_at: when() }).where('id', '=', id).execute();
      else if (move < 0.8)
        await db
          .updateTable('orders')
          .set({ user_id: pick(customers.slice(0, 2)) })
          .where('id', '=', id)
          .where('city_id', '=', ids.cityId)
          .execute();
      else if (move < 0.85) await db.updateTable('orders').set({ sum: 99 }).where('id', '=', id).execute();
      else {
        await db.deleteFrom('order_items').where('order_id', '=', id).execute();
        await db.deleteFrom('orders').where('id', '=', id).execute();
      }
    }
    for (const id of cartIds.slice(0, 5)) await db.updateTable('carts').set({ created_at: when() }).where('id', '=', id).execute();
    for (const id of cartIds.slice(5, 8)) await db.deleteFrom('carts').where('id', '=', id).execute();
    for (const id of responseIds.slice(0, 5)) await db.updateTable('bot_responses').set({ duration_ms: 7 }).where('id', '=', id).execute();
    for (const id of responseIds.slice(5, 8))
      await db.updateTable('bot_responses').set({ city_id: ids.otherCityId }).where('id', '=', id).execute();
    for (const id of responseIds.slice(8, 10)) await db.deleteFrom('bot_responses').where('id', '=', id).execute();

    const kept = await snapshot(db);
    expect(kept.slots.length).toBeGreaterThan(10);
    expect(kept.milestones.some((row) => row.tenth_at !== null)).toBe(true);
    // What the triggers kept equals what a rebuild computes from the orders, carts and responses.
    await rebuildStatsRollups(db);
    expect(await snapshot(db)).toEqual(kept);
  });
});
