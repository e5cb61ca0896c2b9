/**
 * Order intake beside a bare insert: what the product's triggers on orders (the day totals, the
 * statistics rollups, the customer milestones, the live events, the audit trail) add to the
 * cost of taking orders in, on PGlite and on a throwaway database of the PostgreSQL server.
 *
 * The database holds a year of orders first (bench/orderData.ts, its derived tables rebuilt so
 * that the triggers start from exact figures). Then, each twice and in turn:
 *
 * - a bulk intake: BENCH_INTAKE_ORDERS orders (100,000 by default) with two items each, in one
 *   statement (INSERT ... SELECT over generate_series, the items inserted by the same statement
 *   from the orders it returns), timed with its commit;
 * - single orders as the bot places them: one statement inserting one order and its items, in
 *   its own transaction, BENCH_INTAKE_SINGLES times (500 by default), in blocks taken in turn.
 *
 * "Off" is the same with the product's triggers disabled on orders and order_items (`DISABLE
 * TRIGGER USER`: the foreign keys are still checked); "on" has every trigger, live events
 * included. The figure is the ratio on / off, beside its target. The bulk rows are removed
 * after each run (with the triggers in the same state), so every run starts from the same data.
 *
 * BENCH_BACKENDS=pglite|postgres runs one of the two; BENCH_INTAKE_BASE sets the orders loaded
 * first (100,000 by default), BENCH_INTAKE_CUSTOMERS their customers (20,000).
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/schema';
import { rebuildDerivedTables } from '../server/ops/rebuild';
import { openPglite, openPostgres } from './benchDatabase';
import { loadOrderData } from './orderData';
import type { BenchResult } from './result';

const ORDERS = Number(process.env.BENCH_INTAKE_ORDERS || 100_000);
const SINGLES = Number(process.env.BENCH_INTAKE_SINGLES || 500);
const BASE = Number(process.env.BENCH_INTAKE_BASE || 100_000);
const CUSTOMERS = Number(process.env.BENCH_INTAKE_CUSTOMERS || 20_000);
const BACKENDS = { pglite: openPglite, postgres: openPostgres };
const chosen = (process.env.BENCH_BACKENDS || 'pglite,postgres').split(',').map((name) => name.trim());
const TARGET = { bulk: 3, single: 2 };
/** Single orders are timed in blocks of this many, triggers off and on in turn, so that a change of the machine's load hits both. */
const BLOCK = 50;
/** Tables whose product triggers "off" disables. */
const TABLES = ['orders', 'order_items'] as const;

type Mode = 'off' | 'on';

interface Measured {
  backend: string;
  bulk: Record<Mode, number>;
  bulkDelete: Record<Mode, number>;
  single: Record<Mode, number[]>;
}

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const rows: Measured[] = [];
  for (const [name, open] of Object.entries(BACKENDS)) {
    if (!chosen.includes(name)) continue;
    const label = name === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const database = await open(async (db) => {
      await loadOrderData(db, { orders: BASE, customers: CUSTOMERS, log: (line) => console.log(`${label} load: ${line}`) });
      await rebuildDerivedTables(db);
    });
    if (!database) {
      console.log('PostgreSQL: no server answers (BENCH_DATABASE_URL or 127.0.0.1:5432), skipped');
      continue;
    }
    try {
      console.log(
        `${label}: load average ${loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')} on ${cpus().length} cores before measuring`,
      );
      rows.push(await measure(label, database.db));
    } finally {
      await database.close();
    }
  }
  for (const row of rows) results.push(...resultsOf(row));
  console.log(`\n${markdown(rows)}\n`);
  return results;
}

async function measure(label: string, db: Kysely<Database>): Promise<Measured> {
  return db.connection().execute(async (conn) => {
    // The planner prices these statements high enough for PostgreSQL to JIT-compile them, which costs more than running them.
    await sql`SET jit = off`.execute(conn);
    const bulk: Record<Mode, number> = { off: Infinity, on: Infinity };
    const bulkDelete: Record<Mode, number> = { off: Infinity, on: Infinity };
    for (let round = 0; round < 2; round++) {
      for (const mode of ['off', 'on'] as const) {
        const ms = await bulkInsert(conn, mode);
        const deleted = await bulkRemove(conn, mode);
        bulk[mode] = Math.min(bulk[mode], ms);
        bulkDelete[mode] = Math.min(bulkDelete[mode], deleted);
        console.log(
          `${label} ${ORDERS.toLocaleString('en')} orders in one statement, triggers ${mode}: ${(ms / 1000).toFixed(2)} s ` +
            `(their deletion in one statement: ${(deleted / 1000).toFixed(2)} s)`,
        );
      }
    }
    const single: Record<Mode, number[]> = { off: [], on: [] };
    const singles = await singleOrders(conn);
    // One block each first, not counted: plans and caches.
    for (const mode of ['off', 'on'] as const) await insertSingles(conn, mode, singles.slice(0, 10));
    for (let at = 0; at < SINGLES; at += BLOCK) {
      for (const mode of ['off', 'on'] as const) single[mode].push(...(await insertSingles(conn, mode, singles.slice(at, at + BLOCK))));
    }
    console.log(
      `${label} single orders: median ${median(single.off).toFixed(2)} ms off, ${median(single.on).toFixed(2)} ms on ` +
        `(${single.on.length} each)`,
    );
    return { backend: label, bulk, bulkDelete, single };
  });
}

/** Fails when a product trigger of the tables is still disabled: an "on" run must have them all. */
async function expectEnabled(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pg_trigger
    WHERE NOT tgisinternal AND tgenabled = 'D' AND tgrelid IN ('orders'::regclass, 'order_items'::regclass)`.execute(db);
  if ((rows[0]?.n ?? 0) > 0) throw new Error('A trigger on orders or order_items is disabled for a run with triggers on');
}

async function setTriggers(db: Kysely<Database>, mode: Mode): Promise<void> {
  for (const table of TABLES) {
    await (
      mode === 'off' ? sql`ALTER TABLE ${sql.table(table)} DISABLE TRIGGER USER` : sql`ALTER TABLE ${sql.table(table)} ENABLE TRIGGER USER`
    ).execute(db);
  }
}

/** A number in [0, 1) from `key` and `salt`, the same on every run and backend. */
const rnd = (key: string, salt: number) => sql.raw(`((hashint8extended((${key})::bigint, ${salt}) & 2147483647)::float8 / 2147483648)`);

/** The bulk orders' thread numbers start with 1, a digit the loaded orders' never hold. */
const BULK_PREFIX = '1';

/**
 * The bulk intake: every order of a random customer of a random city at one of its
 * restaurants, over the last year, four in five at a counted status; two items each.
 */
async function bulkInsert(db: Kysely<Database>, mode: Mode): Promise<number> {
  await sql`BEGIN`.execute(db);
  try {
    await (mode === 'off' ? setTriggers(db, 'off') : expectEnabled(db));
    const started = performance.now();
    await sql`
      WITH places AS (
        SELECT c.id AS city_id, c.currency, row_number() OVER (ORDER BY c.id) AS n,
          (SELECT array_agg(u.id ORDER BY u.id) FROM users u WHERE u.city_id = c.id AND u.role_id = 1000) AS customers,
          (SELECT array_agg(r.id ORDER BY r.id) FROM restaurants r WHERE r.city_id = c.id) AS restaurants
        FROM cities c
      ),
      menus AS (
        SELECT dc.restaurant_id, array_agg(d.id ORDER BY d.id) AS dishes FROM dishes d JOIN dish_categories dc ON dc.id = d.dish_category_id
        GROUP BY dc.restaurant_id
      ),
      picked AS (
        SELECT k, p.city_id, p.currency,
          p.customers[1 + floor(${rnd('k', 1)} * cardinality(p.customers))::int] AS user_id,
          p.restaurants[1 + floor(${rnd('k', 2)} * cardinality(p.restaurants))::int] AS restaurant_id,
          (ARRAY[100, 100, 100, 100, 100, 100, 30, 50, -10, 0])[1 + floor(${rnd('k', 3)} * 10)::int] AS status,
          now() - interval '1 second' * floor(${rnd('k', 4)} * 365 * 86400) AS created_at,
          round((10 + ${rnd('k', 5)} * 40)::numeric, 2) AS sum
        FROM generate_series(1, ${ORDERS}::int) AS k
        JOIN places p ON p.n = 1 + floor(${rnd('k', 6)} * (SELECT count(*) FROM places))::int
      ),
      added AS (
        INSERT INTO orders (thread_id, city_id, user_id, restaurant_id, sum, delivery_cost, total_sum, currency, status, created_at, updated_at)
        SELECT ${BULK_PREFIX} || lpad(k::text, 8, '0'), city_id, user_id, restaurant_id, sum, 2, sum + 2, currency, status, created_at, created_at
        FROM picked
        RETURNING id, restaurant_id
      )
      INSERT INTO order_items (order_id, dish_id, name, name_ru, price, count, sum)
      SELECT a.id, d.id, d.name, d.name_ru, d.price, 1, d.price
      FROM added a
      JOIN menus m ON m.restaurant_id = a.restaurant_id
      CROSS JOIN generate_series(1, 2) AS item
      JOIN dishes d ON d.id = m.dishes[1 + (a.id * 7 + item) % cardinality(m.dishes)]`.execute(db);
    const ran = performance.now() - started;
    return ran + (await commitEnabled(db, mode));
  } catch (error) {
    await sql`ROLLBACK`.execute(db);
    throw error;
  }
}

/** Commits, the triggers enabled again first when they were off; answers the time of the commit alone. */
async function commitEnabled(db: Kysely<Database>, mode: Mode): Promise<number> {
  if (mode === 'off') await setTriggers(db, 'on');
  const started = performance.now();
  await sql`COMMIT`.execute(db);
  return performance.now() - started;
}

/** Deletes the bulk orders again, with the triggers as they were for the insert; answers the time the delete took. */
async function bulkRemove(db: Kysely<Database>, mode: Mode): Promise<number> {
  await sql`BEGIN`.execute(db);
  try {
    await (mode === 'off' ? setTriggers(db, 'off') : expectEnabled(db));
    const started = performance.now();
    await sql`DELETE FROM orders WHERE thread_id LIKE ${`${BULK_PREFIX}%`}`.execute(db);
    const ran = performance.now() - started;
    return ran + (await commitEnabled(db, mode));
  } catch (error) {
    await sql`ROLLBACK`.execute(db);
    throw error;
  }
}

interface SingleOrder {
  cityId: number;
  userId: number;
  restaurantId: number;
  currency: string;
  status: number;
  sum: number;
  dishes: number[];
}

/** The orders the bot places: a customer of the city at one of its restaurants, CREATED or PAID or CONFIRMED, now. */
async function singleOrders(db: Kysely<Database>): Promise<SingleOrder[]> {
  const { rows } = await sql<{
    city_id: number;
    user_id: number;
    restaurant_id: number;
    currency: string;
    status: number;
    dishes: number[];
  }>`
    WITH picked AS (
      SELECT k,
        (SELECT u.id FROM users u WHERE u.role_id = 1000 ORDER BY u.id OFFSET floor(${rnd('k', 11)} * ${CUSTOMERS})::int LIMIT 1) AS user_id,
        (ARRAY[0, 10, 30])[1 + floor(${rnd('k', 12)} * 3)::int] AS status, ${rnd('k', 13)} AS r
      FROM generate_series(1, ${SINGLES + 10}::int) AS k
    )
    SELECT u.city_id, p.user_id, r.id AS restaurant_id, c.currency, p.status,
      (SELECT array_agg(d.id ORDER BY d.id) FROM dishes d JOIN dish_categories dc ON dc.id = d.dish_category_id
        WHERE dc.restaurant_id = r.id) AS dishes
    FROM picked p
    JOIN users u ON u.id = p.user_id
    JOIN cities c ON c.id = u.city_id
    CROSS JOIN LATERAL (
      SELECT r.id FROM restaurants r WHERE r.city_id = u.city_id ORDER BY r.id OFFSET floor(p.r * 20)::int LIMIT 1
    ) AS r
    ORDER BY p.k`.execute(db);
  return rows.map((row) => ({
    cityId: row.city_id,
    userId: row.user_id,
    restaurantId: row.restaurant_id,
    currency: row.currency,
    status: row.status,
    sum: 24.5,
    dishes: row.dishes.slice(0, 3),
  }));
}

let singleNumber = 0;

/** Each order with its items in one statement and its own transaction, as the bot does; answers the time of each. */
async function insertSingles(db: Kysely<Database>, mode: Mode, orders: SingleOrder[]): Promise<number[]> {
  await (mode === 'off' ? setTriggers(db, 'off') : expectEnabled(db));
  try {
    const times: number[] = [];
    for (const order of orders) {
      // Thread numbers starting with 9 followed by a 1, which the loaded orders' never hold.
      const thread = `91${String(++singleNumber).padStart(7, '0')}`;
      const started = performance.now();
      await sql`
        WITH added AS (
          INSERT INTO orders (thread_id, city_id, user_id, restaurant_id, sum, delivery_cost, total_sum, currency, status)
          VALUES (${thread}, ${order.cityId}, ${order.userId}, ${order.restaurantId}, ${order.sum}, 2, ${order.sum + 2},
            ${order.currency}, ${order.status})
          RETURNING id
        )
        INSERT INTO order_items (order_id, dish_id, name, name_ru, price, count, sum)
        SELECT added.id, d.id, d.name, d.name_ru, d.price, 1, d.price
        FROM added CROSS JOIN dishes d WHERE d.id = ANY (${order.dishes}::int[])`.execute(db);
      times.push(performance.now() - started);
    }
    return times;
  } finally {
    if (mode === 'off') await setTriggers(db, 'on');
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

function resultsOf(row: Measured): BenchResult[] {
  const bulk = `${row.backend} intake of ${ORDERS.toLocaleString('en')} orders in one statement`;
  const single = `${row.backend} single order intake`;
  return [
    { name: `${bulk}, triggers off`, value: row.bulk.off / 1000, unit: 's', digits: 2 },
    { name: `${bulk}, triggers on`, value: row.bulk.on / 1000, unit: 's', digits: 2 },
    { name: `${bulk}: on / off`, value: row.bulk.on / row.bulk.off, unit: 'x', digits: 2, target: TARGET.bulk },
    {
      name: `${row.backend} deletion of them in one statement: on / off`,
      value: row.bulkDelete.on / row.bulkDelete.off,
      unit: 'x',
      digits: 2,
    },
    { name: `${single}, triggers off, median`, value: median(row.single.off), unit: 'ms', digits: 2 },
    { name: `${single}, triggers on, median`, value: median(row.single.on), unit: 'ms', digits: 2 },
    {
      name: `${single}: on / off (total of ${row.single.on.length})`,
      value: sum(row.single.on) / sum(row.single.off),
      unit: 'x',
      digits: 2,
      target: TARGET.single,
    },
  ];
}

function markdown(rows: Measured[]): string {
  const s = (ms: number) => (ms / 1000).toFixed(2);
  return [
    `| database | ${ORDERS.toLocaleString('en')} orders, one statement: off | on | on / off | their deletion: off | on | on / off | single order, median: off | on | total on / off |`,
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.backend} | ${s(r.bulk.off)} s | ${s(r.bulk.on)} s | ${(r.bulk.on / r.bulk.off).toFixed(2)} | ${s(r.bulkDelete.off)} s | ` +
        `${s(r.bulkDelete.on)} s | ${(r.bulkDelete.on / r.bulkDelete.off).toFixed(2)} | ${median(r.single.off).toFixed(2)} ms | ` +
        `${median(r.single.on).toFixed(2)} ms | ${(sum(r.single.on) / sum(r.single.off)).toFixed(2)} |`,
    ),
  ].join('\n');
}
