import { sql, type Kysely } from 'kysely';
import { EventStatus, type OrderLateChange, type OrderTimerStage } from '../../../src/domain';
import type { Database } from '../../db/schema';
import { DeliveryDeferred } from '../../jobs/deliveryDeferred';
import type { EventHandler } from '../../jobs/eventHandler';
import { isLate, timerHeldByOf, timerMinutesOf, timerStageOf } from './orderTimerSql';

/**
 * The order timer job: on the one runner (server/jobs), as the outbox event `order_timers`
 * that looks for late orders and then asks to run again ORDER_TIMERS_PERIOD_MS later. One
 * such event waits at a time (migration 025); `scheduleOrderTimers` writes it at start, or
 * makes the waiting one due at once.
 *
 * A late order is escalated once per status, in one transaction: its row in
 * order_late_escalations (whose primary key makes it exactly once, whichever process gets
 * there first: the second insert waits for the first and then does nothing), the live event
 * `order.late`, and the audit record its timeline shows. All the state is in the database, so
 * a restart simply looks again.
 */
export const ORDER_TIMERS_EVENT = 'order_timers';
export const ORDER_TIMERS_PERIOD_MS = 20_000;
/** Orders escalated per pass at most; more wait for the next one, a moment later. */
const PASS_LIMIT = 200;

interface DueOrder {
  id: number;
  status: number;
}

interface Escalated {
  order_id: number;
  status: number;
  stage: OrderTimerStage;
  city_id: number;
  restaurant_id: number;
  minutes: number;
  held_by: 'restaurant' | 'operator';
  thread_id: string;
}

export interface EscalateOptions {
  limit?: number;
  /** Aborted: the order in hand is finished, no other is begun. */
  signal?: AbortSignal;
}

/** The late orders at `now` that have no escalation for their status yet, oldest clock first. */
const dueOrders = (db: Kysely<Database>, now: Date, limit: number): Promise<DueOrder[]> =>
  db
    .selectFrom('orders as o')
    .select(['o.id', 'o.status'])
    .where((eb) => isLate({ city: eb.ref('o.city_id'), status: eb.ref('o.status'), statusSince: eb.ref('o.status_since') }, now))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('order_late_escalations as e')
            .select(sql`1`.as('one'))
            .whereRef('e.order_id', '=', 'o.id')
            .whereRef('e.status', '=', 'o.status'),
        ),
      ),
    )
    .orderBy('o.status_since')
    .limit(limit)
    .execute();

/**
 * Escalates one order if it is still late in the same status: false when it has moved on, or
 * when another process has escalated it first.
 */
async function escalate(db: Kysely<Database>, order: DueOrder, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<Escalated>`
      INSERT INTO order_late_escalations (order_id, status, stage, city_id, restaurant_id, status_since, minutes, held_by, late_at)
      SELECT o.id, o.status, ${timerStageOf(sql.ref('o.status'))}, o.city_id, o.restaurant_id, o.status_since,
        ${timerMinutesOf(sql.ref('o.city_id'), sql.ref('o.status'))}, ${timerHeldByOf(sql.ref('o.status'))}, ${now}::timestamptz
      FROM orders o
      WHERE o.id = ${order.id} AND o.status = ${order.status}
        AND ${isLate({ city: sql.ref('o.city_id'), status: sql.ref('o.status'), statusSince: sql.ref('o.status_since') }, now)}
      ON CONFLICT (order_id, status) DO NOTHING
      RETURNING order_id, status, stage, city_id, restaurant_id, minutes, held_by,
        (SELECT thread_id FROM orders WHERE id = order_id) AS thread_id`.execute(trx);
    const row = rows[0];
    if (!row) return false;
    const late: OrderLateChange = { status: row.status, stage: row.stage, minutes: row.minutes, heldBy: row.held_by };
    await sql`SELECT live_event('order.late', ${row.city_id}::integer, ${row.restaurant_id}::integer, ${JSON.stringify({
      orderId: row.order_id,
      threadId: row.thread_id,
      ...late,
    })}::jsonb)`.execute(trx);
    // The system's record of the order (no actor), as the trail keeps a customer's cancel: its timeline shows it.
    await trx
      .insertInto('audit_log')
      .values({
        actor_id: null,
        action: 'update',
        entity: 'orders',
        entity_id: String(row.order_id),
        city_id: row.city_id,
        restaurant_id: row.restaurant_id,
        changes: JSON.stringify({ late: [null, late] }),
      })
      .execute();
    return true;
  });
}

/** One pass of the job at `now`: escalates each late order not yet escalated in its status; resolves to how many. */
export async function escalateLateOrders(db: Kysely<Database>, now: Date, options: EscalateOptions = {}): Promise<number> {
  const due = await dueOrders(db, now, options.limit ?? PASS_LIMIT);
  let escalated = 0;
  for (const order of due) {
    if (options.signal?.aborted) break;
    if (await escalate(db, order, now)) escalated += 1;
  }
  return escalated;
}

/**
 * Makes sure the job runs: writes its event due now, or makes the waiting one due now (a
 * start wakes it). Any process may call it at any time.
 */
export async function scheduleOrderTimers(db: Kysely<Database>, now: Date): Promise<void> {
  await sql`
    INSERT INTO events (type, payload, run_at) VALUES (${ORDER_TIMERS_EVENT}, '{}'::jsonb, ${now}::timestamptz)
    ON CONFLICT (type) WHERE type = ${sql.lit(ORDER_TIMERS_EVENT)} AND status IN (${sql.lit(EventStatus.PENDING)}, ${sql.lit(EventStatus.PROCESSING)})
    DO UPDATE SET run_at = least(events.run_at, excluded.run_at)
    WHERE events.status = ${sql.lit(EventStatus.PENDING)}`.execute(db);
}

export interface WorkerLog {
  error(detail: object, message: string): void;
}

/**
 * The event's handler: one pass, then "again in a period". A pass that fails is logged and
 * tried again a period later, like any other: the job never gives up. A stop ends the pass
 * after the order in hand and leaves the event due at once, for whichever process is next.
 */
export function orderTimersEvent(deps: { db: Kysely<Database>; now: () => Date; log: WorkerLog; signal: AbortSignal }): EventHandler {
  const { db, now, log, signal } = deps;
  return {
    async deliver() {
      try {
        await escalateLateOrders(db, now(), { signal });
      } catch (error) {
        log.error({ err: error }, 'order timers: a pass failed, trying again later');
      }
      const next = signal.aborted ? now() : new Date(now().getTime() + ORDER_TIMERS_PERIOD_MS);
      throw new DeliveryDeferred(next, 'order timers: next pass');
    },
    async delivered() {},
    async failed() {},
  };
}
