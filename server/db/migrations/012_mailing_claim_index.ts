import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * A claimed mailing recipient is found by its key. The partial index of claims (state 1) led
 * with claimed_at, so finding one claim walked the entries every recorded claim leaves behind
 * until a vacuum (PGlite runs no autovacuum) and a long mailing slowed as it went. Keyed by the
 * recipient, like the pending index, each lookup is one probe.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX IF EXISTS mailing_recipients_sending_idx;
    CREATE INDEX mailing_recipients_sending_idx ON mailing_recipients (mailing_id, user_id) WHERE state = 1
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX IF EXISTS mailing_recipients_sending_idx;
    CREATE INDEX mailing_recipients_sending_idx ON mailing_recipients (mailing_id, claimed_at) WHERE state = 1
  `,
  );
}
