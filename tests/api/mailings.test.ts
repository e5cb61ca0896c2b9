import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { MailingStatus, type Mailing } from '../../src/domain';
import { backends, bearer, login, openStaffApp, TEST_SECRET, TEST_VERSION, type StaffApp } from './harness';
import { createCustomers } from './mailingFixtures';
import { chatNotFound, recordingMessenger, tooManyRequests } from './recordingMessenger';

const DAY = 24 * 3600_000;
const TEXT = 'Dumplings tonight, 20% off!';
const day = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);

/** The mailing calls of spec section 7: the audience count, the list, a new mailing, a test message and the stop, per role. */
describe.each(backends)('mailings on %s', (backend) => {
  let t: StaffApp;
  const messenger = recordingMessenger();
  /** The app again, on the same database, with the recording messenger (test messages go out at once). */
  let app: FastifyInstance;
  const call = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers: t.auth[who], ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await openStaffApp(backend);
    app = await buildApp({ db: t.db, jwtSecret: TEST_SECRET, version: TEST_VERSION, messenger });
    await app.ready();
    // The city's audience: 3 active today, 2 a month ago, 1 without a chat, 1 blocked; 2 in the other city.
    await createCustomers(t.db, t.ids.cityId, 3);
    await createCustomers(t.db, t.ids.cityId, 2, { lastActiveAt: new Date(Date.now() - 30 * DAY) });
    await createCustomers(t.db, t.ids.cityId, 1, { telegramId: null });
    await createCustomers(t.db, t.ids.cityId, 1, { blocked: true });
    await createCustomers(t.db, t.ids.otherCityId, 2);
    await t.db.updateTable('cities').set({ chatname: 'city_food_bot' }).where('id', '=', t.ids.cityId).execute();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('counts the customers a mailing would reach, since a last-active date that is not in the future', async () => {
    const count = (who: string, query: string) => call(who, 'GET', `/users/count?${query}`);
    expect((await count('cityadmin', '')).json()).toBe(5);
    expect((await count('cityadmin', `lastActiveDate=${day(7 * DAY)}`)).json()).toBe(3);
    const midnight = new Date(Date.now() - 7 * DAY).toISOString();
    expect((await count('admin', `cityId=${t.ids.cityId}&lastActiveDate=${encodeURIComponent(midnight)}`)).json()).toBe(3);
    expect((await count('admin', `cityId=${t.ids.otherCityId}`)).json()).toBe(2);

    const future = await count('cityadmin', `lastActiveDate=${day(-2 * DAY)}`);
    expect(future.statusCode).toBe(400);
    expect(future.json().details).toContainEqual(expect.objectContaining({ field: 'lastActiveDate', message: 'cannot be in the future' }));
    expect((await count('cityadmin', 'lastActiveDate=yesterday')).statusCode).toBe(400);
    // An admin names the city; a city admin cannot look at another one.
    expect((await count('admin', '')).json().details).toContainEqual(expect.objectContaining({ field: 'cityId' }));
    expect((await count('cityadmin', `cityId=${t.ids.otherCityId}`)).statusCode).toBe(404);
    for (const who of ['operator', 'owner']) expect((await count(who, '')).statusCode).toBe(403);
  });

  it('creates a mailing for the audience of now, waiting, with its button; a link button is always inline', async () => {
    const button = { enabled: true, type: 'url', position: 'bottom', text: 'Open the menu', value: 'https://food.example.com/menu' };
    const response = await call('cityadmin', 'POST', '/spam', {
      text: TEXT,
      photoId: 'https://food.example.com/dumplings.jpg',
      lastActiveDate: day(7 * DAY),
      bindedButton: button,
    });
    expect(response.statusCode).toBe(201);
    const mailing = response.json<Mailing>();
    expect(mailing).toMatchObject({
      cityId: t.ids.cityId,
      text: TEXT,
      photoId: 'https://food.example.com/dumplings.jpg',
      status: MailingStatus.CREATED,
      position: 0,
      count: 3,
      config: { bindedButton: { ...button, position: 'inline' } },
      failure: null,
    });
    expect(mailing.lastActiveDate).toBe(`${day(7 * DAY)}T00:00:00.000Z`);
    const row = await t.db.selectFrom('mailings').select('created_by').where('id', '=', mailing.id).executeTakeFirstOrThrow();
    expect(row.created_by).not.toBeNull();
  });

  it('refuses a short text, an incomplete or bad button, a bad photo, a long caption and an empty audience, each with its reason', async () => {
    const post = (body: object) => call('admin', 'POST', '/spam', { cityId: t.ids.cityId, text: TEXT, ...body });
    const fieldError = async (body: object, field: string, message: string) => {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().details, JSON.stringify(body)).toContainEqual(expect.objectContaining({ field, message }));
    };
    await fieldError({ text: 'Too short' }, 'text', 'more than 10 and less than 4097');
    const url = { enabled: true, type: 'url', position: 'inline', text: 'Open', value: 'https://food.example.com' };
    await fieldError({ bindedButton: { ...url, text: '' } }, 'bindedButton.text', 'Required');
    await fieldError({ bindedButton: { ...url, value: '' } }, 'bindedButton.value', 'Required');
    await fieldError({ bindedButton: { ...url, value: 'food.example.com' } }, 'bindedButton.value', 'must be an http(s) link');
    await fieldError({ bindedButton: { ...url, type: 'restaurant', value: 'menu' } }, 'bindedButton.value', 'must be chosen from the list');
    await fieldError({ photoId: 'not a file id!' }, 'photoId', 'is not valid');
    await fieldError({ photoId: 'stored-photo-id', text: 'x'.repeat(1100) }, 'text', 'must be less than 1025 symbols');
    await fieldError({ lastActiveDate: day(-DAY * 2) }, 'lastActiveDate', 'cannot be in the future');

    // A restaurant of another city, and a city whose bot has no chat name to link to.
    const elsewhere = await t.db
      .insertInto('restaurants')
      .values({ city_id: t.ids.otherCityId, name: 'Far away', name_ru: 'Далеко', address: 'Road 1' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const restaurantButton = { enabled: true, type: 'restaurant', position: 'bottom', text: 'Order', value: String(elsewhere.id) };
    const foreign = await post({ bindedButton: restaurantButton });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('MAILING_BUTTON_RESTAURANT');
    const noLink = await call('admin', 'POST', '/spam', { cityId: t.ids.otherCityId, text: TEXT, bindedButton: restaurantButton });
    expect(noLink.json().code).toBe('MAILING_BUTTON_NO_LINK');
    // A button switched off is kept as it is, unchecked.
    expect((await post({ bindedButton: { ...url, enabled: false, text: '', value: '' } })).statusCode).toBe(201);

    const nobody = await post({ lastActiveDate: new Date().toISOString() });
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json().code).toBe('MAILING_NO_RECIPIENTS');
  });

  it('lets a city admin mail and list only their own city, and nobody else but admins', async () => {
    const other = await call('cityadmin', 'POST', '/spam', { cityId: t.ids.otherCityId, text: TEXT });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('CITY_NOT_YOURS');
    const mine = (await call('admin', 'POST', '/spam', { cityId: t.ids.otherCityId, text: `${TEXT} elsewhere` })).json<Mailing>();

    const list = (await call('cityadmin', 'GET', '/spam')).json<Mailing[]>();
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((m) => m.cityId === t.ids.cityId)).toBe(true);
    expect(list.map((m) => m.createdAt)).toEqual([...list.map((m) => m.createdAt)].sort().reverse());
    expect((await call('cityadmin', 'GET', `/spam?cityId=${t.ids.otherCityId}`)).statusCode).toBe(404);
    const admins = (await call('admin', 'GET', `/spam?cityId=${t.ids.otherCityId}`)).json<Mailing[]>();
    expect(admins.map((m) => m.id)).toEqual([mine.id]);
    const all = await call('admin', 'GET', '/spam?page=1&perPage=2');
    expect(all.json()).toHaveLength(2);
    expect(Number(all.headers['x-total-count'])).toBeGreaterThan(2);

    for (const who of ['operator', 'owner']) {
      expect((await call(who, 'GET', '/spam')).statusCode).toBe(403);
      expect((await call(who, 'POST', '/spam', { text: TEXT })).statusCode).toBe(403);
      expect((await call(who, 'DELETE', `/spam/${mine.id}`)).statusCode).toBe(403);
      expect((await call(who, 'POST', '/spam/sendTestMessage', { text: TEXT, recipientId: 5 })).statusCode).toBe(403);
    }
  });

  it('stops a waiting mailing, with who stopped it, and refuses to stop one that is over', async () => {
    const created = (await call('cityadmin', 'POST', '/spam', { text: TEXT })).json<Mailing>();
    const elsewhere = (await call('admin', 'POST', '/spam', { cityId: t.ids.otherCityId, text: TEXT })).json<Mailing>();
    expect((await call('cityadmin', 'DELETE', `/spam/${elsewhere.id}`)).statusCode).toBe(404);

    const stopped = await call('cityadmin', 'DELETE', `/spam/${created.id}`);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ status: MailingStatus.FAILED, failure: 'stopped', stoppedBy: 'cityadmin' });
    const again = await call('cityadmin', 'DELETE', `/spam/${created.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('MAILING_NOT_STOPPABLE');
    expect((await call('admin', 'DELETE', '/spam/999999')).statusCode).toBe(404);
    const byAdmin = (await call('admin', 'DELETE', `/spam/${elsewhere.id}`)).json<Mailing>();
    expect(byAdmin.stoppedBy).toBe('admin');
  });

  it('sends a test message at once to one recipient, through the city bot, and says why the messenger refused one', async () => {
    const bot = await t.db
      .insertInto('bots')
      .values({ bot_token: '555:test', city_id: t.ids.cityId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const restaurant = await t.db
      .insertInto('restaurants')
      .values({ city_id: t.ids.cityId, name: 'Near', name_ru: 'Рядом', address: 'Street 1' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const body = {
      text: TEXT,
      photoId: 'stored-photo-id',
      recipientId: '123456789',
      bindedButton: { enabled: true, type: 'restaurant', position: 'inline', text: 'Order', value: String(restaurant.id) },
    };
    const sent = await call('cityadmin', 'POST', '/spam/sendTestMessage', body);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().messageId).toBeTruthy();
    expect(messenger.calls.at(-1)?.message).toEqual({
      botId: bot.id,
      chatId: '123456789',
      text: TEXT,
      photoId: 'stored-photo-id',
      button: { text: 'Order', url: `https://t.me/city_food_bot?start=restaurant_${restaurant.id}` },
    });
    // Nothing is queued: no mailing row.
    expect((await call('cityadmin', 'GET', '/spam')).json<Mailing[]>().some((m) => m.status === MailingStatus.PROCESSING)).toBe(false);

    messenger.answerNext({ kind: 'error', error: chatNotFound() });
    const refused = await call('cityadmin', 'POST', '/spam/sendTestMessage', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'MAILING_TEST_REFUSED', message: expect.stringContaining('chat not found') });
    messenger.answerNext({ kind: 'error', error: tooManyRequests(7) });
    const limited = await call('cityadmin', 'POST', '/spam/sendTestMessage', body);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('7');

    const bad = await call('cityadmin', 'POST', '/spam/sendTestMessage', { ...body, recipientId: 'me' });
    expect(bad.json().details).toContainEqual(expect.objectContaining({ field: 'recipientId', message: 'must be a numeric messenger id' }));
    expect((await call('cityadmin', 'POST', '/spam/sendTestMessage', { ...body, text: 'short' })).statusCode).toBe(400);
  });

  it('answers a stale session with 401', async () => {
    const session = await login(app, 'admin');
    expect((await app.inject({ method: 'GET', url: '/api/spam', headers: bearer(session) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/spam' })).statusCode).toBe(401);
  });
});
