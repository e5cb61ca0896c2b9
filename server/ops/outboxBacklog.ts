import type { Kysely } from 'kysely';
import { EventStatus } from '../../src/domain';
import type { Database } from '../db/schema';

/** At most this many due events are counted: the scrape stays cheap however far behind the worker is. */
export const OUTBOX_COUNT_LIMIT = 10_000;

/** A scrape does not wait longer for the database. */
const BACKLOG_TIMEOUT_MS = 1000;

export interface OutboxBacklog {
  /** Events due and not delivered (up to OUTBOX_COUNT_LIMIT). */
  due: number;
  /** Seconds since the oldest of them became due; 0 when none is. */
  oldestAgeSeconds: number;
}

/**
 * The outbox's backlog at `now`, read through its partial index on run_at (pending and
 * processing events; a claimed one's run_at is its lease's end, so it is not due while its
 * worker lives). Null when the database does not answer within a second.
 */
export async function outboxBacklog(db: Kysely<Database>, now: Date): Promise<OutboxBacklog | null> {
  const due = db
    .selectFrom('events')
    .select('run_at')
    .where('status', 'in', [EventStatus.PENDING, EventStatus.PROCESSING])
    .where('run_at', '<=', now)
    .orderBy('run_at')
    .limit(OUTBOX_COUNT_LIMIT)
    .as('due');
  const query = db
    .selectFrom(due)
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('due.run_at').as('oldest')])
    .executeTakeFirst();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((done) => (timer = setTimeout(() => done(null), BACKLOG_TIMEOUT_MS)));
  try {
    const row = await Promise.race([query, late]);
    if (!row) return null;
    const oldest = row.oldest === null ? null : new Date(row.oldest);
    return {
      due: Number(row.count),
      oldestAgeSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0,
    };
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
