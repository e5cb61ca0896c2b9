import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * What the ad scheduler keeps:
 * - advertisements.last_error: why the last publication or removal failed (shown with the
 *   publishFailed and unpublishFailed states); deleted_at: a deleted ad leaves every list,
 *   while its pending removal from the chat still finds it.
 * - events.deferrals: how many claims ended with "not yet" (an ad waiting for its images or its
 *   turn in the chat). `attempts` goes on counting every claim, so it stays a fencing token;
 *   failed attempts are `attempts - deferrals`.
 * - ad_chat_slots: per chat, when the next ad may be posted (the city's adChatDelay). Taking
 *   the slot is one conditional statement, so two workers never post into one chat too close.
 * - messenger_outbox.video_id: the local messenger's record of a sent video.
 * - an index to find an ad's pending publish or removal event when the ad is edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE advertisements ADD COLUMN last_error text, ADD COLUMN deleted_at timestamptz;
    ALTER TABLE events ADD COLUMN deferrals integer NOT NULL DEFAULT 0;
    ALTER TABLE messenger_outbox ADD COLUMN video_id varchar(255);
    CREATE TABLE ad_chat_slots (
      chat_id varchar(64) PRIMARY KEY,
      next_free_at timestamptz NOT NULL,
      ad_id integer
    );
    CREATE INDEX events_ad_idx ON events ((payload->>'adId')) WHERE type IN ('ad_publish', 'ad_unpublish');
    CREATE INDEX advertisements_created_idx ON advertisements (restaurant_id, created_at DESC)
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX IF EXISTS advertisements_created_idx;
    DROP INDEX IF EXISTS events_ad_idx;
    DROP TABLE IF EXISTS ad_chat_slots;
    ALTER TABLE messenger_outbox DROP COLUMN IF EXISTS video_id;
    ALTER TABLE events DROP COLUMN IF EXISTS deferrals;
    ALTER TABLE advertisements DROP COLUMN IF EXISTS last_error, DROP COLUMN IF EXISTS deleted_at
  `,
  );
}
