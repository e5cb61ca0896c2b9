import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrateUpTo, migrationNames } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { rebuildDerivedTables } from '../../server/ops/rebuild';
import { backends, createRestaurant, useStaffApp } from './harness';
import { createCustomer } from './orderFixtures';

/** Every derived table as its rows (keys whose figures went back to zero left out), in a stable order. */
async function derived(db: Kysely<Database>) {
  const days = await sql<Record<string, unknown>>`
    SELECT city_id, restaurant_id, day::text AS day, currency, orders, counted, sum::text AS sum, delivery::text AS delivery
    FROM order_day_totals WHERE orders <> 0 OR counted <> 0 OR sum <> 0 OR delivery <> 0
    ORDER BY city_id, restaurant_id, day, currency`.execute(db);
  const slots = await sql<Record<string, unknown>>`
    SELECT city_id, slot, confirmed, unconfirmed, canceled, carts, responses, response_ms::text AS response_ms FROM stats_slots
    WHERE confirmed <> 0 OR unconfirmed <> 0 OR canceled <> 0 OR carts <> 0 OR responses <> 0 OR response_ms <> 0
    ORDER BY city_id, slot`.execute(db);
  const milestones = await sql<Record<string, unknown>>`
    SELECT user_id, city_id, signed_up_at, first_at, second_at, tenth_at FROM customer_milestones ORDER BY user_id, city_id`.execute(db);
  return { days: days.rows, slots: slots.rows, milestones: milestones.rows };
}

/** What the triggers kept equals a recomputation from the orders, carts and responses. */
async function expectInStep(db: Kysely<Database>, step: string): Promise<void> {
  const kept = await derived(db);
  await rebuildDerivedTables(db);
  expect({ step, ...(await derived(db)) }).toEqual({ step, ...kept });
}

let threads = 0;
const STATUSES = [-100, -20, -10, 0, 10, 20, 25, 30, 40, 50, 65, 100];

describe.each(backends)('the derived tables stay in step with statements of many rows on %s', (backend) => {
  const t = useStaffApp(backend);

  /** One INSERT of `count` orders of `customer` in `city`, statuses and times varied by the row number. */
  const insertMany = async (city: number, restaurant: number, customer: number, count: number, salt: number) => {
    const prefix = `M${String(++threads).padStart(2, '0')}`;
    await sql`
      INSERT INTO orders (thread_id, city_id, user_id, restaurant_id, sum, delivery_cost, total_sum, currency, status, created_at)
      SELECT ${prefix} || lpad(k::text, 6, '0'), ${city}::int, ${customer}::int, ${restaurant}::int, 10 + k % 7, k % 3, 10 + k % 7 + k % 3,
        CASE WHEN k % 5 = 0 THEN 'USD' ELSE 'EUR' END,
        (${sql.val(STATUSES)}::int[])[1 + (k * ${salt}) % ${STATUSES.length}],
        timestamptz '2026-03-01 00:00:00Z' + interval '1 minute' * ((k * 7919 * ${salt}) % (6 * 24 * 60))
      FROM generate_series(1, ${count}::int) AS k`.execute(t.db);
  };

  it('after one INSERT, UPDATE and DELETE each of many orders, carts and responses', async () => {
    const { db, ids } = t;
    const kitchen = await createRestaurant(db, ids.cityId, 'Busy kitchen');
    const farKitchen = await createRestaurant(db, ids.otherCityId, 'Far kitchen');
    const regular = await createCustomer(db, ids.cityId);
    const other = await createCustomer(db, ids.cityId);
    const traveller = await createCustomer(db, ids.otherCityId);

    // Many orders of one customer in one statement: past their tenth, and at equal times too.
    await insertMany(ids.cityId, kitchen, regular, 40, 1);
    await expectInStep(db, 'insert of 40 orders of one customer');
    await insertMany(ids.cityId, ids.restaurantId, other, 12, 5);
    await insertMany(ids.otherCityId, farKitchen, traveller, 15, 3);
    await insertMany(ids.cityId, kitchen, regular, 10, 7);
    await expectInStep(db, 'more inserts, before and after earlier tenths');
    await sql`
      INSERT INTO orders (thread_id, city_id, user_id, restaurant_id, sum, currency, status, created_at)
      SELECT 'S' || lpad(k::text, 8, '0'), ${ids.cityId}::int, ${regular}::int, ${kitchen}::int, 5, 'EUR', 100, timestamptz '2026-03-01 00:00:00Z'
      FROM generate_series(1, 4) AS k`.execute(db);
    await expectInStep(db, 'insert of orders at one instant');

    // One UPDATE moving many orders' statuses across and within the groups.
    await sql`UPDATE orders SET status = (${sql.val(STATUSES)}::int[])[1 + (id * 5) % ${STATUSES.length}] WHERE id % 3 <> 0`.execute(db);
    await expectInStep(db, 'update of many statuses');
    await sql`UPDATE orders SET status = 100 WHERE status IN (30, 40, 50, 65)`.execute(db);
    await expectInStep(db, 'update within the counted statuses');
    // Times (across days and quarters), sums, currencies and customers of many orders at once.
    await sql`UPDATE orders SET created_at = created_at + interval '1 minute' * (id % 200 - 100) WHERE id % 2 = 0`.execute(db);
    await sql`UPDATE orders SET sum = sum + 1, delivery_cost = delivery_cost + 2 WHERE id % 4 = 1`.execute(db);
    await sql`UPDATE orders SET currency = 'GBP' WHERE id % 5 = 2`.execute(db);
    await expectInStep(db, 'update of times, sums and currencies');
    await sql`
      UPDATE orders SET user_id = CASE WHEN user_id = ${regular} THEN ${other}::int ELSE ${regular}::int END
      WHERE city_id = ${ids.cityId} AND id % 3 = 1`.execute(db);
    await sql`UPDATE orders SET restaurant_id = ${kitchen} WHERE restaurant_id = ${ids.restaurantId} AND id % 2 = 1`.execute(db);
    await expectInStep(db, 'update of customers and restaurants');
    // Two rows trading places: each one's day and slot moved, the sums over both the same.
    await sql`
      UPDATE orders o SET created_at = p.created_at, status = p.status
      FROM (SELECT id, lead(created_at) OVER (ORDER BY id) AS created_at, lead(status) OVER (ORDER BY id) AS status FROM orders) AS p
      WHERE p.id = o.id AND p.created_at IS NOT NULL AND o.id % 7 = 0`.execute(db);
    await expectInStep(db, 'update trading times and statuses');
    // A statement that changes nothing the rollups count, and one that changes no row.
    await sql`UPDATE orders SET updated_at = now(), address = 'Elsewhere'`.execute(db);
    await sql`UPDATE orders SET status = 0 WHERE id < 0`.execute(db);
    await expectInStep(db, 'updates the rollups ignore');

    // One DELETE of many, then of every order of a customer (their milestones go).
    await sql`DELETE FROM orders WHERE id % 4 = 3`.execute(db);
    await expectInStep(db, 'delete of many');
    await sql`DELETE FROM orders WHERE user_id = ${traveller}`.execute(db);
    await expectInStep(db, "delete of a customer's every order");

    // Carts and the bot's responses, many per statement.
    await sql`
      INSERT INTO carts (city_id, user_id, restaurant_id, created_at)
      SELECT ${ids.cityId}::int, ${regular}::int, ${kitchen}::int, timestamptz '2026-03-02 00:00:00Z' + interval '7 minutes' * k FROM generate_series(1, 30) AS k`.execute(
      db,
    );
    await sql`
      INSERT INTO bot_responses (city_id, user_id, duration_ms, created_at)
      SELECT CASE WHEN k % 3 = 0 THEN ${ids.otherCityId}::int ELSE ${ids.cityId}::int END, ${other}::int, k * 13,
        timestamptz '2026-03-02 00:00:00Z' + interval '5 minutes' * k
      FROM generate_series(1, 30) AS k`.execute(db);
    await expectInStep(db, 'inserts of carts and responses');
    await sql`UPDATE carts SET created_at = created_at + interval '11 minutes' WHERE id % 2 = 0`.execute(db);
    await sql`UPDATE carts SET user_id = ${other}`.execute(db);
    await sql`UPDATE bot_responses SET duration_ms = duration_ms + 1 WHERE id % 2 = 0`.execute(db);
    await sql`UPDATE bot_responses SET city_id = ${ids.cityId}, created_at = created_at + interval '20 minutes' WHERE id % 3 = 0`.execute(
      db,
    );
    await expectInStep(db, 'updates of carts and responses');
    await sql`DELETE FROM carts WHERE id % 3 = 0`.execute(db);
    await sql`DELETE FROM bot_responses WHERE id % 3 = 1`.execute(db);
    await expectInStep(db, 'deletes of carts and responses');

    const kept = await derived(db);
    expect(kept.days.length).toBeGreaterThan(5);
    expect(kept.milestones.some((row) => row.tenth_at !== null)).toBe(true);
  });

  it('are kept by statement triggers, and the row triggers come back when the migration is undone', async () => {
    const { db, ids } = t;
    const kinds = async () => {
      const { rows } = await sql<{ name: string; per_row: boolean }>`
        SELECT tgname AS name, (tgtype & 1) = 1 AS per_row FROM pg_trigger
        WHERE NOT tgisinternal AND tgrelid IN ('orders'::regclass, 'carts'::regclass, 'bot_responses'::regclass)
          AND (tgname LIKE '%day_totals%' OR tgname LIKE '%stats_slots%' OR tgname LIKE '%milestones%' OR tgname LIKE '%rollups%')
        ORDER BY tgname`.execute(db);
      return rows;
    };
    expect((await kinds()).every((row) => !row.per_row)).toBe(true);

    const names = migrationNames();
    const before = names[names.indexOf('020_statement_triggers') - 1];
    await migrateUpTo(db, before);
    try {
      const restored = await kinds();
      expect(restored.map((row) => row.name)).toEqual([
        'bot_responses_stats_slots',
        'carts_stats_slots',
        'orders_customer_milestones_insert_delete',
        'orders_customer_milestones_update',
        'orders_day_totals_insert_delete',
        'orders_day_totals_update',
        'orders_stats_slots_insert_delete',
        'orders_stats_slots_update',
      ]);
      expect(restored.every((row) => row.per_row)).toBe(true);
      const customer = await createCustomer(db, ids.cityId);
      await insertMany(ids.cityId, ids.restaurantId, customer, 15, 11);
      await sql`UPDATE orders SET status = 10 WHERE user_id = ${customer} AND id % 2 = 0`.execute(db);
      await expectInStep(db, 'the row triggers');
    } finally {
      await migrateToLatest(db);
    }
    expect((await kinds()).length).toBe(9);
  });
});
