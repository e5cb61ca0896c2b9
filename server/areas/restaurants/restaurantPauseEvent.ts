import { sql, type Kysely, type Transaction } from 'kysely';
import { EventStatus } from '../../../src/domain';
import type { Database } from '../../db/schema';
import { MessengerError } from '../../messenger/gateway';
import type { EventHandler } from '../../jobs/eventHandler';

const restaurantIdOf = (payload: Record<string, unknown>): number => {
  const id = payload.restaurantId;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) {
    // Trying again would not change the payload: fail it at once.
    throw new MessengerError(`payload has no restaurantId: ${JSON.stringify(payload)}`, { permanent: true });
  }
  return id;
};

/**
 * `restaurant_unpause`, due at a pause's end: clears the ended pause. The record already reads
 * as open once the end has come (src/domain/pause.ts); this keeps the columns honest for
 * whoever reads the table. Only a pause that has ended is cleared, so a pause renewed or
 * lengthened since this event was written stays. Nothing leaves the database, so the work is
 * done in the transaction that marks the event processed.
 */
export function restaurantUnpauseEvent({ now }: { now: () => Date }): EventHandler {
  return {
    async deliver(payload) {
      restaurantIdOf(payload);
    },
    async delivered(trx: Transaction<Database>, payload) {
      await trx
        .updateTable('restaurants')
        .set({ paused_at: null, paused_until: null })
        .where('id', '=', restaurantIdOf(payload))
        .where('paused_until', '<=', now())
        .execute();
    },
    async failed() {},
  };
}

/** Drops a restaurant's pending unpause events: its pause was replaced or lifted. */
export async function dropUnpauseEvents(db: Kysely<Database> | Transaction<Database>, restaurantId: number): Promise<void> {
  await db
    .deleteFrom('events')
    .where('type', '=', 'restaurant_unpause')
    .where(sql<boolean>`payload->>'restaurantId' = ${String(restaurantId)}`)
    .where('status', '=', EventStatus.PENDING)
    .execute();
}
