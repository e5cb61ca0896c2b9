import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema';
import { rebuildDerivedTables } from '../../server/ops/rebuild';
import { backends, createRestaurant, useStaffApp } from './harness';
import { createCustomer } from './orderFixtures';

/** The histogram of status periods as its rows (keys back at zero left out), in a stable order. */
async function histogram(db: Kysely<Database>) {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT city_id, day::text AS day, status, minutes, periods FROM order_status_minutes
    WHERE periods <> 0 ORDER BY city_id, day, status, minutes`.execute(db);
  return rows;
}

/** What the triggers kept equals a recomputation from order_status_periods. */
async function expectInStep(db: Kysely<Database>, step: string): Promise<void> {
  const kept = await histogram(db);
  await rebuildDerivedTables(db);
  expect({ step, rows: await histogram(db) }).toEqual({ step, rows: kept });
}

describe.each(backends)('order_status_minutes stays in step with order_status_periods on %s', (backend) => {
  const t = useStaffApp(backend);

  it('after status changes, bulk inserts, updates and deletes of periods', async () => {
    const { db, ids } = t;
    const kitchen = await createRestaurant(db, ids.cityId, 'Timed kitchen');
    const customer = await createCustomer(db, ids.cityId);
    await sql`
      INSERT INTO orders (thread_id, city_id, user_id, restaurant_id, sum, delivery_cost, total_sum, currency, status, created_at)
      SELECT 'T00' || lpad(k::text, 6, '0'), ${ids.cityId}::int, ${customer}::int, ${kitchen}::int, 10, 0, 10, 'EUR', 10,
        timestamptz '2026-03-01 00:00:00Z' + interval '1 hour' * k
      FROM generate_series(1, 30) AS k`.execute(db);
    const { rows: before } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM order_status_minutes`.execute(db);
    expect(before[0]?.n).toBe(0);

    // One UPDATE moving many orders on: the status clock writes a period for each.
    await sql`UPDATE orders SET status = 30 WHERE thread_id LIKE 'T00%'`.execute(db);
    await sql`UPDATE orders SET status = 40 WHERE thread_id LIKE 'T00%' AND id % 2 = 0`.execute(db);
    await expectInStep(db, 'status changes');
    expect((await histogram(db)).length).toBeGreaterThan(0);

    // Many periods in one statement: fractions of minutes, zero, across UTC midnight, two cities.
    await sql`
      INSERT INTO order_status_periods (order_id, city_id, restaurant_id, status, started_at, ended_at)
      SELECT o.id, CASE WHEN k % 4 = 0 THEN ${ids.otherCityId}::int ELSE ${ids.cityId}::int END, ${kitchen}::int,
        (ARRAY[10, 20, 30, 40, 50, 65])[1 + k % 6],
        timestamptz '2026-03-01 23:50:00Z' + interval '7 minutes' * k - interval '1 second' * (k * 37 % 900),
        timestamptz '2026-03-01 23:50:00Z' + interval '7 minutes' * k
      FROM generate_series(1, 200) AS k
      JOIN LATERAL (SELECT id FROM orders WHERE thread_id LIKE 'T00%' ORDER BY id OFFSET k % 30 LIMIT 1) AS o ON true`.execute(db);
    await expectInStep(db, 'bulk insert of periods');

    // Updates moving periods across days, statuses and minutes; then deletes, direct and by cascade.
    await sql`UPDATE order_status_periods SET ended_at = ended_at + interval '1 day 90 seconds' WHERE id % 3 = 0`.execute(db);
    await sql`UPDATE order_status_periods SET status = 50 WHERE id % 5 = 1`.execute(db);
    await expectInStep(db, 'updates of periods');
    await sql`DELETE FROM order_status_periods WHERE id % 4 = 1`.execute(db);
    await sql`DELETE FROM orders WHERE thread_id LIKE 'T00%' AND id % 3 = 0`.execute(db);
    await expectInStep(db, 'deletes of periods and orders');
    expect((await histogram(db)).length).toBeGreaterThan(10);
  });
});
