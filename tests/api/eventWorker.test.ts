import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db/connect';
import type { Database } from '../../server/db/schema';
import { startEventWorker, type EventWorker, type EventWorkerOptions } from '../../server/jobs/eventWorker';
import { enqueueEvent } from '../../server/jobs/events';
import { MessengerError, type MessengerGateway } from '../../server/messenger/gateway';
import { localMessenger } from '../../server/messenger/local';
import { EventStatus, MessageStatus, Role } from '../../src/domain';
import { flakyMessenger, type FlakyMessenger } from './flakyMessenger';
import { createCustomer } from './orderFixtures';
import { backends, createCity, createRestaurant, createStaff, openTestDb, type TestDb } from './harness';

const FILES = join(tmpdir(), `backoffice-event-worker-${process.pid}`);
/** Longer than any test: passes run only when a test asks for one. */
const NEVER_MS = 3_600_000;
const LEASE_SECONDS = 60;

let telegramIds = 5_000_000;
let threads = 0;

/** A city with its bot, a restaurant with a notification account, a customer and an order. */
async function createOrder(db: Kysely<Database>, options: { customerTelegramId?: number | null } = {}) {
  const cityId = await createCity(db);
  const bot = await db
    .insertInto('bots')
    .values({ bot_token: `${cityId}:token`, city_id: cityId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const restaurantId = await createRestaurant(db, cityId);
  const restaurantTelegramId = ++telegramIds;
  const notificationUserId = await createCustomer(db, null, { telegramId: restaurantTelegramId });
  await db.updateTable('restaurants').set({ notification_user_id: notificationUserId }).where('id', '=', restaurantId).execute();
  const customerTelegramId = options.customerTelegramId === undefined ? ++telegramIds : options.customerTelegramId;
  const customerId = await createCustomer(db, null, { telegramId: customerTelegramId });
  const operatorId = await createStaff(db, { username: `operator${cityId}`, roleId: Role.OPERATOR, cityId });
  const order = await db
    .insertInto('orders')
    .values({
      thread_id: `T${String(++threads).padStart(8, '0')}`,
      city_id: cityId,
      user_id: customerId,
      restaurant_id: restaurantId,
      district_id: null,
      address: null,
      additional_address: null,
      currency: 'EUR',
      courier_id: null,
      invoice_id: null,
      provider_payment_charge_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { orderId: order.id, botId: bot.id, customerId, customerTelegramId, restaurantTelegramId, operatorId };
}

type Order = Awaited<ReturnType<typeof createOrder>>;

/** What the API does: the message and its event in one transaction. */
async function sendMessage(
  db: Kysely<Database>,
  order: Order,
  message: { text: string; url?: string; toId?: number | null; restaurantSent?: boolean },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('order_messages')
      .values({
        order_id: order.orderId,
        from_id: order.operatorId,
        to_id: message.toId === undefined ? order.customerId : message.toId,
        text: message.text,
        url: message.url ?? null,
        restaurant_sent: message.restaurantSent ?? true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueEvent(trx, { type: 'order_message', payload: { messageId: row.id } });
    return row.id;
  });
}

describe.each(backends)('event worker on %s', (backend) => {
  let testDb: TestDb;
  const db = () => testDb.db;
  let clock: Date;
  const now = () => clock;
  const advance = (seconds: number) => {
    clock = new Date(clock.getTime() + seconds * 1000);
  };
  let messenger: FlakyMessenger;
  const messengers: FlakyMessenger[] = [];
  const flaky = () => {
    const created = flakyMessenger(localMessenger(db(), FILES));
    messengers.push(created);
    return created;
  };
  const workers: EventWorker[] = [];
  const start = (options: Partial<EventWorkerOptions> = {}) => {
    const worker = startEventWorker({ db: db(), messenger, now, pollMs: NEVER_MS, log: { warn: () => {}, error: () => {} }, ...options });
    workers.push(worker);
    return worker;
  };

  const eventOf = (messageId: number) =>
    db()
      .selectFrom('events')
      .selectAll()
      .where(sql<boolean>`(payload->>'messageId')::int = ${messageId}`)
      .executeTakeFirstOrThrow();
  const messageStatus = async (messageId: number) =>
    (await db().selectFrom('order_messages').select('status').where('id', '=', messageId).executeTakeFirstOrThrow()).status;
  const failureOf = async (messageId: number) =>
    (await db().selectFrom('order_messages').select('failure').where('id', '=', messageId).executeTakeFirstOrThrow()).failure;
  const outbox = () => db().selectFrom('messenger_outbox').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    testDb = await openTestDb(backend);
  });
  afterAll(async () => testDb.close());
  beforeEach(async () => {
    // Events of earlier cases would be due to this case's workers too.
    await db().deleteFrom('events').execute();
    await db().deleteFrom('messenger_outbox').execute();
    // Ahead of the database clock by more than a slow machine takes to write the case's events, so they are due.
    clock = new Date(Date.now() + 30_000);
    messenger = flaky();
  });
  afterEach(async () => {
    for (const stalled of messengers.splice(0)) stalled.failStalled(new Error('the test is over'));
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  });

  it('delivers a message once to its recipient through the city bot, with its link as a button, and marks it sent', async () => {
    const order = await createOrder(db());
    const messageId = await sendMessage(db(), order, { text: 'Your order is on its way', url: 'https://example.com/track/1' });
    expect(await messageStatus(messageId)).toBe(MessageStatus.CREATED);
    expect((await eventOf(messageId)).status).toBe(EventStatus.PENDING);

    const worker = start();
    expect(await worker.runOnce()).toBe(1);

    expect(await outbox()).toEqual([
      expect.objectContaining({
        bot_id: order.botId,
        chat_id: String(order.customerTelegramId),
        text: 'Your order is on its way',
        photo_id: null,
        button: { text: 'Open', url: 'https://example.com/track/1' },
      }),
    ]);
    expect(await eventOf(messageId)).toMatchObject({ status: EventStatus.PROCESSED, attempts: 1, processed_at: clock, last_error: null });
    expect(await messageStatus(messageId)).toBe(MessageStatus.SENT);

    advance(3600);
    expect(await worker.runOnce()).toBe(0);
    expect(await outbox()).toHaveLength(1);
  });

  it("sends a message for the restaurant without a recipient to the restaurant's notification account", async () => {
    const order = await createOrder(db());
    const messageId = await sendMessage(db(), order, { text: 'Two more forks, please', toId: null, restaurantSent: false });

    await start().runOnce();

    expect(await outbox()).toEqual([
      expect.objectContaining({
        bot_id: order.botId,
        chat_id: String(order.restaurantTelegramId),
        text: 'Two more forks, please',
        button: null,
      }),
    ]);
    expect(await messageStatus(messageId)).toBe(MessageStatus.SENT);
  });

  it('retries a failed delivery with back-off, the message delayed meanwhile, and sends it when the messenger is back', async () => {
    const order = await createOrder(db());
    const messageId = await sendMessage(db(), order, { text: 'Retry me' });
    messenger.failNext(new Error('connect ECONNREFUSED'), 2);
    const worker = start();

    expect(await worker.runOnce()).toBe(1);
    let event = await eventOf(messageId);
    expect(event).toMatchObject({ status: EventStatus.PENDING, attempts: 1, last_error: 'connect ECONNREFUSED' });
    // 2^1 seconds, jittered between half and all of it.
    expect(event.run_at.getTime()).toBeGreaterThanOrEqual(clock.getTime() + 1000);
    expect(event.run_at.getTime()).toBeLessThanOrEqual(clock.getTime() + 2000);
    expect(await messageStatus(messageId)).toBe(MessageStatus.DELAYED);
    // Not due yet.
    expect(await worker.runOnce()).toBe(0);

    advance(2);
    expect(await worker.runOnce()).toBe(1);
    event = await eventOf(messageId);
    expect(event).toMatchObject({ status: EventStatus.PENDING, attempts: 2 });
    expect(event.run_at.getTime()).toBeGreaterThanOrEqual(clock.getTime() + 2000);
    expect(event.run_at.getTime()).toBeLessThanOrEqual(clock.getTime() + 4000);

    advance(4);
    expect(await worker.runOnce()).toBe(1);
    expect(await eventOf(messageId)).toMatchObject({ status: EventStatus.PROCESSED, attempts: 3 });
    expect(await messageStatus(messageId)).toBe(MessageStatus.SENT);
    expect(await outbox()).toHaveLength(1);
  });

  it('fails the event after the last attempt, the message failed as unreachable', async () => {
    const order = await createOrder(db());
    const messageId = await sendMessage(db(), order, { text: 'Never arrives' });
    messenger.failNext(new Error('Bot API 502: Bad Gateway'), 2);
    const worker = start({ maxAttempts: 2 });

    await worker.runOnce();
    advance(2);
    await worker.runOnce();

    expect(await eventOf(messageId)).toMatchObject({ status: EventStatus.FAILED, attempts: 2, last_error: 'Bot API 502: Bad Gateway' });
    expect(await messageStatus(messageId)).toBe(MessageStatus.FAILED);
    expect(await failureOf(messageId)).toBe('UNREACHABLE');
    advance(3600);
    expect(await worker.runOnce()).toBe(0);
    expect(await outbox()).toEqual([]);
  });

  it('fails the event at once on a permanent error', async () => {
    const order = await createOrder(db());
    const messageId = await sendMessage(db(), order, { text: 'Blocked' });
    messenger.failNext(MessengerError.fromBotApi(403, 'Forbidden: bot was blocked by the user'));

    await start().runOnce();

    expect(await eventOf(messageId)).toMatchObject({
      status: EventStatus.FAILED,
      attempts: 1,
      last_error: 'Bot API 403: Forbidden: bot was blocked by the user',
    });
    expect(await messageStatus(messageId)).toBe(MessageStatus.FAILED);
    expect(await failureOf(messageId)).toBe('BLOCKED');
  });

  it('fails the event when the recipient has no telegram id, without calling the messenger', async () => {
    const order = await createOrder(db(), { customerTelegramId: null });
    const messageId = await sendMessage(db(), order, { text: 'Nobody to tell' });

    await start().runOnce();

    const event = await eventOf(messageId);
    expect(event).toMatchObject({ status: EventStatus.FAILED, attempts: 1 });
    expect(event.last_error).toBe(`recipient user ${order.customerId} has no telegram id`);
    expect(await messageStatus(messageId)).toBe(MessageStatus.FAILED);
    expect(await failureOf(messageId)).toBe('NO_MESSENGER_ACCOUNT');
    expect(messenger.sent).toEqual([]);
  });

  it("waits as long as the messenger's rate limit says", async () => {
    const order = await createOrder(db());
    const messageId = await sendMessage(db(), order, { text: 'Slow down' });
    messenger.failNext(MessengerError.fromBotApi(429, 'Too Many Requests: retry after 30', 30));
    const worker = start();

    await worker.runOnce();
    const event = await eventOf(messageId);
    expect(event).toMatchObject({ status: EventStatus.PENDING, attempts: 1 });
    expect(event.run_at).toEqual(new Date(clock.getTime() + 30_000));

    advance(29);
    expect(await worker.runOnce()).toBe(0);
    advance(1);
    expect(await worker.runOnce()).toBe(1);
    expect(await messageStatus(messageId)).toBe(MessageStatus.SENT);
  });

  it('goes on with the batch after events it cannot handle', async () => {
    const order = await createOrder(db());
    await db()
      .insertInto('events')
      .values([
        { type: 'mystery', payload: JSON.stringify({}) },
        { type: 'order_message', payload: JSON.stringify({}) },
        { type: 'order_message', payload: JSON.stringify({ messageId: 2_000_000_000 }) },
      ])
      .execute();
    const messageId = await sendMessage(db(), order, { text: 'Still delivered' });

    expect(await start().runOnce()).toBe(4);

    const failed = await db()
      .selectFrom('events')
      .select(['type', 'last_error'])
      .where('status', '=', EventStatus.FAILED)
      .orderBy('id')
      .execute();
    expect(failed).toEqual([
      { type: 'mystery', last_error: 'no handler for event type mystery' },
      { type: 'order_message', last_error: 'payload has no messageId: {}' },
      { type: 'order_message', last_error: 'order message 2000000000 does not exist' },
    ]);
    expect(await messageStatus(messageId)).toBe(MessageStatus.SENT);
  });

  it('takes an event again after the lease of a worker that died mid-delivery, and delivers it once', async () => {
    const order = await createOrder(db());
    const messageId = await sendMessage(db(), order, { text: 'Survives a crash' });
    const deadStall = messenger.stallNext();
    const deadRun = start().runOnce();
    await deadStall.reached;
    expect(await eventOf(messageId)).toMatchObject({ status: EventStatus.PROCESSING, attempts: 1 });

    const survivorMessenger = flaky();
    const survivor = start({ messenger: survivorMessenger });
    advance(LEASE_SECONDS - 1);
    expect(await survivor.runOnce()).toBe(0);
    advance(1);
    const survivorStall = survivorMessenger.stallNext();
    const survivorRun = survivor.runOnce();
    await survivorStall.reached;
    expect(await eventOf(messageId)).toMatchObject({ status: EventStatus.PROCESSING, attempts: 2 });

    // The dead worker comes back to life mid-way: its late failure must not touch the new claim.
    deadStall.fail(new Error('the process was killed'));
    expect(await deadRun).toBe(1);
    expect(await eventOf(messageId)).toMatchObject({ status: EventStatus.PROCESSING, attempts: 2, last_error: null });
    expect(await messageStatus(messageId)).toBe(MessageStatus.CREATED);

    survivorStall.pass();
    expect(await survivorRun).toBe(1);
    expect(await eventOf(messageId)).toMatchObject({ status: EventStatus.PROCESSED, attempts: 2, last_error: null });
    expect(await messageStatus(messageId)).toBe(MessageStatus.SENT);
    expect(await outbox()).toHaveLength(1);
  });

  it('wakes at once when told, and stop() waits for the batch under way', async () => {
    const order = await createOrder(db());
    const first = await sendMessage(db(), order, { text: 'Wake up' });
    const worker = start();
    worker.wake();
    await vi.waitFor(async () => expect(await messageStatus(first)).toBe(MessageStatus.SENT), { timeout: 10_000 });

    const second = await sendMessage(db(), order, { text: 'Stop gently' });
    const stall = messenger.stallNext();
    worker.wake();
    await stall.reached;
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    stall.fail(new Error('connection reset'));
    await stopping;
    expect(await eventOf(second)).toMatchObject({ status: EventStatus.PENDING, attempts: 1, last_error: 'connection reset' });
    expect(await worker.runOnce()).toBe(0);
  });

  it('delivers each of 50 events exactly once with two workers racing', async () => {
    const order = await createOrder(db());
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) ids.push(await sendMessage(db(), order, { text: `Message ${i}` }));

    // On PostgreSQL the second worker is another process's: its own pool on the same database.
    let otherDb: Kysely<Database> = db();
    if (backend === 'postgres') {
      const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(db());
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${rows[0]?.name}`;
      otherDb = openDatabase({ databaseUrl: url.toString() });
    }
    try {
      const gateways: MessengerGateway[] = [localMessenger(db(), FILES), localMessenger(otherDb, FILES)];
      const racers = gateways.map((gateway, i) => start({ db: i === 0 ? db() : otherDb, messenger: gateway, batchSize: 5 }));
      const claimed = [0, 0];
      for (;;) {
        const counts = await Promise.all(racers.map((racer) => racer.runOnce()));
        counts.forEach((count, i) => (claimed[i] += count));
        if (counts.every((count) => count === 0)) break;
      }
      await Promise.all(racers.map((racer) => racer.stop()));
      expect(claimed[0] + claimed[1]).toBe(50);
    } finally {
      if (otherDb !== db()) await otherDb.destroy();
    }

    const sent = await outbox();
    expect(sent.map((row) => row.text).sort()).toEqual(ids.map((_, i) => `Message ${i}`).sort());
    const events = await db().selectFrom('events').select(['status', 'attempts']).execute();
    expect(events).toHaveLength(50);
    expect(events.every((event) => event.status === EventStatus.PROCESSED && event.attempts === 1)).toBe(true);
    const statuses = await db().selectFrom('order_messages').select('status').where('id', 'in', ids).execute();
    expect(statuses.every((row) => row.status === MessageStatus.SENT)).toBe(true);
  });
});

describe('MessengerError.fromBotApi', () => {
  it('keeps retry_after of a 429, and makes a refused chat permanent', () => {
    expect(MessengerError.fromBotApi(429, 'Too Many Requests: retry after 7', 7)).toMatchObject({ permanent: false, retryAfterSeconds: 7 });
    expect(MessengerError.fromBotApi(400, 'Bad Request: chat not found')).toMatchObject({ permanent: true });
    expect(MessengerError.fromBotApi(403, 'Forbidden: bot was blocked by the user')).toMatchObject({ permanent: true });
    const outage = MessengerError.fromBotApi(502, 'Bad Gateway');
    expect(outage).toMatchObject({ permanent: false });
    expect(outage.retryAfterSeconds).toBeUndefined();
  });
});
