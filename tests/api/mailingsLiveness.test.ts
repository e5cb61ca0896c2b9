import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema';
import { startMailingSender, type MailingSender } from '../../server/areas/mailings/mailingSender';
import { acquireLiveness, type ProcessLiveness } from '../../server/jobs/processLiveness';
import { claimRecipient, RecipientState, startMailing } from '../../server/areas/mailings/senderQueries';
import type { MessengerGateway } from '../../server/messenger/gateway';
import { MailingStatus } from '../../src/domain';
import { backends, openTestDb, type TestDb } from './harness';
import { createCustomers, createMailing, createMailingCity, mailingEnded, recipientStates, silentLog } from './mailingFixtures';
import { recordingMessenger } from './recordingMessenger';
import { openSecondHandle } from './secondHandle';

/** Far longer than any test here: what is settled was not settled by the lease. */
const LEASE_SECONDS = 300;

/** A sending mailing to `count` customers, its recipients fixed. */
async function sendingMailing(db: Kysely<Database>, count: number) {
  const { cityId } = await createMailingCity(db);
  await createCustomers(db, cityId, count);
  const id = await createMailing(db, cityId);
  expect(await startMailing(db, id)).toBe(true);
  return id;
}

/** An owner id nobody holds: the process that took it is gone. */
const goneOwner = async (db: Kysely<Database>) =>
  Number((await sql<{ owner: number }>`SELECT nextval('process_owners_seq')::int AS owner`.execute(db)).rows[0].owner);

/** The owner of this process's liveness on `db`, once its lock is held. */
async function heldOwner(liveness: ProcessLiveness): Promise<number> {
  await expect.poll(() => liveness.current(), { timeout: 10_000, interval: 20 }).not.toBeNull();
  return liveness.current()?.owner ?? -1;
}

describe.each(backends)('claims whose owner is gone, on %s', (backend) => {
  let t: TestDb;
  const senders: MailingSender[] = [];
  beforeAll(async () => {
    t = await openTestDb(backend);
  });
  afterAll(async () => t.close());
  afterEach(async () => {
    await Promise.all(senders.splice(0).map((sender) => sender.stop()));
  });
  const start = (db: Kysely<Database>, messenger: MessengerGateway) => {
    const sender = startMailingSender({ db, messenger, rate: 200, pollMs: 20, leaseSeconds: LEASE_SECONDS, log: silentLog });
    senders.push(sender);
    return sender;
  };

  it('counts the claim of a gone owner unconfirmed at once, and leaves a claim of no known owner to its lease', async () => {
    const id = await sendingMailing(t.db, 12);
    const dead = await claimRecipient(t.db, id, 0, await goneOwner(t.db));
    const unknown = await claimRecipient(t.db, id, 0, null);
    const messenger = recordingMessenger();
    start(t.db, messenger);
    await expect
      .poll(async () => (await recipientStates(t.db, id)).find((r) => r.user_id === dead?.userId)?.state, { timeout: 10_000 })
      .toBe(RecipientState.UNCONFIRMED);
    await expect.poll(() => messenger.calls.length, { timeout: 10_000 }).toBe(10);
    const row = await t.db.selectFrom('mailings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: MailingStatus.PROCESSING, position: 11, undelivered: 1, unconfirmed: 1 });
    expect((await recipientStates(t.db, id)).find((r) => r.user_id === unknown?.userId)?.state).toBe(RecipientState.SENDING);
    // Neither was sent by the new sender.
    const chats = messenger.callsPerChat();
    expect(chats.has(String(dead?.chatId))).toBe(false);
    expect(chats.has(String(unknown?.chatId))).toBe(false);
  });

  it.skipIf(backend !== 'postgres')('keeps the claims of a live owner in another process, and takes them once it ends', async () => {
    const second = await openSecondHandle(t.db, backend);
    const other = acquireLiveness(second.db);
    try {
      const id = await sendingMailing(t.db, 8);
      const claimed = await claimRecipient(second.db, id, 0, await heldOwner(other));
      const messenger = recordingMessenger();
      start(t.db, messenger);
      await expect.poll(() => messenger.calls.length, { timeout: 10_000 }).toBe(7);
      // Its owner lives: the claim is its send under way, however long it takes.
      await new Promise((done) => setTimeout(done, 500));
      expect((await recipientStates(t.db, id)).find((r) => r.user_id === claimed?.userId)?.state).toBe(RecipientState.SENDING);
      await other.release();
      expect(await mailingEnded(t.db, id, 10_000)).toMatchObject({ status: MailingStatus.FINISHED, position: 8, unconfirmed: 1 });
      expect(messenger.callsPerChat().has(String(claimed?.chatId))).toBe(false);
    } finally {
      await other.release();
      await second.close();
    }
  });

  it.skipIf(backend !== 'postgres')(
    'takes its lock again under a new owner when its connection drops, and sends nothing while it has none',
    async () => {
      const id = await sendingMailing(t.db, 150);
      // The same liveness as the sender's (one per database handle).
      const probe = acquireLiveness(t.db);
      try {
        const firstOwner = await heldOwner(probe);
        const recording = recordingMessenger({ latencyMs: 5 });
        /** The owner this process held at each send; null for a send made without a lock. */
        const ownerAtSend: (number | null)[] = [];
        start(t.db, {
          ...recording,
          sendMessage: (message) => {
            ownerAtSend.push(probe.current()?.owner ?? null);
            return recording.sendMessage(message);
          },
        });
        await expect.poll(() => recording.calls.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(30);
        // The database ends the lock's connection (an administrator, a failover): the lock is gone with it.
        const { rows } = await sql<{ ended: boolean }>`
          SELECT pg_terminate_backend(pid) AS ended FROM pg_locks
          WHERE locktype = 'advisory' AND objid = ${firstOwner} AND objsubid = 2 AND granted`.execute(t.db);
        expect(rows).toEqual([{ ended: true }]);
        const ended = await mailingEnded(t.db, id, 30_000);
        const secondOwner = probe.current()?.owner;
        expect(secondOwner).not.toBe(firstOwner);
        expect(ownerAtSend).not.toContain(null);
        expect(new Set(ownerAtSend)).toEqual(new Set([firstOwner, secondOwner]));
        // The first owner is gone for everyone; the second lives.
        const other = await openSecondHandle(t.db, backend);
        const watcher = acquireLiveness(other.db);
        try {
          expect(await watcher.deadAmong([firstOwner, secondOwner ?? -1])).toEqual([firstOwner]);
        } finally {
          await watcher.release();
          await other.close();
        }
        // Nobody twice, nobody left out: the claims of the lost lock were put back, not lost.
        expect([...recording.callsPerChat().values()].filter((n) => n > 1)).toEqual([]);
        expect(ended).toMatchObject({ status: MailingStatus.FINISHED, position: 150, undelivered: 0, unconfirmed: 0 });
        expect(recording.calls).toHaveLength(150);
      } finally {
        await probe.release();
      }
    },
  );
});
