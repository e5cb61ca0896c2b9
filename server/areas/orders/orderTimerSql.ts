import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import {
  DEFAULT_ORDER_TIMER_MINUTES,
  ORDER_TIMER_STAGE_HELD_BY,
  ORDER_TIMER_STAGE_STATUSES,
  ORDER_TIMER_STAGES,
  OrderStatus,
  type OrderTimerStage,
} from '../../../src/domain';

/**
 * Order timers in SQL (src/domain/orderTimers.ts): an order's stage, the minutes its city
 * allows there (the city's own, else the default) and whether it is late, as expressions over
 * an orders row. The stages and defaults are written in as literals, so a statement built from
 * them takes no parameter of theirs (the order list compiles its columns once).
 */

/** A CASE over the status, one branch per stage; NULL for a status with no clock. */
const perStage = (status: Expression<number>, value: (stage: OrderTimerStage) => RawBuilder<unknown>) =>
  sql`CASE ${sql.join(
    ORDER_TIMER_STAGES.map(
      (stage) => sql`WHEN ${status} IN (${sql.join(ORDER_TIMER_STAGE_STATUSES[stage].map((s) => sql.lit(s)))}) THEN ${value(stage)}`,
    ),
    sql` `,
  )} END`;

/** The stage an order's status waits in ('new', 'confirmed', ...), or NULL. */
export const timerStageOf = (status: Expression<number>): RawBuilder<OrderTimerStage | null> =>
  sql<OrderTimerStage | null>`${perStage(status, (stage) => sql.lit(stage))}`;

/** Who holds the order up in its stage ('restaurant' or 'operator'), or NULL. */
export const timerHeldByOf = (status: Expression<number>): RawBuilder<'restaurant' | 'operator' | null> =>
  sql<'restaurant' | 'operator' | null>`${perStage(status, (stage) => sql.lit(ORDER_TIMER_STAGE_HELD_BY[stage]))}`;

/** The minutes the order's city allows its stage (the city's own, else the default); NULL with no clock. */
export const timerMinutesOf = (city: Expression<number>, status: Expression<number>): RawBuilder<number | null> =>
  sql<number | null>`coalesce(
    (SELECT t.minutes FROM city_order_timers t WHERE t.city_id = ${city} AND t.stage = ${timerStageOf(status)}),
    ${perStage(status, (stage) => sql.lit(DEFAULT_ORDER_TIMER_MINUTES[stage]))})`;

/** The fewest minutes any stage of any city allows: no order whose clock started later can be late. */
const fewestMinutes = sql`least(${sql.lit(Math.min(...Object.values(DEFAULT_ORDER_TIMER_MINUTES)))},
  (SELECT min(t.minutes) FROM city_order_timers t))`;

/** The columns of a query over orders that the late condition reads: `eb.ref('o.status')`, say. */
export interface TimerColumns {
  city: Expression<number>;
  status: Expression<number>;
  statusSince: Expression<Date>;
}

/**
 * Whether an order is late at `now`: open, and in its status at least as long as its stage
 * allows. The open statuses and the bound on `status_since` are the partial index
 * orders_open_status_since_idx's own (migration 023), so the late orders are found on it, among
 * the open orders only, whatever the size of the table.
 */
export const isLate = (columns: TimerColumns, now: Date): RawBuilder<SqlBool> =>
  sql<SqlBool>`(${columns.status} > ${sql.lit(OrderStatus.DRAFT)} AND ${columns.status} < ${sql.lit(OrderStatus.DELIVERED)}
    AND ${columns.statusSince} <= ${now}::timestamptz - make_interval(mins => ${fewestMinutes})
    AND ${columns.statusSince} <= ${now}::timestamptz - make_interval(mins => ${timerMinutesOf(columns.city, columns.status)}))`;
