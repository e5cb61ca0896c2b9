import type { Kysely, Transaction } from 'kysely';
import { NOTIFICATION_RETENTION_MS } from '../../../src/domain';
import type { Database } from '../../db/schema';
import type { EventHandler } from '../../jobs/eventHandler';
import { purgeNotifications } from './repository';

/** How often notifications older than their retention are deleted (the lists never show them anyway). */
export const NOTIFICATION_PURGE_EVERY_MS = 60 * 60_000;

const PURGE = 'notifications_purge';

/**
 * Makes the next purge due at `runAt`, on the one job runner, unless one is already waiting: a
 * unique index of migration 024 keeps a single pending or running purge, so two processes that
 * start together, or a purge rescheduling itself, never make two.
 */
export async function scheduleNotificationPurge(db: Kysely<Database> | Transaction<Database>, runAt: Date): Promise<void> {
  await db
    .insertInto('events')
    .values({ type: PURGE, payload: '{}', run_at: runAt })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * `notifications_purge`: deletes the notifications past their retention (30 days), then makes
 * the next one due an hour later in the transaction that marks this one done; a purge that
 * fails for good schedules the next one too, so the chain never ends.
 */
export const notificationPurgeEvent = ({ db, now }: { db: Kysely<Database>; now: () => Date }): EventHandler => {
  const next = () => new Date(now().getTime() + NOTIFICATION_PURGE_EVERY_MS);
  return {
    async deliver() {
      await purgeNotifications(db, new Date(now().getTime() - NOTIFICATION_RETENTION_MS));
    },
    async delivered(trx) {
      await scheduleNotificationPurge(trx, next());
    },
    async failed(trx, _payload, failure) {
      if (failure.final) await scheduleNotificationPurge(trx, next());
    },
  };
};
