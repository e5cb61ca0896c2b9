import { sql, type Kysely } from 'kysely';
import { MailingStatus, storedAudience, type MailingFailure } from '../../../src/domain';
import type { Database } from '../../db/schema';
import { fixAudience } from './audience';

/**
 * The sender's statements. Each is one committed statement (or one short transaction), never
 * held across a messenger call: PGlite has one connection, and a crash must leave every row in
 * a state that says what happened. Times come from the database's clock, so that two server
 * processes share one bot's send slots whatever their own clocks say.
 */

/** Where one recipient's send is: claimed just before the send, an outcome just after. */
export const RecipientState = {
  PENDING: 0,
  SENDING: 1,
  SENT: 100,
  /** The customer had blocked the bot. */
  BLOCKED: -1,
  /** The messenger refused this message to this chat. */
  REFUSED: -2,
  /** A send began and its outcome was never recorded (the process died, or the call's outcome is unknown). */
  UNCONFIRMED: -3,
} as const;
export type RecipientOutcome =
  typeof RecipientState.SENT | typeof RecipientState.BLOCKED | typeof RecipientState.REFUSED | typeof RecipientState.UNCONFIRMED;

type Db = Kysely<Database>;

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';

/** The mailing each city is on: the one sending, else the oldest waiting (one bot, one mailing at a time). */
export async function dueMailings(db: Db): Promise<{ id: number; status: number }[]> {
  return db
    .selectFrom('mailings')
    .select(['id', 'status'])
    .distinctOn('city_id')
    .where('status', 'in', [MailingStatus.CREATED, MailingStatus.PROCESSING])
    .orderBy('city_id')
    .orderBy('status', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Starts a waiting mailing: its status and its recipients in one transaction, so the audience
 * is fixed when it starts. False when it is not waiting any more, or another mailing of the
 * city has just started (the unique index of migration 009).
 */
export async function startMailing(db: Db, id: number): Promise<boolean> {
  try {
    return await db.transaction().execute(async (trx) => {
      const mailing = await trx
        .updateTable('mailings')
        .set({ status: MailingStatus.PROCESSING, started_at: sql`clock_timestamp()`, next_send_at: null, position: 0 })
        .where('id', '=', id)
        .where('status', '=', MailingStatus.CREATED)
        .returning(['city_id', 'last_active_date', 'audience', 'created_at'])
        .executeTakeFirst();
      if (!mailing) return false;
      // The filters it was made with; "within N days" counts back from when it was made, as its confirmation did.
      const count = await fixAudience(trx, id, {
        cityId: mailing.city_id,
        since: mailing.last_active_date,
        filters: storedAudience(mailing.audience),
        asOf: mailing.created_at,
      });
      await trx.updateTable('mailings').set({ count }).where('id', '=', id).execute();
      return true;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * Takes `count` send slots of the mailing's bot, `stepMs` apart, after those already taken by
 * any process: answers how long to wait for the first, or null when the mailing no longer
 * sends (stopped, failed or finished), which is how a stop reaches every sender.
 */
export async function reserveSlots(db: Db, id: number, count: number, stepMs: number): Promise<{ waitMs: number } | null> {
  const span = count * stepMs;
  const { rows } = await sql<{ wait_ms: number | string }>`
    UPDATE mailings
    SET next_send_at = GREATEST(next_send_at, clock_timestamp()) + ${span} * interval '1 millisecond'
    WHERE id = ${id} AND status = ${MailingStatus.PROCESSING}
    RETURNING extract(epoch FROM next_send_at - ${span} * interval '1 millisecond' - clock_timestamp()) * 1000 AS wait_ms`.execute(db);
  return rows[0] ? { waitMs: Math.max(0, Number(rows[0].wait_ms)) } : null;
}

/** Holds back every sender of the mailing for `seconds` (the messenger's retry_after, or a back-off). */
export async function pauseMailing(db: Db, id: number, seconds: number, lastError: string): Promise<void> {
  await sql`
    UPDATE mailings
    SET next_send_at = GREATEST(next_send_at, clock_timestamp() + ${seconds * 1000} * interval '1 millisecond'), last_error = ${lastError}
    WHERE id = ${id}`.execute(db);
}

/**
 * Claims the next pending recipient of a sending mailing after `afterUserId`, just before its
 * send, in the name of `owner` (the claiming process's liveness owner id, null when unknown):
 * SKIP LOCKED lets another process claim the next one at the same moment, and the committed
 * `sending` state keeps everyone else (and this process after a restart) from sending to it
 * again. Starting after the last one claimed keeps the index scan off the entries of the
 * recipients already done, which only a vacuum removes.
 */
export async function claimRecipient(
  db: Db,
  id: number,
  afterUserId: number,
  owner: number | null,
): Promise<{ userId: number; chatId: number } | null> {
  const { rows } = await sql<{ user_id: number; chat_id: number }>`
    UPDATE mailing_recipients
    SET state = ${RecipientState.SENDING}, claimed_at = clock_timestamp(), claimed_by = ${owner}
    WHERE mailing_id = ${id} AND user_id = (
      SELECT r.user_id FROM mailing_recipients r
      JOIN mailings m ON m.id = r.mailing_id AND m.status = ${MailingStatus.PROCESSING}
      WHERE r.mailing_id = ${id} AND r.state = ${RecipientState.PENDING} AND r.user_id > ${afterUserId}
      ORDER BY r.user_id
      LIMIT 1
      FOR UPDATE OF r SKIP LOCKED)
    RETURNING user_id, chat_id`.execute(db);
  const row = rows[0];
  return row ? { userId: Number(row.user_id), chatId: Number(row.chat_id) } : null;
}

/**
 * Records a claimed recipient's outcome and moves the mailing's position in the same
 * statement; a blocked customer is marked on their account too. Only a claim still in
 * `sending` is recorded, so an outcome can never count twice.
 */
export async function recordOutcome(db: Db, id: number, userId: number, state: RecipientOutcome, error: string | null): Promise<void> {
  const blocked = state === RecipientState.BLOCKED;
  const undelivered = state === RecipientState.REFUSED || state === RecipientState.UNCONFIRMED;
  const unconfirmed = state === RecipientState.UNCONFIRMED;
  await sql`
    WITH done AS (
      UPDATE mailing_recipients SET state = ${state}, done_at = clock_timestamp(), error = ${error}
      WHERE mailing_id = ${id} AND user_id = ${userId} AND state = ${RecipientState.SENDING}
      RETURNING user_id
    ), marked AS (
      UPDATE users SET blocked = true, blocked_at = COALESCE(blocked_at, clock_timestamp())
      WHERE ${blocked} AND id IN (SELECT user_id FROM done)
    )
    UPDATE mailings SET
      position = position + (SELECT count(*) FROM done),
      blocked = blocked + CASE WHEN ${blocked} THEN (SELECT count(*) FROM done) ELSE 0 END,
      undelivered = undelivered + CASE WHEN ${undelivered} THEN (SELECT count(*) FROM done) ELSE 0 END,
      unconfirmed = unconfirmed + CASE WHEN ${unconfirmed} THEN (SELECT count(*) FROM done) ELSE 0 END,
      last_error = CASE WHEN ${undelivered} THEN ${error} ELSE last_error END
    WHERE id = ${id}`.execute(db);
}

/** Puts a claimed recipient back: the messenger said the message was not taken (rate limit, an outage). */
export async function releaseRecipient(db: Db, id: number, userId: number): Promise<void> {
  await db
    .updateTable('mailing_recipients')
    .set({ state: RecipientState.PENDING, claimed_at: null, claimed_by: null })
    .where('mailing_id', '=', id)
    .where('user_id', '=', userId)
    .where('state', '=', RecipientState.SENDING)
    .execute();
}

/**
 * The owners of the mailing's claims under way, other than `self`: whose liveness to ask
 * before waiting for their lease.
 */
export async function claimOwners(db: Db, id: number, self: number | null): Promise<number[]> {
  const rows = await db
    .selectFrom('mailing_recipients')
    .select('claimed_by')
    .distinct()
    .where('mailing_id', '=', id)
    .where('state', '=', RecipientState.SENDING)
    .where('claimed_by', 'is not', null)
    .$if(self !== null, (query) => query.where('claimed_by', '<>', self ?? 0))
    .execute();
  return rows.flatMap((row) => (row.claimed_by === null ? [] : [row.claimed_by]));
}

/**
 * Once nothing is left to claim: claims of an owner known to be gone (`deadOwners`, see
 * server/jobs/processLiveness.ts), and any claim older than `leaseSeconds` (its owner unknown,
 * or its send hung that long), belong to a send whose outcome nobody will record; they become
 * unconfirmed (never sent again). Then the mailing finishes when no recipient is pending or
 * sending. `sending` means another process still has sends under way (or one was put back);
 * `over` that the mailing stopped meanwhile.
 */
export async function settleMailing(
  db: Db,
  id: number,
  leaseSeconds: number,
  deadOwners: readonly number[] = [],
): Promise<'finished' | 'sending' | 'over'> {
  await sql`
    WITH stale AS (
      UPDATE mailing_recipients
      SET state = ${RecipientState.UNCONFIRMED}, done_at = clock_timestamp(), error = 'the sender stopped before recording this send'
      WHERE mailing_id = ${id} AND state = ${RecipientState.SENDING}
        AND (claimed_at < clock_timestamp() - ${leaseSeconds * 1000} * interval '1 millisecond'
          OR claimed_by = ANY(${[...deadOwners]}::int[]))
      RETURNING user_id
    )
    UPDATE mailings SET
      position = position + (SELECT count(*) FROM stale),
      undelivered = undelivered + (SELECT count(*) FROM stale),
      unconfirmed = unconfirmed + (SELECT count(*) FROM stale)
    WHERE id = ${id} AND EXISTS (SELECT 1 FROM stale)`.execute(db);
  const finished = await db
    .updateTable('mailings')
    .set({ status: MailingStatus.FINISHED, finished_at: sql`clock_timestamp()`, next_send_at: null })
    .where('id', '=', id)
    .where('status', '=', MailingStatus.PROCESSING)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('mailing_recipients')
            .select('user_id')
            .where('mailing_id', '=', id)
            .where('state', 'in', [RecipientState.PENDING, RecipientState.SENDING]),
        ),
      ),
    )
    .returning('id')
    .executeTakeFirst();
  if (finished) return 'finished';
  const row = await db.selectFrom('mailings').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status === MailingStatus.PROCESSING ? 'sending' : 'over';
}

/** Ends a waiting or sending mailing as failed, with the reason shown on the screen. */
export async function failMailing(db: Db, id: number, failure: MailingFailure, lastError: string | null, stoppedBy?: number) {
  return db
    .updateTable('mailings')
    .set({
      status: MailingStatus.FAILED,
      failure,
      // A stop keeps the last problem the messenger reported, if any.
      last_error: lastError ?? sql<string | null>`last_error`,
      finished_at: sql`clock_timestamp()`,
      next_send_at: null,
      stopped_by: stoppedBy ?? null,
    })
    .where('id', '=', id)
    .where('status', 'in', [MailingStatus.CREATED, MailingStatus.PROCESSING])
    .returning('id')
    .executeTakeFirst();
}
