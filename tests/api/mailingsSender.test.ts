import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMailingSender, type MailingSender, type MailingSenderOptions } from '../../server/areas/mailings/mailingSender';
import { RecipientState } from '../../server/areas/mailings/senderQueries';
import { MailingStatus } from '../../src/domain';
import { backends, openTestDb, type TestDb } from './harness';
import {
  CLAIM_STATEMENT,
  createCustomers,
  createMailing,
  createMailingCity,
  killableHandle,
  mailingEnded,
  mostInWindow,
  recipientStates,
  silentLog,
} from './mailingFixtures';
import { blockedByUser, chatNotFound, recordingMessenger, tooManyRequests, type RecordingMessenger } from './recordingMessenger';
import { openSecondHandle } from './secondHandle';

/** The mailing sender against a stand-in for the Bot API: rate, retry_after, blocked customers, crashes, two processes, stop. */
describe.each(backends)('the mailing sender on %s', (backend) => {
  let t: TestDb;
  const senders: MailingSender[] = [];
  const messengers: RecordingMessenger[] = [];
  beforeAll(async () => {
    t = await openTestDb(backend);
  });
  afterAll(async () => t.close());
  afterEach(async () => {
    for (const messenger of messengers.splice(0)) messenger.answerHung(new Error('test over'));
    await Promise.all(senders.splice(0).map((sender) => sender.stop()));
  });

  const start = (options: Partial<MailingSenderOptions> & { messenger: RecordingMessenger }) => {
    messengers.push(options.messenger);
    const sender = startMailingSender({ db: t.db, rate: 200, pollMs: 20, log: silentLog, ...options });
    senders.push(sender);
    return sender;
  };
  /** A city with `count` customers active now and a mailing for them. */
  const mailingTo = async (count: number) => {
    const { cityId, botId } = await createMailingCity(t.db);
    const customers = await createCustomers(t.db, cityId, count);
    const id = await createMailing(t.db, cityId);
    return { cityId, botId, customers, id };
  };
  const expectEachOnce = (messenger: RecordingMessenger, chats: string[]) => {
    const perChat = messenger.callsPerChat();
    expect([...perChat.values()].filter((n) => n > 1)).toEqual([]);
    expect([...perChat.keys()].sort()).toEqual([...chats].sort());
  };

  it('fixes the recipients at the start, sends each one the message once from the city bot, and finishes at 100 %', async () => {
    const { cityId, botId, customers, id } = await mailingTo(30);
    // Not in the audience: no chat id, blocked, inactive since before the date, another city.
    await createCustomers(t.db, cityId, 1, { telegramId: null });
    await createCustomers(t.db, cityId, 1, { blocked: true });
    const since = new Date(Date.now() - 3600_000);
    await t.db.updateTable('mailings').set({ last_active_date: since }).where('id', '=', id).execute();
    await createCustomers(t.db, cityId, 2, { lastActiveAt: new Date(Date.now() - 2 * 3600_000) });
    await createCustomers(t.db, (await createMailingCity(t.db)).cityId, 2);

    const messenger = recordingMessenger();
    start({ messenger, rate: 100 });
    // Someone who arrives once it has started is not added.
    await expect
      .poll(async () => (await t.db.selectFrom('mailings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status)
      .not.toBe(MailingStatus.CREATED);
    await createCustomers(t.db, cityId, 1);
    const ended = await mailingEnded(t.db, id);

    expect(ended).toMatchObject({ status: MailingStatus.FINISHED, position: 30, count: 30, blocked: 0, undelivered: 0, failure: null });
    expectEachOnce(
      messenger,
      customers.map((c) => c.chatId),
    );
    expect(messenger.calls[0].message).toMatchObject({ botId, text: 'Fresh dumplings tonight, 20% off!', photoId: null, button: null });
    expect((await recipientStates(t.db, id)).every((r) => r.state === RecipientState.SENT)).toBe(true);
  });

  it('holds the configured rate, with the messenger answering after 40 ms', async () => {
    const { customers, id } = await mailingTo(60);
    const messenger = recordingMessenger({ latencyMs: 40 });
    const rate = 40;
    start({ messenger, rate });
    await mailingEnded(t.db, id);
    expectEachOnce(
      messenger,
      customers.map((c) => c.chatId),
    );
    const times = messenger.calls.map((call) => call.at);
    // Never more than the rate in any second (one more for the stand-in's own clock)...
    expect(mostInWindow(times, 1000)).toBeLessThanOrEqual(rate + 1);
    // ...and not much slower than it: 60 messages at 40 per second take about 1.5 s (more on a
    // machine busy enough to make it give up slots).
    const spanSeconds = (Math.max(...times) - Math.min(...times)) / 1000;
    expect(spanSeconds).toBeGreaterThanOrEqual((60 - 1) / rate - 0.1);
    expect(spanSeconds).toBeLessThan(60 / rate + 2.5);
  });

  it('waits retry_after when the messenger answers 429, then sends the refused recipient once', async () => {
    const { customers, id } = await mailingTo(12);
    const messenger = recordingMessenger();
    // The fourth call is refused with retry_after 1 second.
    messenger.answerNext({ kind: 'ok' }, 3);
    messenger.answerNext({ kind: 'error', error: tooManyRequests(1) });
    start({ messenger, rate: 100 });
    const ended = await mailingEnded(t.db, id);
    expect(ended).toMatchObject({ status: MailingStatus.FINISHED, position: 12, undelivered: 0 });
    const refusedAt = messenger.calls[3].at;
    const after = messenger.calls.slice(4).map((call) => call.at - refusedAt);
    // Nothing until the second has passed (the sends under way then were none: one at a time).
    expect(Math.min(...after)).toBeGreaterThanOrEqual(990);
    const refusedChat = messenger.calls[3].message.chatId;
    expect(messenger.calls.filter((call) => call.message.chatId === refusedChat)).toHaveLength(2);
    expect(new Set(messenger.calls.map((call) => call.message.chatId)).size).toBe(customers.length);
  });

  it('records a customer who blocked the bot, does not retry them, and leaves them out of the next mailing', async () => {
    const { cityId, customers, id } = await mailingTo(8);
    const messenger = recordingMessenger();
    const [blocked, gone] = customers;
    messenger.answerChat(blocked.chatId, { kind: 'error', error: blockedByUser() });
    messenger.answerChat(gone.chatId, { kind: 'error', error: chatNotFound() });
    start({ messenger });
    const ended = await mailingEnded(t.db, id);
    expect(ended).toMatchObject({ status: MailingStatus.FINISHED, position: 8, count: 8, blocked: 1, undelivered: 1 });
    expect(ended.last_error).toContain('chat not found');
    expectEachOnce(
      messenger,
      customers.map((c) => c.chatId),
    );
    const states = new Map((await recipientStates(t.db, id)).map((r) => [r.user_id, r.state]));
    expect(states.get(blocked.id)).toBe(RecipientState.BLOCKED);
    expect(states.get(gone.id)).toBe(RecipientState.REFUSED);
    const user = await t.db.selectFrom('users').select(['blocked', 'blocked_at']).where('id', '=', blocked.id).executeTakeFirstOrThrow();
    expect(user.blocked).toBe(true);
    expect(user.blocked_at).toBeInstanceOf(Date);

    const next = await createMailing(t.db, cityId);
    expect(await mailingEnded(t.db, next)).toMatchObject({ status: MailingStatus.FINISHED, count: 7 });
  });

  it('resumes after a crash between sends: nobody twice, nobody missed', async () => {
    const { customers, id } = await mailingTo(40);
    const messenger = recordingMessenger();
    // The process dies while waiting for the slot of its eleventh message.
    const dying = killableHandle(t.db, { before: CLAIM_STATEMENT, nth: 11 });
    start({ db: dying.db, messenger, rate: 50 });
    await expect.poll(() => dying.dead(), { timeout: 10_000 }).toBe(true);
    expect(messenger.calls).toHaveLength(10);
    // A new process on the same database.
    start({ messenger, rate: 200, leaseSeconds: 1 });
    const ended = await mailingEnded(t.db, id);
    expect(ended).toMatchObject({ status: MailingStatus.FINISHED, position: 40, undelivered: 0 });
    expectEachOnce(
      messenger,
      customers.map((c) => c.chatId),
    );
  });

  it('after a crash between a send and its record, never sends that recipient again and counts it unconfirmed', async () => {
    const { customers, id } = await mailingTo(20);
    const messenger = recordingMessenger();
    messenger.answerNext({ kind: 'ok' }, 5);
    messenger.answerNext({ kind: 'hang' });
    const dying = killableHandle(t.db);
    start({ db: dying.db, messenger, rate: 100, leaseSeconds: 1 });
    await messenger.hung();
    // The process dies with the sixth message taken by the messenger and not yet recorded.
    dying.kill();
    start({ messenger, rate: 200, leaseSeconds: 1 });
    const ended = await mailingEnded(t.db, id);
    const unconfirmed = (await recipientStates(t.db, id))
      .filter((r) => r.state === RecipientState.UNCONFIRMED)
      .map((r) => String(r.chat_id));
    expect(ended).toMatchObject({ status: MailingStatus.FINISHED, position: 20, count: 20, undelivered: unconfirmed.length });
    // The sixth, and any the dead process had claimed just ahead of their slots or sent just after
    // (more of them on a slow machine, where claims start earlier): unconfirmed, and none sent twice.
    expect(unconfirmed).toContain(messenger.calls[5].message.chatId);
    const sent = messenger.callsPerChat();
    expect([...sent.values()].filter((n) => n > 1)).toEqual([]);
    expect(customers.filter((c) => !sent.has(c.chatId) && !unconfirmed.includes(c.chatId))).toEqual([]);
    expect(unconfirmed.length).toBeLessThanOrEqual(9);
  });

  it('two senders on one database share the rate and never send to one recipient twice', async () => {
    const { customers, id } = await mailingTo(80);
    const second = await openSecondHandle(t.db, backend);
    try {
      const messenger = recordingMessenger({ latencyMs: 10 });
      const rate = 60;
      start({ messenger, rate });
      start({ db: second.db, messenger, rate });
      await mailingEnded(t.db, id);
      expectEachOnce(
        messenger,
        customers.map((c) => c.chatId),
      );
      // Each process keeps to the rate; together they may go over it by what one catches up late.
      expect(
        mostInWindow(
          messenger.calls.map((call) => call.at),
          1000,
        ),
      ).toBeLessThanOrEqual(rate * 1.1 + 2);
    } finally {
      await Promise.all(senders.splice(0).map((sender) => sender.stop()));
      await second.close();
    }
  });

  it('honours a stop within a second and keeps what was sent', async () => {
    const { id } = await mailingTo(200);
    const messenger = recordingMessenger({ latencyMs: 20 });
    start({ messenger, rate: 50 });
    await expect.poll(() => messenger.calls.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
    await t.db.updateTable('mailings').set({ status: MailingStatus.FAILED, failure: 'stopped' }).where('id', '=', id).execute();
    const stoppedAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(messenger.calls.filter((call) => call.at > stoppedAt + 1000)).toEqual([]);
    const row = await t.db.selectFrom('mailings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe(MailingStatus.FAILED);
    expect(row.position).toBe(messenger.calls.length);
    expect(row.position).toBeLessThan(200);
  });

  it('fails the mailing with the reason when the messenger refuses it again and again', async () => {
    const { id } = await mailingTo(30);
    const messenger = recordingMessenger();
    messenger.answerNext({ kind: 'error', error: chatNotFound() }, 30);
    start({ messenger, failAfter: 5 });
    const ended = await mailingEnded(t.db, id);
    expect(ended).toMatchObject({ status: MailingStatus.FAILED, failure: 'messenger' });
    expect(ended.last_error).toContain('chat not found');
    expect(ended.position).toBeLessThan(30);
  });

  it('counts a send whose outcome is unknown as unconfirmed and does not repeat it', async () => {
    const { customers, id } = await mailingTo(5);
    const messenger = recordingMessenger();
    messenger.answerChat(customers[2].chatId, { kind: 'error', error: new Error('socket hang up') });
    start({ messenger });
    expect(await mailingEnded(t.db, id)).toMatchObject({ status: MailingStatus.FINISHED, position: 5, undelivered: 1 });
    expectEachOnce(
      messenger,
      customers.map((c) => c.chatId),
    );
  });

  it('sends a restaurant button as a link that opens the restaurant in the city bot', async () => {
    const { cityId } = await createMailingCity(t.db, 'food_city_bot');
    await createCustomers(t.db, cityId, 2);
    const restaurant = await t.db
      .insertInto('restaurants')
      .values({ city_id: cityId, name: 'Dumpling house', name_ru: 'Пельменная', address: 'Main street 2' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const button = { enabled: true, type: 'restaurant', position: 'bottom', text: 'Order now', value: String(restaurant.id) };
    const id = await createMailing(t.db, cityId, { button, photoId: 'photo-file-id-1' });
    const messenger = recordingMessenger();
    start({ messenger });
    await mailingEnded(t.db, id);
    expect(messenger.calls[0].message).toMatchObject({
      photoId: 'photo-file-id-1',
      button: { text: 'Order now', url: `https://t.me/food_city_bot?start=restaurant_${restaurant.id}` },
    });
  });

  it('sends one mailing of a city at a time, the older first', async () => {
    const { cityId, id: first } = await mailingTo(10);
    const second = await createMailing(t.db, cityId);
    const messenger = recordingMessenger();
    start({ messenger, rate: 100 });
    const [a, b] = [await mailingEnded(t.db, first), await mailingEnded(t.db, second)];
    expect(a.finished_at?.getTime()).toBeLessThanOrEqual(b.started_at?.getTime() ?? 0);
    expect(messenger.calls).toHaveLength(20);
  });
});
