import { sql, type Kysely } from 'kysely';
import { seedDemoOrderTimes } from '../server/db/demo/orderTimes';
import { rebuildStatsRollups } from '../server/db/migrations/010_stats_rollups';
import type { Database } from '../server/db/schema';
import type { OrderData } from './orderData';

/** Customers who signed up during the year and have not ordered yet. */
const NEW_CUSTOMERS = 30_000;
/** Bot responses per order: the customer's updates that led to it. */
const RESPONSES_PER_ORDER = 3;

/**
 * What the statistics read besides the orders of bench/orderData.ts, generated in SQL from
 * those orders: a cart opened before each order and one more abandoned for every other order,
 * three bot responses per order (100 to 1,123 ms), customers who signed up during the year
 * (the generator's sign up before it), and one customer in 33 who blocked the bot during the
 * year. Loaded with triggers off (as the orders are), then the rollups of migration 011 are
 * computed once, and the tables vacuumed and analysed.
 */
export async function loadStatsData(db: Kysely<Database>, data: OrderData, log: (line: string) => void): Promise<void> {
  await db.connection().execute(async (conn) => {
    await sql`SET jit = off`.execute(conn);
    await sql`SET session_replication_role = replica`.execute(conn).catch(() => log('triggers stay on (not a superuser)'));
    try {
      await fill(conn, data, log);
    } finally {
      await sql`RESET session_replication_role`.execute(conn);
      await sql`RESET jit`.execute(conn);
    }
  });
}

async function fill(db: Kysely<Database>, data: OrderData, log: (line: string) => void): Promise<void> {
  const step = async (name: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    log(`${name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  const from = data.from.getTime() / 1000;
  const span = (data.to.getTime() - data.from.getTime()) / 1000;
  await step('carts', async () => {
    await sql`
      INSERT INTO carts (user_id, restaurant_id, city_id, created_at)
      SELECT user_id, restaurant_id, city_id, created_at - interval '1 minute' * (5 + id % 20) FROM orders`.execute(db);
    await sql`
      INSERT INTO carts (user_id, restaurant_id, city_id, created_at)
      SELECT user_id, restaurant_id, city_id, created_at - interval '3 hours' FROM orders WHERE id % 2 = 0`.execute(db);
  });
  await step('bot_responses', () =>
    sql`
      INSERT INTO bot_responses (city_id, user_id, duration_ms, created_at)
      SELECT o.city_id, o.user_id, 100 + (hashint8extended(o.id::bigint * 4 + k, 9) & 1023)::int,
        o.created_at - interval '1 minute' * k
      FROM orders AS o CROSS JOIN generate_series(1, ${sql.lit(RESPONSES_PER_ORDER)}) AS k`.execute(db),
  );
  await step('customers signed up during the year', () =>
    sql`
      INSERT INTO users (role_id, telegram_id, name, city_id, auth_key, created_at, last_active_at)
      SELECT 1000, 9000000000 + g, 'New customer ' || g, ${sql.lit(data.cityIds[0])} + g % ${sql.lit(data.cityIds.length)},
        md5('bench-new-customer-' || g), to_timestamp(${sql.lit(from)} + ${sql.lit(span)} * (g::float8 / ${sql.lit(NEW_CUSTOMERS)})),
        to_timestamp(${sql.lit(from)} + ${sql.lit(span)} * (g::float8 / ${sql.lit(NEW_CUSTOMERS)}))
      FROM generate_series(1, ${sql.lit(NEW_CUSTOMERS)}) AS g`.execute(db),
  );
  await step('customers who blocked the bot', () =>
    sql`
      UPDATE users SET blocked = true,
        blocked_at = to_timestamp(${sql.lit(from)} + ${sql.lit(span)} * ((hashint8extended(id::bigint, 8) & 1023)::float8 / 1024))
      WHERE role_id = 1000 AND id % 33 = 0`.execute(db),
  );
  await step('sequences', () => sql`SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users))`.execute(db));
  await step('status periods and escalations of the finished orders (as the demo writes them)', () => seedDemoOrderTimes(db, data.to));
  await step('statistics rollups (migration 011)', () => rebuildStatsRollups(db));
  await step('VACUUM ANALYZE', () => sql`VACUUM ANALYZE`.execute(db));
  const { rows } = await sql<{ carts: number; responses: number; slots: number; milestones: number }>`
    SELECT (SELECT count(*)::int FROM carts) AS carts, (SELECT count(*)::int FROM bot_responses) AS responses,
      (SELECT count(*)::int FROM stats_slots) AS slots, (SELECT count(*)::int FROM customer_milestones) AS milestones`.execute(db);
  const counts = rows[0];
  if (counts) {
    log(
      `${counts.carts.toLocaleString('en')} carts, ${counts.responses.toLocaleString('en')} bot responses; ` +
        `rollups: ${counts.slots.toLocaleString('en')} quarters, ${counts.milestones.toLocaleString('en')} customer milestones`,
    );
  }
}
