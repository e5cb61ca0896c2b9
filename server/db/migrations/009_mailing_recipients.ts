import { sql, type Kysely } from 'kysely';

/**
 * Mass mailings that send to each recipient at most once. When a mailing starts, its audience
 * is written here in one statement and never changes after; each recipient row then goes
 * pending -> sending (claimed just before its send) -> an outcome, each step its own committed
 * statement, and the mailing's position moves in the same statement as the outcome. A row left
 * in sending by a process that died is never sent again (it becomes unconfirmed).
 *
 * - users.blocked_at: when a customer blocked the bot (the messenger refused with 403); a
 *   blocked customer is left out of later audiences.
 * - mailings: when it started and ended, the next free send slot of its bot (shared by every
 *   process, so that two senders together keep the rate), why it failed, the last error the
 *   messenger gave, and how many recipients had blocked the bot or were not reached.
 * - At most one mailing of a city sends at a time (the city's one bot has one rate limit).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN blocked_at timestamptz`.execute(db);
  await sql`
    ALTER TABLE mailings
      ADD COLUMN started_at timestamptz,
      ADD COLUMN finished_at timestamptz,
      ADD COLUMN next_send_at timestamptz,
      ADD COLUMN failure varchar(32),
      ADD COLUMN last_error text,
      ADD COLUMN blocked integer NOT NULL DEFAULT 0 CHECK (blocked >= 0),
      ADD COLUMN undelivered integer NOT NULL DEFAULT 0 CHECK (undelivered >= 0),
      ADD COLUMN stopped_by integer REFERENCES users(id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX mailings_one_sending_per_city_idx ON mailings (city_id) WHERE status = 50`.execute(db);
  await sql`CREATE INDEX mailings_city_created_idx ON mailings (city_id, created_at DESC)`.execute(db);
  // No foreign key to users: a customer deleted mid-mailing must not take their row (and the
  // mailing's count) with them; the chat id is copied so the send needs no join.
  await sql`
    CREATE TABLE mailing_recipients (
      mailing_id integer NOT NULL REFERENCES mailings(id) ON DELETE CASCADE,
      user_id integer NOT NULL,
      chat_id bigint NOT NULL,
      state smallint NOT NULL DEFAULT 0 CHECK (state IN (0, 1, 100, -1, -2, -3)),
      claimed_at timestamptz,
      done_at timestamptz,
      error text,
      PRIMARY KEY (mailing_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX mailing_recipients_pending_idx ON mailing_recipients (mailing_id, user_id) WHERE state = 0`.execute(db);
  await sql`CREATE INDEX mailing_recipients_sending_idx ON mailing_recipients (mailing_id, claimed_at) WHERE state = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS mailing_recipients`.execute(db);
  await sql`DROP INDEX IF EXISTS mailings_one_sending_per_city_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS mailings_city_created_idx`.execute(db);
  await sql`
    ALTER TABLE mailings
      DROP COLUMN IF EXISTS started_at,
      DROP COLUMN IF EXISTS finished_at,
      DROP COLUMN IF EXISTS next_send_at,
      DROP COLUMN IF EXISTS failure,
      DROP COLUMN IF EXISTS last_error,
      DROP COLUMN IF EXISTS blocked,
      DROP COLUMN IF EXISTS undelivered,
      DROP COLUMN IF EXISTS stopped_by`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS blocked_at`.execute(db);
}
