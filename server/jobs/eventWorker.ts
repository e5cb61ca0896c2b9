import type { Kysely } from 'kysely';
import { EventStatus } from '../../src/domain';
import type { Database } from '../db/schema';
import { MessengerError, type MessengerGateway } from '../messenger/gateway';
import { adPublishEvent, adUnpublishEvent } from '../areas/ads/adEvents';
import { DeliveryDeferred } from './deliveryDeferred';
import type { EventHandler } from './eventHandler';
import { claimDue, takeOverDeadClaims, type ClaimedEvent } from './eventClaims';
import type { OutgoingEvent } from './events';
import { orderMessageEvent } from '../areas/orders/orderMessageEvent';
import { acquireLiveness } from './processLiveness';
import { orderTimersEvent } from '../areas/orders/orderTimerJob';
import { restaurantUnpauseEvent } from '../areas/restaurants/restaurantPauseEvent';
import { demoTrafficEvent, type DemoTrafficOptions } from './demoTraffic';
import { reviewAnswerEvent, reviewPublishEvent } from '../areas/reviews/reviewEvents';
import { notificationPurgeEvent } from '../areas/notifications/notificationPurge';

/** Fastify's logger and the console both fit. */
export interface WorkerLog {
  warn(detail: object, message: string): void;
  error(detail: object, message: string): void;
}

export interface EventWorkerOptions {
  db: Kysely<Database>;
  messenger: MessengerGateway;
  now?: () => Date;
  log?: WorkerLog;
  /** How often to look for due events; wake() looks at once. The first look is after one period. */
  pollMs?: number;
  batchSize?: number;
  /** Attempts before an event fails for good. */
  maxAttempts?: number;
  /**
   * How long a claimed event is this worker's. A worker that dies mid-delivery leaves it in
   * processing; any worker takes it again as soon as it knows that process is gone
   * (./processLiveness.ts), else after the lease. Must exceed one messenger call.
   */
  leaseSeconds?: number;
  /** The demo's traffic (./demoTraffic.ts); off unless given. */
  demoTraffic?: DemoTrafficOptions;
}

export interface EventWorker {
  /** Stops polling, finishes the delivery in hand and puts the rest of its batch back (pending, the claim not counted). */
  stop(): Promise<void>;
  /** Looks for due events now (after an event was written in this process). */
  wake(): void;
  /** One pass: claims due events and delivers them; resolves to how many it claimed. */
  runOnce(): Promise<number>;
}

const MAX_BACKOFF_SECONDS = 15 * 60;
const MAX_ERROR_LENGTH = 1000;

/** 2^attempts seconds up to 15 minutes, randomly between half and all of it, so that failures retried together spread out. */
export const backoffSeconds = (attempts: number, random: () => number = Math.random): number => {
  const full = Math.min(2 ** attempts, MAX_BACKOFF_SECONDS);
  return full / 2 + (random() * full) / 2;
};

const later = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000);

/** The claims of an event that were real attempts (this one included), not deferrals. */
const triesOf = (event: ClaimedEvent): number => event.attempts - event.deferrals;

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);

export function startEventWorker(options: EventWorkerOptions): EventWorker {
  const { db, messenger, now = () => new Date(), log = console } = options;
  const { pollMs = 1000, batchSize = 10, maxAttempts = 20, leaseSeconds = 60 } = options;
  // Aborted by stop(): a handler that works through a list (the order timers) ends after the item in hand.
  const stopping = new AbortController();
  const handlers = new Map<string, EventHandler>(
    Object.entries({
      order_message: orderMessageEvent({ db, messenger }),
      review_publish: reviewPublishEvent({ db, messenger }),
      review_answer: reviewAnswerEvent({ db, messenger }),
      ad_publish: adPublishEvent({ db, messenger, now }),
      ad_unpublish: adUnpublishEvent({ db, messenger, now }),
      restaurant_unpause: restaurantUnpauseEvent({ now }),
      demo_traffic: demoTrafficEvent({ options: options.demoTraffic ?? { enabled: false }, now, log }),
      notifications_purge: notificationPurgeEvent({ db, now }),
      order_timers: orderTimersEvent({ db, now, log, signal: stopping.signal }),
    } satisfies Record<OutgoingEvent['type'], EventHandler>),
  );

  const liveness = acquireLiveness(db);

  /** Updates the event only while this claim still holds it. */
  const ownedBy = (event: ClaimedEvent) => (trx: Kysely<Database>) =>
    trx
      .updateTable('events')
      .where('id', '=', event.id)
      .where('status', '=', EventStatus.PROCESSING)
      .where('attempts', '=', event.attempts);

  /**
   * A batch is claimed at once but delivered one by one: each event's lease starts again just
   * before its delivery, so the lease has to cover one call, not a batch. False when another
   * worker has taken it meanwhile.
   */
  const renewLease = async (event: ClaimedEvent): Promise<boolean> => {
    const result = await ownedBy(event)(db)
      .set({ run_at: later(now(), leaseSeconds) })
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  };

  const markProcessed = (event: ClaimedEvent, handler: EventHandler) =>
    db.transaction().execute(async (trx) => {
      const result = await ownedBy(event)(trx).set({ status: EventStatus.PROCESSED, processed_at: now() }).executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await handler.delivered(trx, event.payload);
      return true;
    });

  const markFailed = async (event: ClaimedEvent, handler: EventHandler | undefined, error: unknown) => {
    // At least a second, so that a messenger answering `retry after 0` cannot spin the worker.
    const retryAfter =
      error instanceof MessengerError && error.retryAfterSeconds !== undefined ? Math.max(1, error.retryAfterSeconds) : undefined;
    const tries = triesOf(event);
    const giveUp = (error instanceof MessengerError && error.permanent) || tries >= maxAttempts;
    const lastError = errorText(error);
    const owned = await db.transaction().execute(async (trx) => {
      const change = giveUp
        ? { status: EventStatus.FAILED, last_error: lastError }
        : { status: EventStatus.PENDING, last_error: lastError, run_at: later(now(), retryAfter ?? backoffSeconds(tries)) };
      const result = await ownedBy(event)(trx).set(change).executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await handler?.failed(trx, event.payload, { error: lastError, final: giveUp, cause: error });
      return true;
    });
    const detail = { eventId: event.id, type: event.type, attempts: event.attempts, error: lastError };
    if (owned && giveUp) log.error(detail, 'event worker: event failed for good');
    else if (owned) log.warn(detail, 'event worker: delivery failed, will retry');
    return owned;
  };

  /**
   * Not yet: back to pending at `until` (at least a second away, so that it cannot spin), the
   * claim counted as a deferral. Fenced like every outcome.
   */
  const markDeferred = async (event: ClaimedEvent, deferral: DeliveryDeferred): Promise<boolean> => {
    const until = new Date(Math.max(deferral.until.getTime(), later(now(), 1).getTime()));
    const result = await ownedBy(event)(db)
      .set((eb) => ({ status: EventStatus.PENDING, run_at: until, deferrals: eb('deferrals', '+', 1) }))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  };

  type Outcome = { error: unknown } | { deferral: DeliveryDeferred } | null;

  /** Runs the event's handler: the error when it fails, the deferral when it is not due yet, null when it was delivered. */
  const attempt = async (event: ClaimedEvent, handler: EventHandler | undefined): Promise<Outcome> => {
    try {
      if (!handler) throw new MessengerError(`no handler for event type ${event.type}`, { permanent: true });
      // Claimed again after its lease ran out once too often: the worker keeps dying on it.
      if (triesOf(event) > maxAttempts) throw new MessengerError(`gave up after ${maxAttempts} attempts`, { permanent: true });
      await handler.deliver(event.payload);
      return null;
    } catch (error) {
      return error instanceof DeliveryDeferred ? { deferral: error } : { error };
    }
  };

  /** Delivers one event and records the outcome; never throws, so one bad event stops nothing. */
  const settle = async (event: ClaimedEvent): Promise<void> => {
    const handler = handlers.get(event.type);
    try {
      if (!(await renewLease(event))) {
        log.warn({ eventId: event.id }, 'event worker: the lease ran out before delivery; another worker has the event');
        return;
      }
      const outcome = await attempt(event, handler);
      const owned =
        outcome && 'deferral' in outcome
          ? await markDeferred(event, outcome.deferral)
          : outcome || !handler
            ? await markFailed(event, handler, outcome?.error)
            : await markProcessed(event, handler);
      if (!owned) log.warn({ eventId: event.id }, 'event worker: the lease ran out during delivery; another worker has the event');
    } catch (error) {
      // The outcome could not be written (the database is away): the lease runs out and the
      // event is tried again; after a successful send that is the one way to send twice.
      log.error({ eventId: event.id, err: error }, 'event worker: could not record the outcome of an event');
    }
  };

  /** Gives claimed events back undelivered: pending again, this claim not counted as an attempt. */
  const putBack = async (events: ClaimedEvent[]) => {
    for (const event of events) {
      await ownedBy(event)(db)
        .set((eb) => ({ status: EventStatus.PENDING, attempts: eb('attempts', '-', 1), run_at: now(), claimed_by: null }))
        .execute();
    }
  };

  const pass = async (): Promise<number> => {
    // Claims are made only under a held lock: others take the claims of a lost one for dead.
    const session = await liveness.whenHeld(1000);
    if (!session) return 0;
    await takeOverDeadClaims(db, now(), session.owner, (owners) => liveness.deadAmong(owners));
    const events = await claimDue(db, now(), batchSize, leaseSeconds, session.owner);
    for (const [index, event] of events.entries()) {
      // A stop finishes the delivery in hand only; a lost lock delivers nothing more.
      if (stopped || !session.held()) {
        await putBack(events.slice(index));
        break;
      }
      await settle(event);
    }
    return events.length;
  };

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  /** Passes run one after another, the loop's and runOnce's alike. */
  let tail: Promise<unknown> = Promise.resolve();
  let looping = false;
  let again = false;

  const runOnce = (): Promise<number> => {
    if (stopped) return Promise.resolve(0);
    const run = tail.then(pass);
    tail = run.catch(() => undefined);
    return run;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void loop(), pollMs);
    // The HTTP server keeps the process alive; a waiting worker must not.
    timer.unref();
  };

  const loop = async (): Promise<void> => {
    // A wake during a pass asks for one more: the event may have come after the claim.
    if (looping) {
      again = true;
      return;
    }
    looping = true;
    clearTimeout(timer);
    try {
      do {
        again = false;
        try {
          // A full batch means more may be due.
          if ((await runOnce()) === batchSize) again = true;
        } catch (error) {
          log.error({ err: error }, 'event worker: could not claim events');
        }
      } while (again && !stopped);
    } finally {
      looping = false;
    }
    schedule();
  };

  schedule();
  return {
    runOnce,
    wake: () => {
      if (!stopped) void loop();
    },
    async stop() {
      stopped = true;
      stopping.abort();
      clearTimeout(timer);
      await tail;
      await liveness.release();
    },
  };
}
