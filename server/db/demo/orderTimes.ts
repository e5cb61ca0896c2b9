import { sql, type Kysely } from 'kysely';
import {
  DEFAULT_ORDER_TIMER_MINUTES,
  ORDER_TIMER_STAGE_HELD_BY,
  ORDER_TIMER_STAGE_STATUSES,
  ORDER_TIMER_STAGES,
} from '../../../src/domain/orderTimers';
import { OrderStatus, PaymentMethod } from '../../../src/domain/statuses';
import type { Database } from '../schema';
import { rebuildOrderStatusMinutes } from '../migrations/026_order_status_minutes';

const S = OrderStatus;

/**
 * How long, relative to the others, an order typically waits in each status: confirming is
 * quick, cooking and the ride are most of it. Each order's own weights vary from 0.4 to 1.6
 * times these.
 */
const WEIGHTS: [number, number][] = [
  [S.CREATED, 1.5],
  [S.NOT_PAID, 1.2],
  [S.PAID, 0.8],
  [S.CONFIRMED, 3.5],
  [S.SERVING, 15],
  [S.DELAYED, 8],
  [S.COOKED, 4],
  [S.WAITING_FOR_COURIER, 6],
  [S.OUT_FOR_DELIVERY, 20],
];

/** Cancelled orders were cancelled this far into the time to their last change: before it got long. */
const CANCELLED_SHARE = 0.1;

const ints = (values: readonly number[]) => sql`ARRAY[${sql.join(values.map((v) => sql.lit(v)))}]::int[]`;
const NONE = sql`'{}'::int[]`;

/**
 * The order timers' history of the demo's finished orders, in two statements from the orders
 * as written: the status periods the clock trigger would have recorded (migration 023), and
 * an escalation for each period longer than its stage allowed, as the timer job would have
 * written. The seed writes its orders in their final status with the triggers off, so neither
 * exists otherwise and the statistics of order times would be empty.
 *
 * Each delivered or cancelled order walks the usual path from its placing (`created_at`) to its
 * last change (`updated_at`, no later than `now`): cash orders start created, card orders not
 * paid then paid; a delivered order goes through confirmed, cooking (one in 20 delayed), cooked,
 * and for a delivery waiting for the courier and out for delivery; a cancelled or closed one
 * leaves when it is cancelled (one in two cancelled by the restaurant after confirming it).
 * Its time is shared out by the weights above, varied per order by a hash of its id, so the
 * same orders always get the same periods. Open orders are left alone: their clock is their
 * `status_since`.
 */
export async function seedDemoOrderTimes(db: Kysely<Database>, now: Date): Promise<void> {
  const hash = (salt: number, modulo: number) => sql`(hashint8extended(o.id::bigint, ${sql.lit(salt)}) & 1023) % ${sql.lit(modulo)}`;
  await sql`
    WITH paths AS (
      SELECT o.id, o.city_id, o.restaurant_id, o.created_at,
        o.created_at + (least(o.updated_at, ${now}) - o.created_at) * CASE WHEN o.status < 0 THEN ${sql.lit(CANCELLED_SHARE)} ELSE 1 END AS ended_at,
        CASE WHEN o.payment_method = ${sql.lit(PaymentMethod.STRIPE)} THEN ${ints([S.NOT_PAID, S.PAID])} ELSE ${ints([S.CREATED])} END
        || CASE
          WHEN o.status = ${sql.lit(S.DELIVERED)} THEN ${ints([S.CONFIRMED, S.SERVING])}
            || CASE WHEN ${hash(1, 20)} = 0 THEN ${ints([S.DELAYED])} ELSE ${NONE} END
            || ${ints([S.COOKED])}
            || CASE WHEN o.district_id IS NOT NULL THEN ${ints([S.WAITING_FOR_COURIER, S.OUT_FOR_DELIVERY])} ELSE ${NONE} END
          WHEN o.status = ${sql.lit(S.CANCELED_BY_RESTAURANT)} AND ${hash(2, 2)} = 0 THEN ${ints([S.CONFIRMED])}
          ELSE ${NONE}
        END AS path
      FROM orders AS o
      WHERE (o.status = ${sql.lit(S.DELIVERED)} OR o.status < 0) AND o.updated_at > o.created_at AND o.created_at < ${now}
    ), weights (status, weight) AS (
      VALUES ${sql.join(WEIGHTS.map(([status, weight]) => sql`(${sql.lit(status)}, ${sql.lit(weight)}::float8)`))}
    ), shares AS (
      -- Each order's few steps shared out on their own (a window over all the steps would sort them all).
      SELECT p.id, p.city_id, p.restaurant_id, p.created_at, p.ended_at, x.*
      FROM paths AS p
      CROSS JOIN LATERAL (
        SELECT status, step, w, sum(w) OVER (ORDER BY step) AS upto, sum(w) OVER () AS total
        FROM (
          SELECT s.status, s.step, weights.weight * (0.4 + 1.2 * ((hashint8extended(p.id::bigint * 16 + s.step, 3) & 1023)::float8 / 1024)) AS w
          FROM unnest(p.path) WITH ORDINALITY AS s (status, step) JOIN weights ON weights.status = s.status
        ) AS steps
      ) AS x
    )
    INSERT INTO order_status_periods (order_id, city_id, restaurant_id, status, started_at, ended_at)
    SELECT id, city_id, restaurant_id, status,
      created_at + (ended_at - created_at) * ((upto - w) / total),
      created_at + (ended_at - created_at) * (upto / total)
    FROM shares`.execute(db);
  // The seed and the stats bench may insert with triggers off: the histogram the statistics
  // read is recomputed from the periods either way.
  await rebuildOrderStatusMinutes(db);

  const stages = sql.join(
    ORDER_TIMER_STAGES.flatMap((stage) =>
      ORDER_TIMER_STAGE_STATUSES[stage].map(
        (status) =>
          sql`(${sql.lit(status)}, ${sql.lit(stage)}, ${sql.lit(DEFAULT_ORDER_TIMER_MINUTES[stage])}, ${sql.lit(ORDER_TIMER_STAGE_HELD_BY[stage])})`,
      ),
    ),
  );
  await sql`
    INSERT INTO order_late_escalations (order_id, status, stage, city_id, restaurant_id, status_since, minutes, held_by, late_at)
    SELECT p.order_id, p.status, s.stage, p.city_id, p.restaurant_id, p.started_at, m.minutes, s.held_by,
      p.started_at + make_interval(mins => m.minutes)
    FROM order_status_periods AS p
    JOIN (VALUES ${stages}) AS s (status, stage, minutes, held_by) ON s.status = p.status
    CROSS JOIN LATERAL (
      SELECT coalesce((SELECT t.minutes FROM city_order_timers AS t WHERE t.city_id = p.city_id AND t.stage = s.stage), s.minutes) AS minutes
    ) AS m
    WHERE p.ended_at - p.started_at > make_interval(mins => m.minutes)
    ON CONFLICT (order_id, status) DO NOTHING`.execute(db);
}
