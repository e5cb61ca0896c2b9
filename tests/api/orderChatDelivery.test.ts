import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { startEventWorker, type EventWorker } from '../../server/jobs/eventWorker';
import { telegramMessenger } from '../../server/messenger/telegram';
import { EventStatus, MessageStatus, type OrderMessage } from '../../src/domain';
import { startFakeBotApi, type FakeBotApi } from '../support/fakeBotApi';
import { backends, bearer, login, openTestDb, seedRoles, TEST_SECRET, TEST_VERSION, type TestDb } from './harness';
import { createCustomer, createOrder } from './orderFixtures';

const FILES = join(tmpdir(), `backoffice-chat-delivery-${process.pid}`);
const NEVER_MS = 3_600_000;
const silent = { warn: () => {}, error: () => {} };
const TOKEN = '123456:TEST-token_for-the-chat';

/** A chat message's delivery outcome as the chat shows it: sent, delayed for a retry, or failed with its reason. */
describe.each(backends)('the delivery outcome of an order chat message through the Bot API, on %s', (backend) => {
  let fake: FakeBotApi;
  let testDb: TestDb;
  let app: FastifyInstance;
  let worker: EventWorker;
  let ids: Awaited<ReturnType<typeof seedRoles>>;
  let clock = 0;
  const now = () => new Date(clock);
  let nextChat = 880_000;

  beforeAll(async () => {
    fake = await startFakeBotApi();
    testDb = await openTestDb(backend);
    clock = Date.now() + 10_000;
    ids = await seedRoles(testDb.db);
    await testDb.db.insertInto('bots').values({ bot_token: TOKEN, city_id: ids.cityId }).execute();
    const messenger = telegramMessenger({ db: testDb.db, filesDir: FILES, apiRoot: fake.url, timeoutSeconds: 2 });
    app = await buildApp({ db: testDb.db, jwtSecret: TEST_SECRET, version: TEST_VERSION, messenger, now });
    await app.ready();
    worker = startEventWorker({ db: testDb.db, messenger, now, pollMs: NEVER_MS, log: silent, maxAttempts: 3 });
  });
  afterAll(async () => {
    await worker.stop();
    await app.close();
    await testDb.close();
    await fake.close();
  });
  afterEach(() => {
    fake.calls.length = 0;
  });

  /** An operator's message to a new customer's order; answers the order's thread and the message as the API gave it. */
  const sendToCustomer = async (text: string) => {
    const customerId = await createCustomer(testDb.db, ids.cityId, { telegramId: ++nextChat });
    const order = await createOrder(testDb.db, { cityId: ids.cityId, restaurantId: ids.restaurantId, userId: customerId });
    const posted = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.threadId}`,
      headers: bearer(await login(app, 'operator')),
      payload: { text },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    return { threadId: order.threadId, message: posted.json<OrderMessage>() };
  };
  const historyOf = async (threadId: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/orders/${threadId}`, headers: bearer(await login(app, 'operator')) });
    return response.json<OrderMessage[]>();
  };
  const lastEvent = () => testDb.db.selectFrom('events').select(['status', 'attempts']).orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('answers a message on its way as created, and shows it sent once the messenger took it', async () => {
    const { threadId, message } = await sendToCustomer('On its way');
    expect(message).toMatchObject({ status: MessageStatus.CREATED, failure: null });
    expect(await worker.runOnce()).toBe(1);
    expect(await historyOf(threadId)).toEqual([expect.objectContaining({ id: message.id, status: MessageStatus.SENT, failure: null })]);
  });

  it('shows a message to a customer who blocked the bot as failed, BLOCKED, and never tries again', async () => {
    const { threadId, message } = await sendToCustomer('Are you there?');
    fake.fail('sendMessage', { status: 403 });
    expect(await worker.runOnce()).toBe(1);
    expect(await historyOf(threadId)).toEqual([
      expect.objectContaining({ id: message.id, status: MessageStatus.FAILED, failure: 'BLOCKED' }),
    ]);
    expect((await lastEvent()).status).toBe(EventStatus.FAILED);
    clock += 3_600_000;
    expect(await worker.runOnce()).toBe(0);
  });

  it('names a chat the messenger does not know, and any other permanent refusal', async () => {
    const lost = await sendToCustomer('Hello?');
    fake.fail('sendMessage', { status: 400 });
    expect(await worker.runOnce()).toBe(1);
    expect((await historyOf(lost.threadId))[0]).toMatchObject({ status: MessageStatus.FAILED, failure: 'CHAT_NOT_FOUND' });

    const refused = await sendToCustomer('Too much');
    fake.fail('sendMessage', { status: 400, description: 'Bad Request: message is too long' });
    expect(await worker.runOnce()).toBe(1);
    expect((await historyOf(refused.threadId))[0]).toMatchObject({ status: MessageStatus.FAILED, failure: 'REFUSED' });
  });

  it('keeps a message the messenger could not take for now delayed and retried, then sent; failed as UNREACHABLE only when the retries run out', async () => {
    const later = await sendToCustomer('Soon');
    fake.fail('sendMessage', { status: 500 });
    expect(await worker.runOnce()).toBe(1);
    expect((await historyOf(later.threadId))[0]).toMatchObject({ status: MessageStatus.DELAYED, failure: null });
    expect((await lastEvent()).status).toBe(EventStatus.PENDING);
    clock += 3_600_000;
    expect(await worker.runOnce()).toBe(1);
    expect((await historyOf(later.threadId))[0]).toMatchObject({ status: MessageStatus.SENT, failure: null });

    const never = await sendToCustomer('Never');
    fake.fail('sendMessage', { status: 502 }, 3);
    for (let attempt = 1; attempt <= 3; attempt++) {
      clock += 3_600_000;
      expect(await worker.runOnce()).toBe(1);
    }
    expect((await historyOf(never.threadId))[0]).toMatchObject({ status: MessageStatus.FAILED, failure: 'UNREACHABLE' });
    expect((await lastEvent()).status).toBe(EventStatus.FAILED);
  });
});
