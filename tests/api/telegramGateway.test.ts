import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { startEventWorker, type EventWorker } from '../../server/jobs/eventWorker';
import { MessengerError, type MessengerGateway } from '../../server/messenger/gateway';
import { CAPTION_LIMIT, telegramMessenger } from '../../server/messenger/telegram';
import { AdStatus, EventStatus, MessageStatus } from '../../src/domain';
import { startFakeBotApi, type FakeBotApi } from '../support/fakeBotApi';
import { setAdConfig } from './adsFixtures';
import { backends, bearer, login, openTestDb, seedRoles, TEST_SECRET, TEST_VERSION, type TestDb } from './harness';
import { createCustomer, createOrder } from './orderFixtures';
import { PIXEL_PNG } from './photoUpload';

const FILES = join(tmpdir(), `backoffice-telegram-${process.pid}`);
const NEVER_MS = 3_600_000;
const silent = { warn: () => {}, error: () => {} };
const TOKEN = '123456:TEST-token_for-the-fake';
const CHAT = '-1009876543210';

/** What a gateway call threw, to look at it. */
const failureOf = async (call: Promise<unknown>): Promise<MessengerError> => {
  try {
    await call;
  } catch (error) {
    if (error instanceof MessengerError) return error;
    throw error;
  }
  throw new Error('the call did not fail');
};

describe.each(backends)('the Telegram gateway against a fake Bot API, on %s', (backend) => {
  let fake: FakeBotApi;
  let testDb: TestDb;
  let messenger: MessengerGateway;
  let botId: number;
  let cityId: number;

  beforeAll(async () => {
    fake = await startFakeBotApi();
    testDb = await openTestDb(backend);
    ({ cityId } = await seedRoles(testDb.db));
    botId = (await testDb.db.insertInto('bots').values({ bot_token: TOKEN, city_id: cityId }).returning('id').executeTakeFirstOrThrow()).id;
    messenger = telegramMessenger({ db: testDb.db, filesDir: FILES, apiRoot: fake.url, timeoutSeconds: 1 });
  });
  afterAll(async () => {
    await testDb.close();
    await fake.close();
  });
  afterEach(() => {
    fake.calls.length = 0;
    fake.setDelay(0);
  });

  it('sends a text with an inline URL button through the city bot, and answers its message id', async () => {
    const sent = await messenger.sendMessage({
      botId,
      chatId: CHAT,
      text: 'Hello',
      button: { text: 'Menu', url: 'https://example.com/menu' },
    });
    expect(fake.calls).toEqual([
      expect.objectContaining({
        token: TOKEN,
        method: 'sendMessage',
        params: expect.objectContaining({
          chat_id: CHAT,
          text: 'Hello',
          reply_markup: { inline_keyboard: [[{ text: 'Menu', url: 'https://example.com/menu' }]] },
        }),
      }),
    ]);
    expect(sent.messageIds).toEqual([sent.messageId]);
  });

  it('uploads a stored photo once per bot and sends the file id the messenger gave it after that', async () => {
    const photoId = await messenger.storePhoto({ data: PIXEL_PNG, mimeType: 'image/png', cityId });
    await messenger.sendMessage({ botId, chatId: '1001', text: 'First', photoId });
    await messenger.sendMessage({ botId, chatId: '1002', text: 'Second', photoId });
    const [first, second] = fake.callsOf('sendPhoto');
    expect(Object.values(first.uploads)).toEqual([PIXEL_PNG.length]);
    expect(first.params).toMatchObject({ caption: 'First' });
    expect(second.uploads).toEqual({});
    expect(second.params.photo).toMatch(/^tg-file-\d+$/);
  });

  it('posts several photos as one album with the text on the first, a video alone, and a text too long for a caption after its photo', async () => {
    const photos = [];
    for (let i = 0; i < 2; i++) photos.push(await messenger.storePhoto({ data: PIXEL_PNG, mimeType: 'image/png', cityId }));
    const album = await messenger.sendMessage({ botId, chatId: CHAT, text: 'Album', photoIds: photos });
    expect(album.messageIds).toHaveLength(2);
    const [group] = fake.callsOf('sendMediaGroup');
    expect(group.params.media).toEqual([
      expect.objectContaining({ type: 'photo', caption: 'Album' }),
      expect.not.objectContaining({ caption: expect.anything() }),
    ]);
    expect(Object.keys(group.uploads)).toHaveLength(2);

    const videoId = await messenger.storeVideo({ data: Buffer.from('mp4 bytes'), mimeType: 'video/mp4', cityId });
    await messenger.sendMessage({ botId, chatId: CHAT, text: 'Video', videoId });
    expect(fake.callsOf('sendVideo')[0].params).toMatchObject({ caption: 'Video' });

    const long = 'x'.repeat(CAPTION_LIMIT + 1);
    const split = await messenger.sendMessage({ botId, chatId: CHAT, text: long, photoId: photos[0] });
    expect(split.messageIds).toHaveLength(2);
    expect(fake.callsOf('sendPhoto').at(-1)?.params.caption).toBeUndefined();
    expect(fake.callsOf('sendMessage').at(-1)?.params.text).toBe(long);
  });

  it('deletes a sent message, and answers false for one that is gone already', async () => {
    const { messageId } = await messenger.sendMessage({ botId, chatId: CHAT, text: 'Soon gone' });
    expect(await messenger.deleteMessage({ botId, chatId: CHAT, messageId })).toBe(true);
    expect(await messenger.deleteMessage({ botId, chatId: CHAT, messageId })).toBe(false);
  });

  it('reads a photo the messenger keeps through getFile and its download, for the city asked', async () => {
    fake.addFile('AgACAgIAAxkBAAIB', PIXEL_PNG, 'photos/file_1.png');
    const photo = await messenger.getPhoto('AgACAgIAAxkBAAIB', { cityId });
    expect(photo).toEqual({ data: PIXEL_PNG, mimeType: 'image/png', cityId });
    expect(await messenger.getPhoto('AgACAgIAAxkBAAIB')).toBeNull();
    expect(await messenger.getPhoto('unknown-file-id', { cityId })).toBeNull();
  });

  it('turns the Bot API refusals into what the workers act on: wait, blocked, refused, or try again', async () => {
    fake.fail('sendMessage', { status: 429, retryAfter: 7 });
    const limited = await failureOf(messenger.sendMessage({ botId, chatId: CHAT, text: 'a' }));
    expect(limited).toMatchObject({ retryAfterSeconds: 7, permanent: false, blocked: false });

    fake.fail('sendMessage', { status: 403 });
    const blocked = await failureOf(messenger.sendMessage({ botId, chatId: '1001', text: 'a' }));
    expect(blocked).toMatchObject({ blocked: true, permanent: true });
    expect(blocked.message).toContain('bot was blocked by the user');

    fake.fail('sendMessage', { status: 400 });
    expect(await failureOf(messenger.sendMessage({ botId, chatId: 'nowhere', text: 'a' }))).toMatchObject({
      permanent: true,
      blocked: false,
    });

    fake.fail('sendMessage', { status: 500 });
    expect(await failureOf(messenger.sendMessage({ botId, chatId: CHAT, text: 'a' }))).toMatchObject({ permanent: false });

    fake.setDelay(1500);
    const slow = await failureOf(messenger.sendMessage({ botId, chatId: CHAT, text: 'a' }));
    expect(slow).toMatchObject({ permanent: false });
    expect(slow.message).toMatch(/unreachable/);
  });

  it('fails for good when the city has no bot, and retries when the Bot API is unreachable', async () => {
    expect(await failureOf(messenger.sendMessage({ botId: null, chatId: CHAT, text: 'a' }))).toMatchObject({ permanent: true });
    const away = telegramMessenger({ db: testDb.db, filesDir: FILES, apiRoot: 'http://127.0.0.1:9', timeoutSeconds: 1 });
    expect(await failureOf(away.sendMessage({ botId, chatId: CHAT, text: 'a' }))).toMatchObject({ permanent: false });
  });
});

describe.each(backends)('the order chat, reviews and ads through the Telegram gateway, on %s', (backend) => {
  let fake: FakeBotApi;
  let testDb: TestDb;
  let app: FastifyInstance;
  let worker: EventWorker;
  let ids: Awaited<ReturnType<typeof seedRoles>>;
  let clock = 0;
  const now = () => new Date(clock);

  beforeAll(async () => {
    fake = await startFakeBotApi();
    testDb = await openTestDb(backend);
    // A little ahead of the database's own clock, which stamps new events with now().
    clock = Date.now() + 10_000;
    ids = await seedRoles(testDb.db);
    await testDb.db.insertInto('bots').values({ bot_token: TOKEN, city_id: ids.cityId }).execute();
    const messenger = telegramMessenger({ db: testDb.db, filesDir: FILES, apiRoot: fake.url, timeoutSeconds: 2 });
    app = await buildApp({ db: testDb.db, jwtSecret: TEST_SECRET, version: TEST_VERSION, messenger, now });
    await app.ready();
    worker = startEventWorker({ db: testDb.db, messenger, now, pollMs: NEVER_MS, log: silent });
  });
  afterAll(async () => {
    await worker.stop();
    await app.close();
    await testDb.close();
    await fake.close();
  });

  it('delivers an operator’s chat message to the customer', async () => {
    const customerId = await createCustomer(testDb.db, ids.cityId, { telegramId: 777001 });
    const order = await createOrder(testDb.db, { cityId: ids.cityId, restaurantId: ids.restaurantId, userId: customerId });
    const headers = bearer(await login(app, 'operator'));
    const posted = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.threadId}`,
      headers,
      payload: { text: 'Your order is on its way' },
    });
    expect(posted.statusCode).toBeLessThan(300);
    expect(await worker.runOnce()).toBe(1);
    expect(fake.callsOf('sendMessage', '777001')).toEqual([
      expect.objectContaining({
        token: TOKEN,
        params: expect.objectContaining({ text: expect.stringContaining('Your order is on its way') }),
      }),
    ]);
    const message = await testDb.db
      .selectFrom('order_messages')
      .select('status')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(message.status).toBe(MessageStatus.SENT);
  });

  it('marks a customer who blocked the bot, and does not try again', async () => {
    const customerId = await createCustomer(testDb.db, ids.cityId, { telegramId: 777002 });
    const order = await createOrder(testDb.db, { cityId: ids.cityId, restaurantId: ids.restaurantId, userId: customerId });
    const headers = bearer(await login(app, 'operator'));
    await app.inject({ method: 'POST', url: `/api/orders/${order.threadId}`, headers, payload: { text: 'Are you there?' } });
    fake.fail('sendMessage', { status: 403 });
    expect(await worker.runOnce()).toBe(1);
    const customer = await testDb.db
      .selectFrom('users')
      .select(['blocked', 'blocked_at'])
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    expect(customer.blocked).toBe(true);
    expect(customer.blocked_at).toBeInstanceOf(Date);
    const event = await testDb.db.selectFrom('events').select(['status']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(event.status).toBe(EventStatus.FAILED);
    clock += 3_600_000;
    expect(await worker.runOnce()).toBe(0);
  });

  it('posts a published review to the city’s review channel', async () => {
    await setAdConfig(testDb.db, ids.cityId, { reviewChannelId: '-100555' });
    const customerId = await createCustomer(testDb.db, ids.cityId);
    const order = await createOrder(testDb.db, { cityId: ids.cityId, restaurantId: ids.restaurantId, userId: customerId });
    const review = await testDb.db
      .insertInto('reviews')
      .values({ order_id: order.id, text: 'Lovely pizza', rating: 5 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const headers = bearer(await login(app, 'operator'));
    const published = await app.inject({ method: 'POST', url: `/api/reviews/${review.id}`, headers, payload: { publish: true } });
    expect(published.statusCode).toBe(200);
    expect(await worker.runOnce()).toBe(1);
    expect(fake.callsOf('sendMessage', '-100555')).toEqual([
      expect.objectContaining({ params: expect.objectContaining({ text: expect.stringContaining('Lovely pizza') }) }),
    ]);
  });

  it('posts an ad to the ad chat at its time and deletes it at its unpublish time', async () => {
    await setAdConfig(testDb.db, ids.cityId, { adChatId: CHAT, adChatDelay: '0' });
    const headers = bearer(await login(app, 'cityadmin'));
    const created = await app.inject({
      method: 'POST',
      url: '/api/advertisements',
      headers,
      payload: {
        text: 'Two for one tonight',
        restaurantId: ids.restaurantId,
        publishTimestamp: new Date(clock + 60_000).toISOString(),
        unpublishTimestamp: new Date(clock + 3_600_000).toISOString(),
      },
    });
    expect(created.statusCode).toBe(201);
    const ad = created.json<{ id: number }>();
    clock += 60_000;
    expect(await worker.runOnce()).toBe(1);
    const [post] = fake.callsOf('sendMessage', CHAT);
    expect(post.params).toMatchObject({ text: 'Two for one tonight' });
    const read = async () => (await app.inject({ method: 'GET', url: `/api/advertisements/${ad.id}`, headers })).json<{ status: number }>();
    expect((await read()).status).toBe(AdStatus.PUBLISHED);

    clock += 3_600_000;
    expect(await worker.runOnce()).toBe(1);
    expect(fake.callsOf('deleteMessage', CHAT)).toHaveLength(1);
    expect((await read()).status).toBe(AdStatus.FINISHED);
  });
});
