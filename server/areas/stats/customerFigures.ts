import { sql, type Kysely } from 'kysely';
import {
  COUNTED_ORDER_STATUS,
  FUNNEL_STEPS,
  Role,
  type FunnelStep,
  type StatsCount,
  type StatsFunnel,
  type StatsOrdersAmount,
} from '../../../src/domain';
import type { Database } from '../../db/schema';
import type { StatsRange } from './statsRange';

/**
 * The figures about a city's customers (role USER, users.city_id): each one statement on an
 * index of migration 011.
 */
export function customerFigures(db: Kysely<Database>) {
  /** Customers whose `column` falls in the range. */
  const customersBy = async (column: 'created_at' | 'last_active_at' | 'blocked_at', range: StatsRange): Promise<StatsCount> => {
    const row = await db
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('role_id', '=', Role.USER)
      .where('city_id', '=', range.cityId)
      .where(column, '>=', range.from)
      .where(column, '<', range.to)
      .executeTakeFirstOrThrow();
    return { count: row.count };
  };

  /** Customers who signed up in the range. */
  const newUsers = (range: StatsRange) => customersBy('created_at', range);
  /**
   * Customers whose last activity (users.last_active_at, kept by the bot) falls in the range:
   * for a range ending today, everyone active since its start, the audience a mailing with
   * that date reaches.
   */
  const activeUsers = (range: StatsRange) => customersBy('last_active_at', range);
  /** Customers who blocked the bot in the range (users.blocked_at, set when the messenger refuses them). */
  const blockedUsers = (range: StatsRange) => customersBy('blocked_at', range);

  /** Customers by how many orders at CONFIRMED or above they placed in the range: 1, 2, 3, 4 and more. */
  const ordersAmount = async (range: StatsRange): Promise<StatsOrdersAmount> => {
    const { rows } = await sql<StatsOrdersAmount>`
      SELECT count(*) FILTER (WHERE n = 1)::int AS "amountOfOrders",
        count(*) FILTER (WHERE n = 2)::int AS "amountOfTwoOrders",
        count(*) FILTER (WHERE n = 3)::int AS "amountOfThreeOrders",
        count(*) FILTER (WHERE n >= 4)::int AS "amountOfFourAndMoreOrders"
      FROM (
        SELECT user_id, count(*) AS n FROM orders
        WHERE city_id = ${range.cityId} AND status >= ${COUNTED_ORDER_STATUS} AND created_at >= ${range.from} AND created_at < ${range.to}
        GROUP BY user_id
      ) AS per_customer`.execute(db);
    return rows[0] ?? { amountOfOrders: 0, amountOfTwoOrders: 0, amountOfThreeOrders: 0, amountOfFourAndMoreOrders: 0 };
  };

  /**
   * Of the customers whose first, second or tenth order (at CONFIRMED or above, in this city)
   * was placed in the range: how many, and the median and average time from their sign-up to
   * that order, in seconds (customer_milestones, migration 011).
   */
  const ordersFunnel = async (range: StatsRange): Promise<StatsFunnel> => {
    const step = (name: FunnelStep) => {
      const at = sql.ref(`${name}_at`);
      // date_part is float8 arithmetic; extract() would compute in numeric, twice as slow here.
      const seconds = sql`date_part('epoch', ${at} - signed_up_at)`;
      return sql`
        SELECT ${sql.lit(name)} AS step, count(*)::int AS customers,
          percentile_cont(0.5) WITHIN GROUP (ORDER BY ${seconds}) AS median,
          avg(${seconds}) AS average
        FROM customer_milestones
        WHERE city_id = ${range.cityId} AND ${at} >= ${range.from} AND ${at} < ${range.to}`;
    };
    const { rows } = await sql<{ step: FunnelStep; customers: number; median: number | null; average: number | null }>`${sql.join(
      FUNNEL_STEPS.map(step),
      sql` UNION ALL `,
    )}`.execute(db);
    const of = (name: FunnelStep) => {
      const row = rows.find((r) => r.step === name);
      const rounded = (value: number | null | undefined) => (value == null ? null : Math.round(Number(value)));
      return { customers: row?.customers ?? 0, medianSeconds: rounded(row?.median), averageSeconds: rounded(row?.average) };
    };
    return { first: of('first'), second: of('second'), tenth: of('tenth') };
  };

  return { newUsers, activeUsers, blockedUsers, ordersAmount, ordersFunnel };
}
