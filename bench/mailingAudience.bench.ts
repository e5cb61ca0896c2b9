/**
 * `npm run bench -- mailingAudience`: the recipient count of a mailing (GET /users/count's
 * query, server/areas/mailings/audience.ts) for a city of 100,000 customers with their orders,
 * on PostgreSQL, for several combinations of the audience filters: the median of RUNS timings
 * of each, beside the 300 ms limit and as a share of it. The customers and orders come from
 * bench/orderData.ts (one city holds 44% of them), with the rollups computed once and the
 * customers' languages and last activity spread over them. BENCH_EXPLAIN=1 prints each plan. The server is BENCH_DATABASE_URL,
 * else TEST_DATABASE_URL or DATABASE_URL, else the local one; without one the bench says so.
 */
import { sql } from 'kysely';
import { countAudience, explainCount } from '../server/areas/mailings/audience';
import { rebuildStatsRollups } from '../server/db/migrations/010_stats_rollups';
import { NO_AUDIENCE_FILTERS, type MailingAudience } from '../src/domain';
import { openPostgres } from './benchDatabase';
import { loadOrderData, type OrderData } from './orderData';
import type { BenchResult } from './result';

const LIMIT_MS = 300;
const RUNS = 9;
/** 228,000 customers over the three cities puts 100,000 in the first; 600,000 orders, 264,000 of them there. */
const CUSTOMERS = 228_000;
const ORDERS = 600_000;
const DAY_MS = 86_400_000;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export async function run(): Promise<BenchResult[]> {
  process.env.BENCH_DATABASE_URL ||= process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';
  let data: OrderData | undefined;
  const log = (line: string) => console.log(`  ${line}`);
  const bench = await openPostgres(async (db) => {
    data = await loadOrderData(db, { orders: ORDERS, customers: CUSTOMERS, log });
    await rebuildStatsRollups(db);
    // The bot's languages and the last activity, spread over the customers (the generator gives one language per city).
    await sql`
      UPDATE users SET language = (ARRAY['en', 'ru', 'es'])[1 + (hashint8extended(id::bigint, 21) & 3) % 3],
        last_active_at = created_at + (now() - created_at) * ((hashint8extended(id::bigint, 22) & 1023)::float8 / 1024)
      WHERE role_id = 1000`.execute(db);
    await sql`VACUUM ANALYZE`.execute(db);
  });
  if (!bench || !data) {
    console.log('  no PostgreSQL server answers: set BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL');
    return [];
  }
  const { db } = bench;
  const results: BenchResult[] = [];
  try {
    const cityId = data.cityIds[0];
    const [busiest, second, , quiet] = data.restaurantIds[0];
    const { rows } = await sql<{ customers: number; orders: number }>`
      SELECT (SELECT count(*)::int FROM users WHERE role_id = 1000 AND city_id = ${cityId}) AS customers,
        (SELECT count(*)::int FROM orders WHERE city_id = ${cityId}) AS orders`.execute(db);
    log(`city ${cityId}: ${rows[0]?.customers.toLocaleString('en')} customers, ${rows[0]?.orders.toLocaleString('en')} orders`);
    const asOf = data.to;
    const cases: [string, MailingAudience, Date | null][] = [
      ['no filter', NO_AUDIENCE_FILTERS, null],
      ['active in 30 days', NO_AUDIENCE_FILTERS, new Date(asOf.getTime() - 30 * DAY_MS)],
      ['ordered within 30 days', { ...NO_AUDIENCE_FILTERS, orderedWithinDays: 30 }, null],
      ['at least 3 orders', { ...NO_AUDIENCE_FILTERS, minOrders: 3 }, null],
      ['never ordered', { ...NO_AUDIENCE_FILTERS, neverOrdered: true }, null],
      ['languages ru', { ...NO_AUDIENCE_FILTERS, languages: ['ru'] }, null],
      ['from 2 restaurants', { ...NO_AUDIENCE_FILTERS, restaurantIds: [busiest, second] }, null],
      [
        'from 3 restaurants, within 90 days, at least 2, ru+en',
        { ...NO_AUDIENCE_FILTERS, restaurantIds: [busiest, second, quiet], orderedWithinDays: 90, minOrders: 2, languages: ['en', 'ru'] },
        null,
      ],
      [
        'within 30 days, at least 5, active in 60 days',
        { ...NO_AUDIENCE_FILTERS, orderedWithinDays: 30, minOrders: 5 },
        new Date(asOf.getTime() - 60 * DAY_MS),
      ],
      [
        'never ordered, es, active in 90 days',
        { ...NO_AUDIENCE_FILTERS, neverOrdered: true, languages: ['es'] },
        new Date(asOf.getTime() - 90 * DAY_MS),
      ],
    ];
    for (const [name, filters, since] of cases) {
      const spec = { cityId, since, filters, asOf };
      let count = await countAudience(db, spec);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        count = await countAudience(db, spec);
        times.push(performance.now() - started);
      }
      const ms = median(times);
      log(`${name}: ${count.toLocaleString('en')} recipients, ${ms.toFixed(1)} ms = ${(ms / LIMIT_MS).toFixed(2)} of ${LIMIT_MS} ms`);
      if (process.env.BENCH_EXPLAIN) log(await explainCount(db, spec));
      results.push({ name: `count, ${name} (median of ${RUNS})`, value: ms, unit: 'ms', target: LIMIT_MS });
    }
  } finally {
    await bench.close();
  }
  return results;
}
