import { sql, type Kysely } from 'kysely';
import { EventStatus } from '../../src/domain/statuses';
import { isDemoDatabase, runDemoTick, type RandomSource } from '../db/demo/traffic';
import type { Database } from '../db/schema';
import type { EventHandler } from './eventHandler';
import { enqueueEvent } from './events';

/**
 * The demo's traffic (server/db/demo/traffic.ts) as a job of the one runner: an event of its own
 * type, due at the next moment, whose handler writes that moment and the next event in the
 * transaction that marks it processed. So its schedule lives in the database: it survives a
 * restart, one process takes each moment (the worker's claim), and a stop leaves the next
 * moment pending for the next start. With the switch off the handler writes nothing and no next
 * event: the chain ends.
 */

export const DEMO_TRAFFIC_EVENT = 'demo_traffic';
/** A moment comes 20 to 60 seconds after the one before. */
export const DEMO_TICK_MIN_SECONDS = 20;
export const DEMO_TICK_MAX_SECONDS = 60;

/** Two processes starting at once must not start two chains: the check and the insert go under this lock. */
const DEMO_LOCK_SPACE = 0x64_65_6d_6f;
const DEMO_LOCK_KEY = 1;

export interface DemoTrafficOptions {
  /** DEMO_TRAFFIC with DEMO on (server/config.ts). */
  enabled: boolean;
  random?: RandomSource;
  /** Passed to each moment (tests make them certain). */
  chatChance?: number;
  moveChance?: number;
}

interface Log {
  warn(detail: object, message: string): void;
}

const lock = (db: Kysely<Database>) => sql`SELECT pg_advisory_xact_lock(${DEMO_LOCK_SPACE}, ${DEMO_LOCK_KEY})`.execute(db);

const nextMoment = (now: Date, random: RandomSource): Date =>
  new Date(now.getTime() + (DEMO_TICK_MIN_SECONDS + random() * (DEMO_TICK_MAX_SECONDS - DEMO_TICK_MIN_SECONDS)) * 1000);

/**
 * Starts the chain unless one is under way (a moment pending or being written): called at a
 * start with the traffic on. Nothing in a database the demo did not seed. True when a chain runs.
 */
export async function ensureDemoTraffic(db: Kysely<Database>, now: Date, random: RandomSource = Math.random): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lock(trx);
    if (!(await isDemoDatabase(trx))) return false;
    const running = await trx
      .selectFrom('events')
      .select('id')
      .where('type', '=', DEMO_TRAFFIC_EVENT)
      .where('status', 'in', [EventStatus.PENDING, EventStatus.PROCESSING])
      .limit(1)
      .executeTakeFirst();
    if (!running) await enqueueEvent(trx, { type: DEMO_TRAFFIC_EVENT, payload: {} }, nextMoment(now, random));
    return true;
  });
}

/** `demo_traffic`: one moment of the demo, then the next one 20-60 s later. */
export function demoTrafficEvent({ options, now, log }: { options: DemoTrafficOptions; now: () => Date; log: Log }): EventHandler {
  const random = options.random ?? Math.random;
  return {
    // Nothing leaves the database: the work is done where the event is marked processed.
    async deliver() {},
    async delivered(trx) {
      if (!options.enabled) return;
      await lock(trx);
      if (!(await isDemoDatabase(trx))) {
        log.warn({}, 'demo traffic: this database was not seeded by the demo; the traffic stops');
        return;
      }
      const at = now();
      // A moment that fails (a restaurant deleted meanwhile) is skipped, never the chain.
      await sql`SAVEPOINT demo_moment`.execute(trx);
      try {
        await runDemoTick(trx, { now: at, random, chatChance: options.chatChance, moveChance: options.moveChance });
        await sql`RELEASE SAVEPOINT demo_moment`.execute(trx);
      } catch (error) {
        await sql`ROLLBACK TO SAVEPOINT demo_moment`.execute(trx);
        log.warn({ err: error }, 'demo traffic: a moment failed and was skipped');
      }
      await enqueueEvent(trx, { type: DEMO_TRAFFIC_EVENT, payload: {} }, nextMoment(at, random));
    },
    async failed() {},
  };
}
