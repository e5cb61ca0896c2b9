import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { startMailingSender } from '../../server/areas/mailings/mailingSender';
import { RecipientState } from '../../server/areas/mailings/senderQueries';
import { telegramMessenger } from '../../server/messenger/telegram';
import { MailingStatus } from '../../src/domain';
import { startFakeBotApi, type FakeBotApi } from '../support/fakeBotApi';
import { backends, bearer, login, openTestDb, seedRoles, TEST_SECRET, TEST_VERSION, type TestDb } from './harness';
import {
  createCustomers,
  createMailing,
  createMailingCity,
  mailingEnded,
  mostInWindow,
  recipientStates,
  silentLog,
} from './mailingFixtures';
import { PIXEL_PNG } from './photoUpload';

const FILES = join(tmpdir(), `backoffice-mailing-telegram-${process.pid}`);

/** A mailing through the Telegram gateway to the fake Bot API: one sendMessage per recipient, 429 and 403 as the Bot API answers them. */
describe.each(backends)('a mailing over the Telegram gateway, on %s', (backend) => {
  let fake: FakeBotApi;
  let t: TestDb;
  beforeAll(async () => {
    fake = await startFakeBotApi();
    t = await openTestDb(backend);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('sends each recipient one message with its link button at the rate, waits out a 429 and records a 403', async () => {
    const { cityId, botId } = await createMailingCity(t.db);
    const token = (await t.db.selectFrom('bots').select('bot_token').where('id', '=', botId).executeTakeFirstOrThrow()).bot_token;
    const customers = await createCustomers(t.db, cityId, 24);
    const button = { enabled: true, type: 'url', position: 'inline', text: 'Open the menu', value: 'https://food.example.com/menu' };
    const id = await createMailing(t.db, cityId, { button });
    const messenger = telegramMessenger({ db: t.db, filesDir: FILES, apiRoot: fake.url, timeoutSeconds: 2 });
    // The fifth call is rate-limited; the first customer has blocked the bot.
    let calls = 0;
    const counted = {
      ...messenger,
      sendMessage: (message: Parameters<typeof messenger.sendMessage>[0]) => {
        calls += 1;
        if (calls === 5) fake.fail('sendMessage', { status: 429, retryAfter: 1 });
        if (message.chatId === customers[0].chatId) fake.fail('sendMessage', { status: 403 });
        return messenger.sendMessage(message);
      },
    };
    const rate = 20;
    const sender = startMailingSender({ db: t.db, messenger: counted, rate, pollMs: 20, log: silentLog });
    try {
      const ended = await mailingEnded(t.db, id);
      expect(ended).toMatchObject({ status: MailingStatus.FINISHED, position: 24, count: 24, blocked: 1, undelivered: 0 });
    } finally {
      await sender.stop();
    }
    const sends = fake.callsOf('sendMessage').filter((call) => call.token === token);
    const perChat = new Map<string, number>();
    for (const call of sends) perChat.set(String(call.params.chat_id), (perChat.get(String(call.params.chat_id)) ?? 0) + 1);
    // Everyone once, but the one refused with 429, asked again after retry_after.
    expect([...perChat.keys()].sort()).toEqual(customers.map((c) => c.chatId).sort());
    expect([...perChat.values()].filter((n) => n > 1)).toEqual([2]);
    const limited = sends.findIndex((call) => perChat.get(String(call.params.chat_id)) === 2);
    expect(sends[limited + 1].at - sends[limited].at).toBeGreaterThanOrEqual(990);
    expect(
      mostInWindow(
        sends.map((call) => call.at),
        1000,
      ),
    ).toBeLessThanOrEqual(rate + 1);
    expect(sends[0].params).toMatchObject({
      text: 'Fresh dumplings tonight, 20% off!',
      reply_markup: { inline_keyboard: [[{ text: 'Open the menu', url: 'https://food.example.com/menu' }]] },
    });
    const states = new Map((await recipientStates(t.db, id)).map((r) => [r.user_id, r.state]));
    expect(states.get(customers[0].id)).toBe(RecipientState.BLOCKED);
    const user = await t.db.selectFrom('users').select('blocked_at').where('id', '=', customers[0].id).executeTakeFirstOrThrow();
    expect(user.blocked_at).toBeInstanceOf(Date);
  });
});

/** A test message is sent at once: when the Bot API refuses it, the admin and the log read what it said. */
describe.each(backends)('a test message refused by the Bot API, on %s', (backend) => {
  let fake: FakeBotApi;
  let t: TestDb;
  let app: FastifyInstance;
  const lines: string[] = [];
  let send: (photoId: string) => Promise<{ statusCode: number; json: () => { code: string; args: { reason: string } } }>;
  let photoId: string;

  beforeAll(async () => {
    fake = await startFakeBotApi();
    t = await openTestDb(backend);
    const { cityId } = await seedRoles(t.db);
    await t.db.insertInto('bots').values({ bot_token: '123456:TEST-token_for-the-fake', city_id: cityId }).execute();
    const messenger = telegramMessenger({ db: t.db, filesDir: FILES, apiRoot: fake.url, timeoutSeconds: 2 });
    app = await buildApp({
      db: t.db,
      jwtSecret: TEST_SECRET,
      version: TEST_VERSION,
      messenger,
      logger: true,
      logStream: { write: (line) => lines.push(line) },
    });
    photoId = await messenger.storePhoto({ data: PIXEL_PNG, mimeType: 'image/png', cityId });
    const headers = bearer(await login(app, 'admin'));
    send = (photo) =>
      app.inject({
        method: 'POST',
        url: '/api/spam/sendTestMessage',
        headers,
        payload: { cityId, text: 'Fresh dumplings tonight', photoId: photo, recipientId: 1234 },
      });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
    await fake.close();
  });

  const loggedReasons = () =>
    lines
      .map((line) => JSON.parse(line) as { msg: string; err?: { message: string } })
      .filter((entry) => entry.msg === 'mailing test message refused')
      .map((entry) => entry.err?.message);

  it('keeps the Bot API status and description of a refused photo in the answer and the log', async () => {
    fake.fail('sendPhoto', { status: 400, description: 'Bad Request: IMAGE_PROCESS_FAILED' });
    const refused = await send(photoId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'MAILING_TEST_REFUSED',
      args: { reason: 'Bot API 400: Bad Request: IMAGE_PROCESS_FAILED' },
    });
    expect(loggedReasons()).toContain('Bot API 400: Bad Request: IMAGE_PROCESS_FAILED');
  });

  it('keeps the status and words of a server in front that answers in its own JSON, not "undefined: undefined"', async () => {
    fake.fail('sendPhoto', { status: 413, body: { statusCode: 413, error: 'Payload Too Large', message: 'request file too large' } });
    const refused = await send(photoId);
    // Too large never passes: refused for good, not "try again in a moment".
    expect(refused.statusCode).toBe(400);
    expect(refused.json().args.reason).toBe('Bot API 413: request file too large');
    expect(loggedReasons()).toContain('Bot API 413: request file too large');
    expect(lines.join('')).not.toContain('undefined: undefined');
  });
});
