import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema';
import { startEventWorker, type EventWorker } from '../../server/jobs/eventWorker';
import { enqueueEvent } from '../../server/jobs/events';
import { acquireLiveness } from '../../server/jobs/processLiveness';
import type { MessengerGateway } from '../../server/messenger/gateway';
import { EventStatus, MessageStatus, Role } from '../../src/domain';
import { backends, createRestaurant, createStaff, openTestDb, type TestDb } from './harness';
import { createMailingCity } from './mailingFixtures';
import { createCustomer, createOrder } from './orderFixtures';
import { recordingMessenger } from './recordingMessenger';
import { openSecondHandle } from './secondHandle';

/** Longer than any test: passes run only when a test asks for one. */
const NEVER_MS = 3_600_000;
const LEASE_SECONDS = 60;

/** An order chat of a city with its bot: `send` writes a message to the customer and its event, as the API does. */
async function orderChat(db: Kysely<Database>) {
  const { cityId } = await createMailingCity(db);
  const restaurantId = await createRestaurant(db, cityId);
  const userId = await createCustomer(db, cityId);
  const operatorId = await createStaff(db, { username: `operator-${cityId}`, roleId: Role.OPERATOR, cityId });
  const order = await createOrder(db, { cityId, restaurantId, userId });
  const send = (text: string) =>
    db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('order_messages')
        .values({ order_id: order.id, from_id: operatorId, to_id: userId, text, url: null, restaurant_sent: true })
        .returning('id')
        .executeTakeFirstOrThrow();
      await enqueueEvent(trx, { type: 'order_message', payload: { messageId: row.id } });
      return row.id;
    });
  return { send };
}

const eventOf = (db: Kysely<Database>, messageId: number) =>
  db
    .selectFrom('events')
    .selectAll()
    .where(sql<boolean>`(payload->>'messageId')::int = ${messageId}`)
    .executeTakeFirstOrThrow();

/** The event as a worker left it mid-delivery: claimed by `owner`, its lease a minute away. */
const claimedBy = (db: Kysely<Database>, messageId: number, owner: number | null) =>
  db
    .updateTable('events')
    .set({ status: EventStatus.PROCESSING, attempts: 1, run_at: new Date(Date.now() + LEASE_SECONDS * 1000), claimed_by: owner })
    .where(sql<boolean>`(payload->>'messageId')::int = ${messageId}`)
    .execute();

describe.each(backends)('the event worker and the liveness of claims, on %s', (backend) => {
  let t: TestDb;
  const workers: EventWorker[] = [];
  beforeAll(async () => {
    t = await openTestDb(backend);
  });
  afterAll(async () => t.close());
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await t.db.deleteFrom('events').execute();
  });
  const start = (messenger: MessengerGateway, db = t.db) => {
    const worker = startEventWorker({
      db,
      messenger,
      pollMs: NEVER_MS,
      leaseSeconds: LEASE_SECONDS,
      log: { warn: () => {}, error: () => {} },
    });
    workers.push(worker);
    return worker;
  };

  it('takes at once an event whose claiming process is gone, and leaves one of no known owner to its lease', async () => {
    const chat = await orderChat(t.db);
    const orphan = await chat.send('Claimed by a process that died');
    const unknown = await chat.send('Claimed before owners were recorded');
    const gone = Number((await sql<{ owner: number }>`SELECT nextval('process_owners_seq')::int AS owner`.execute(t.db)).rows[0].owner);
    await claimedBy(t.db, orphan, gone);
    await claimedBy(t.db, unknown, null);
    const messenger = recordingMessenger();
    const worker = start(messenger);
    expect(await worker.runOnce()).toBe(1);
    expect(await eventOf(t.db, orphan)).toMatchObject({ status: EventStatus.PROCESSED, attempts: 2 });
    expect(await eventOf(t.db, unknown)).toMatchObject({ status: EventStatus.PROCESSING, attempts: 1 });
    expect(messenger.calls).toHaveLength(1);
  });

  it.skipIf(backend !== 'postgres')('leaves alone the event claimed by a live process', async () => {
    const chat = await orderChat(t.db);
    const messageId = await chat.send('Under way in another process');
    const second = await openSecondHandle(t.db, backend);
    const other = acquireLiveness(second.db);
    try {
      const held = await other.whenHeld(10_000);
      await claimedBy(t.db, messageId, held?.owner ?? null);
      const worker = start(recordingMessenger());
      expect(await worker.runOnce()).toBe(0);
      await other.release();
      expect(await worker.runOnce()).toBe(1);
      expect(await eventOf(t.db, messageId)).toMatchObject({ status: EventStatus.PROCESSED });
    } finally {
      await other.release();
      await second.close();
    }
  });

  it('on stop, finishes the delivery in hand and gives the rest of its batch back, unattempted', async () => {
    const chat = await orderChat(t.db);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await chat.send(`Message ${i}`));
    const messenger = recordingMessenger({ latencyMs: 300 });
    const worker = start(messenger);
    worker.wake();
    await expect.poll(() => messenger.calls.length, { timeout: 10_000, interval: 5 }).toBe(1);
    await worker.stop();
    expect(messenger.calls).toHaveLength(1);
    const events = await Promise.all(ids.map((id) => eventOf(t.db, id)));
    expect(events.map((event) => [event.status, event.attempts, event.claimed_by])).toEqual([
      [EventStatus.PROCESSED, 1, expect.any(Number)],
      [EventStatus.PENDING, 0, null],
      [EventStatus.PENDING, 0, null],
      [EventStatus.PENDING, 0, null],
    ]);
    const statuses = await t.db.selectFrom('order_messages').select(['id', 'status']).where('id', 'in', ids).orderBy('id').execute();
    expect(statuses.map((row) => row.status)).toEqual([
      MessageStatus.SENT,
      MessageStatus.CREATED,
      MessageStatus.CREATED,
      MessageStatus.CREATED,
    ]);
    // The next worker (the restarted process) sends the rest, each once.
    const next = start(messenger);
    expect(await next.runOnce()).toBe(3);
    expect(new Set(messenger.calls.map((call) => call.message.text)).size).toBe(4);
  });
});
