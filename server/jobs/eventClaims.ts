import type { Kysely } from 'kysely';
import { EventStatus } from '../../src/domain';
import type { Database } from '../db/schema';

/** An event as a worker claimed it (./eventWorker.ts). */
export interface ClaimedEvent {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  /** Incremented by each claim, so it also tells this claim from a later one (a fencing token). */
  attempts: number;
  /** Claims that were deferrals: `attempts - deferrals` is how many really tried and failed, this one included. */
  deferrals: number;
}

/**
 * Takes up to `limit` due events for `owner` (./processLiveness.ts): pending ones whose time has
 * come, and processing ones whose lease ran out (or whose owner is gone: see takeOverDeadClaims). SKIP LOCKED lets another worker claim the rest at the same moment; the new
 * run_at is the lease, so no one else takes them while they are delivered.
 */
export async function claimDue(
  db: Kysely<Database>,
  at: Date,
  limit: number,
  leaseSeconds: number,
  owner: number | null,
): Promise<ClaimedEvent[]> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('events')
      .select('id')
      .where('status', 'in', [EventStatus.PENDING, EventStatus.PROCESSING])
      .where('run_at', '<=', at)
      .orderBy('run_at')
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    const ids = due.map((row) => row.id);
    const claimed = await trx
      .updateTable('events')
      .set((eb) => ({
        status: EventStatus.PROCESSING,
        attempts: eb('attempts', '+', 1),
        run_at: new Date(at.getTime() + leaseSeconds * 1000),
        claimed_by: owner,
      }))
      .where('id', 'in', ids)
      .returning(['id', 'type', 'payload', 'attempts', 'deferrals'])
      .execute();
    const order = new Map(ids.map((id, index) => [id, index]));
    return claimed.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  });
}

/**
 * Makes the claims of gone owners (other than `self`) due now, so that the next claim takes
 * them without waiting for their lease. Owners are asked only for the events under way.
 */
export async function takeOverDeadClaims(
  db: Kysely<Database>,
  at: Date,
  self: number | null,
  deadAmong: (owners: number[]) => Promise<number[]>,
) {
  const rows = await db
    .selectFrom('events')
    .select('claimed_by')
    .distinct()
    .where('status', '=', EventStatus.PROCESSING)
    .where('run_at', '>', at)
    .where('claimed_by', 'is not', null)
    .$if(self !== null, (query) => query.where('claimed_by', '<>', self ?? 0))
    .execute();
  const owners = rows.flatMap((row) => (row.claimed_by === null ? [] : [row.claimed_by]));
  const dead = owners.length > 0 ? await deadAmong(owners) : [];
  if (dead.length === 0) return;
  await db.updateTable('events').set({ run_at: at }).where('status', '=', EventStatus.PROCESSING).where('claimed_by', 'in', dead).execute();
}
