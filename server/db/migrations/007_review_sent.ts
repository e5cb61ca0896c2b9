import { sql, type Kysely } from 'kysely';

/**
 * What of a review has reached the messenger: the channel post's message id once the review
 * was posted, and when its answer went to the author. The event worker delivers at least once;
 * these marks let a second delivery of the same event (after a crash or a lease that ran out)
 * see that the work is done and send nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE reviews ADD COLUMN channel_message_id text, ADD COLUMN answer_sent_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE reviews DROP COLUMN IF EXISTS channel_message_id, DROP COLUMN IF EXISTS answer_sent_at`.execute(db);
}
