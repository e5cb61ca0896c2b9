import { sql, type Kysely } from 'kysely';
import {
  DEFAULT_ORDER_TIMER_MINUTES,
  ORDER_TIMER_STAGE_STATUSES,
  ORDER_TIMER_STAGES,
  OrderStatus,
  type OrderTimerStage,
  type StatsOrderTimes,
} from '../../../src/domain';
import type { Database } from '../../db/schema';
import { splitBySlots, type StatsRange } from './statsRange';

/** Every status with a clock and its stage, as SQL rows (src/domain/orderTimers.ts). */
const stageOfStatus = () =>
  sql.join(
    ORDER_TIMER_STAGES.flatMap((stage) => ORDER_TIMER_STAGE_STATUSES[stage].map((status) => sql`(${sql.lit(status)}, ${sql.lit(stage)})`)),
  );

const stageDefaults = () =>
  sql.join(ORDER_TIMER_STAGES.map((stage) => sql`(${sql.lit(stage)}, ${sql.lit(DEFAULT_ORDER_TIMER_MINUTES[stage])})`));

const DAY_MS = 24 * 3600 * 1000;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The range's status periods as a histogram of whole minutes (status, minutes, periods): whole
 * UTC days from order_status_minutes (migration 026), the parts at the ends that are not from
 * order_status_periods, floored the same way.
 */
function histogram(range: StatsRange) {
  const { slots: days, edges } = splitBySlots(range, DAY_MS);
  const parts = [
    ...(days
      ? [
          sql`SELECT m.status, m.minutes, m.periods FROM order_status_minutes AS m
            WHERE m.city_id = ${range.cityId} AND m.day >= ${utcDay(days.from)}::date AND m.day < ${utcDay(days.to)}::date`,
        ]
      : []),
    ...(edges.length > 0
      ? [
          sql`SELECT p.status, greatest(floor(extract(epoch FROM p.ended_at - p.started_at) / 60), 0)::int, 1
            FROM order_status_periods AS p
            WHERE p.city_id = ${range.cityId} AND (${sql.join(
              edges.map((edge) => sql`(p.ended_at >= ${edge.from} AND p.ended_at < ${edge.to})`),
              sql` OR `,
            )})`,
        ]
      : []),
  ];
  return parts.length > 0 ? sql.join(parts, sql` UNION ALL `) : sql`SELECT 0, 0, 0 WHERE false`;
}

/**
 * The orders placed in the range with a clock (all but drafts): whole quarters of an hour from
 * stats_slots (every order, drafts among the unconfirmed) less their drafts
 * (orders_drafts_city_idx), the odd ends from orders.
 */
function placed(range: StatsRange) {
  const { slots, edges } = splitBySlots(range);
  const parts = [
    ...(slots
      ? [
          sql`SELECT sum(s.confirmed + s.unconfirmed + s.canceled) AS n FROM stats_slots AS s
            WHERE s.city_id = ${range.cityId} AND s.slot >= ${slots.from} AND s.slot < ${slots.to}`,
          sql`SELECT -count(*) FROM orders AS o WHERE o.city_id = ${range.cityId} AND o.status = ${sql.lit(OrderStatus.DRAFT)}
            AND o.created_at >= ${slots.from} AND o.created_at < ${slots.to}`,
        ]
      : []),
    ...edges.map(
      (edge) => sql`SELECT count(*) FROM orders AS o WHERE o.city_id = ${range.cityId} AND o.status <> ${sql.lit(OrderStatus.DRAFT)}
        AND o.created_at >= ${edge.from} AND o.created_at < ${edge.to}`,
    ),
  ];
  return parts.length > 0 ? sql`SELECT coalesce(sum(n), 0) FROM (${sql.join(parts, sql` UNION ALL `)}) AS x (n)` : sql`SELECT 0`;
}

/** Minutes with one decimal, as the screen shows them. */
const oneDecimal = (value: number | string | null): number | null => (value == null ? null : Math.round(Number(value) * 10) / 10);

interface Row {
  kind: 'orders' | 'limit' | 'time';
  stage: OrderTimerStage | null;
  status: number | null;
  n: number;
  late: number;
  median: number | string | null;
}

/**
 * The order timers' figures of a city and range, one statement:
 * - the orders placed in the range that have a clock (all but drafts) and how many of them
 *   went late at least once (order_late_escalations, any of their statuses, whenever it was);
 * - the median minutes of the status periods (order_status_periods, written when an order
 *   leaves a status) that ended in the range, per stage and per status of a stage: a period
 *   is what a timer measures, so a stage's median reads against its minutes. Exact to the
 *   minute: each period counts its whole minutes (floored), read from the histogram
 *   order_status_minutes, so the median is that of the whole minutes (a half when the two
 *   middle ones differ);
 * - the minutes the city allows per stage now (its own, or the default).
 * On stats_slots, order_status_minutes and order_late_escalations_city_idx, with
 * order_status_periods_city_idx and orders_city_created_idx for the range's odd ends.
 */
export function orderTimes(db: Kysely<Database>) {
  return async (range: StatsRange): Promise<StatsOrderTimes> => {
    const { rows } = await sql<Row>`
      WITH stage_of (status, stage) AS (VALUES ${stageOfStatus()}),
      hist (status, minutes, periods) AS (${histogram(range)}),
      -- Per stage (status NULL) and per status: the periods at each whole minute.
      binned AS (
        SELECT s.stage, h.status, h.minutes, sum(h.periods)::int8 AS n
        FROM hist AS h JOIN stage_of AS s ON s.status = h.status
        GROUP BY GROUPING SETS ((s.stage, h.minutes), (s.stage, h.status, h.minutes))
        HAVING sum(h.periods) > 0
      ),
      cumulative AS (
        SELECT stage, status, minutes,
          sum(n) OVER (PARTITION BY stage, status ORDER BY minutes)::int8 AS upto,
          sum(n) OVER (PARTITION BY stage, status)::int8 AS total
        FROM binned
      )
      SELECT 'orders' AS kind, NULL AS stage, NULL::int AS status, (${placed(range)})::int AS n,
        -- Late orders from their escalations (a few of the orders): an escalation comes after
        -- its order was placed, so those of the range's orders are at or after its start.
        (SELECT count(DISTINCT e.order_id) FROM order_late_escalations AS e JOIN orders AS o ON o.id = e.order_id
          WHERE e.city_id = ${range.cityId} AND e.late_at >= ${range.from} AND o.city_id = ${range.cityId}
            AND o.created_at >= ${range.from} AND o.created_at < ${range.to} AND o.status <> ${sql.lit(OrderStatus.DRAFT)})::int AS late,
        NULL::float8 AS median
      UNION ALL
      SELECT 'limit', d.stage, NULL, coalesce(t.minutes, d.minutes), 0, NULL
      FROM (VALUES ${stageDefaults()}) AS d (stage, minutes)
      LEFT JOIN city_order_timers AS t ON t.city_id = ${range.cityId} AND t.stage = d.stage
      UNION ALL
      -- The median of the whole minutes: the mean of the minutes at the two middle positions
      -- (one when the count is odd), where the cumulative count reaches them.
      SELECT 'time', stage, status, max(total)::int, 0,
        (min(minutes) FILTER (WHERE upto >= (total + 1) / 2) + min(minutes) FILTER (WHERE upto >= total / 2 + 1)) / 2.0
      FROM cumulative
      GROUP BY stage, status`.execute(db);

    const counted = rows.find((row) => row.kind === 'orders');
    const orders = counted?.n ?? 0;
    const lateOrders = counted?.late ?? 0;
    const time = (stage: OrderTimerStage, status: number | null) =>
      rows.find((row) => row.kind === 'time' && row.stage === stage && row.status === status);
    return {
      orders,
      lateOrders,
      lateShare: orders === 0 ? null : lateOrders / orders,
      stages: ORDER_TIMER_STAGES.map((stage) => {
        const whole = time(stage, null);
        return {
          stage,
          limitMinutes: rows.find((row) => row.kind === 'limit' && row.stage === stage)?.n ?? DEFAULT_ORDER_TIMER_MINUTES[stage],
          medianMinutes: oneDecimal(whole?.median ?? null),
          periods: whole?.n ?? 0,
          statuses: ORDER_TIMER_STAGE_STATUSES[stage].map((status) => {
            const own = time(stage, status);
            return { status, medianMinutes: oneDecimal(own?.median ?? null), periods: own?.n ?? 0 };
          }),
        };
      }),
    };
  };
}
