import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * Claims that name their owner, so that a restarted process knows at once which claims belong
 * to a process that is gone (server/jobs/processLiveness.ts) instead of waiting for their lease.
 *
 * - process_owners_seq: each running process (each session of its liveness lock) takes a new
 *   number; an id is never given twice, so a dead owner cannot come back to life.
 * - mailing_recipients.claimed_by, events.claimed_by: the owner of a claim; null for claims made
 *   before, or by a handle whose liveness is unknown (those wait for their lease).
 * - mailings.unconfirmed: of `undelivered`, the sends whose outcome is unknown (their process
 *   died, or the messenger's answer was lost): shown apart on the screen, since those customers
 *   may well have the message.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE SEQUENCE process_owners_seq AS integer;
    ALTER TABLE mailing_recipients ADD COLUMN claimed_by integer;
    ALTER TABLE events ADD COLUMN claimed_by integer;
    ALTER TABLE mailings ADD COLUMN unconfirmed integer NOT NULL DEFAULT 0 CHECK (unconfirmed >= 0);
    UPDATE mailings m SET unconfirmed = u.n
      FROM (SELECT mailing_id, count(*)::int AS n FROM mailing_recipients WHERE state = -3 GROUP BY mailing_id) u
      WHERE u.mailing_id = m.id
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE mailings DROP COLUMN IF EXISTS unconfirmed;
    ALTER TABLE events DROP COLUMN IF EXISTS claimed_by;
    ALTER TABLE mailing_recipients DROP COLUMN IF EXISTS claimed_by;
    DROP SEQUENCE IF EXISTS process_owners_seq
  `,
  );
}
