import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newAuthKey } from '../../server/auth/password';
import { maskBotToken, Role } from '../../src/domain';
import { backends, createCity, type FieldErrorCase, useStaffApp } from './harness';

/** A token of the messenger's shape: the bot's numeric id, a colon and a 35-character secret. */
const token = (n: number) => `${700000 + n}:AAH${'k'.repeat(28)}-${String(n).padStart(3, '0')}`;

interface Bot {
  id: number;
  botToken: string;
  endpoint: string | null;
  city: { id: number; name: string; name_ru: string };
  cityId: number;
}

describe.each(backends)('bots on %s', (backend) => {
  const t = useStaffApp(backend);
  const cityName = new Map<number, string>();
  const cityNameRu = new Map<number, string>();
  /** A city as a bot names it: both names, the Russian one for Russian screens. */
  const botCity = (id: number) => ({ id, name: cityName.get(id), name_ru: cityNameRu.get(id) });

  beforeAll(async () => {
    for (const city of await t.db.selectFrom('cities').select(['id', 'name', 'name_ru']).execute()) {
      cityName.set(city.id, city.name);
      cityNameRu.set(city.id, city.name_ru);
    }
  });
  // Each case starts without bots and without global settings.
  beforeEach(async () => {
    await t.db.deleteFrom('bots').execute();
    await t.db.deleteFrom('global_settings').execute();
  });

  const { call } = t;

  const create = async (cityId: number, n: number): Promise<Bot> => {
    const response = await call('admin', 'POST', '/bots', { botToken: token(n), cityId });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  const setting = (key: string, value: string) => t.db.insertInto('global_settings').values({ key, value }).execute();

  it('an admin adds, lists, reads, edits and deletes a bot', async () => {
    const created = await call('admin', 'POST', '/bots', { botToken: token(1), cityId: t.ids.cityId });
    expect(created.statusCode).toBe(201);
    const bot: Bot = created.json();
    expect(bot).toEqual({
      id: expect.any(Number),
      botToken: token(1),
      endpoint: null,
      city: botCity(t.ids.cityId),
      cityId: t.ids.cityId,
    });

    expect((await call('admin', 'GET', `/bots/${bot.id}`)).json()).toEqual(bot);
    const list = await call('admin', 'GET', '/bots');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([{ ...bot, botToken: maskBotToken(token(1)) }]);

    const edited = await call('admin', 'PUT', `/bots/${bot.id}`, { botToken: token(2), cityId: t.ids.otherCityId });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({
      ...bot,
      botToken: token(2),
      city: botCity(t.ids.otherCityId),
      cityId: t.ids.otherCityId,
    });
    expect((await call('admin', 'PUT', `/bots/${bot.id}`, {})).json()).toMatchObject({
      statusCode: 400,
      details: [{ field: 'body', message: 'name at least one field to change' }],
    });
    // Saving the bot's own token and city again is no conflict.
    expect((await call('admin', 'PUT', `/bots/${bot.id}`, { botToken: token(2), cityId: t.ids.otherCityId })).statusCode).toBe(200);

    const deleted = await call('admin', 'DELETE', `/bots/${bot.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: bot.id, cityId: t.ids.otherCityId });
    expect((await call('admin', 'GET', `/bots/${bot.id}`)).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/bots/${bot.id}`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', '/bots')).json()).toEqual([]);
  });

  it('the list masks every token; the bot’s own screen shows it in full', async () => {
    const first = await create(t.ids.cityId, 11);
    const second = await create(t.ids.otherCityId, 12);
    const list: Bot[] = (await call('admin', 'GET', '/bots')).json();
    expect(list.map((b) => b.id)).toEqual([first.id, second.id]);
    for (const [i, n] of [11, 12].entries()) {
      expect(list[i].botToken).toBe(maskBotToken(token(n)));
      expect(list[i].botToken).not.toContain(token(n).split(':')[1].slice(0, 8));
      expect(list[i].botToken.startsWith(`${700000 + n}:`)).toBe(true);
    }
    expect(JSON.stringify(list)).not.toContain(token(11));
    expect((await call('admin', 'GET', `/bots/${second.id}`)).json().botToken).toBe(token(12));
  });

  it('gives the endpoint under the public URL, and null while it is not set', async () => {
    const bot = await create(t.ids.cityId, 21);
    expect(bot.endpoint).toBeNull();
    expect((await call('admin', 'GET', '/bots')).json()[0].endpoint).toBeNull();
    await setting('publicUrl', 'https://food.example.com');
    const endpoint = `https://food.example.com/webhook/${bot.id}`;
    expect((await call('admin', 'GET', `/bots/${bot.id}`)).json().endpoint).toBe(endpoint);
    expect((await call('admin', 'GET', '/bots')).json()[0].endpoint).toBe(endpoint);
    expect((await call('admin', 'PUT', `/bots/${bot.id}`, { botToken: token(22) })).json().endpoint).toBe(endpoint);
    const second = await create(t.ids.otherCityId, 23);
    expect(second.endpoint).toBe(`https://food.example.com/webhook/${second.id}`);
    // A public URL saved with a trailing slash does not double it.
    await t.db
      .updateTable('global_settings')
      .set({ value: 'https://food.example.com/backoffice/' })
      .where('key', '=', 'publicUrl')
      .execute();
    expect((await call('admin', 'GET', `/bots/${bot.id}`)).json().endpoint).toBe(`https://food.example.com/backoffice/webhook/${bot.id}`);
  });

  it('lists the cities a bot may be attached to', async () => {
    const third = await createCity(t.db, 'Zeta');
    cityName.set(third, 'Zeta');
    cityNameRu.set(third, 'Zeta');
    const all = await t.db.selectFrom('cities').select(['id', 'name', 'name_ru']).orderBy('name').orderBy('id').execute();
    expect((await call('admin', 'GET', '/cities/for_bots')).json()).toEqual(all);

    const bot = await create(t.ids.cityId, 31);
    const free = all.filter((c) => c.id !== t.ids.cityId);
    expect((await call('admin', 'GET', '/cities/for_bots')).json()).toEqual(free);
    expect((await call('admin', 'GET', `/cities/for_bots/${bot.id}`)).json()).toEqual(all);

    const other = await create(t.ids.otherCityId, 32);
    expect((await call('admin', 'GET', '/cities/for_bots')).json()).toEqual(
      all.filter((c) => c.id !== t.ids.cityId && c.id !== t.ids.otherCityId),
    );
    expect((await call('admin', 'GET', `/cities/for_bots/${bot.id}`)).json()).toEqual(all.filter((c) => c.id !== t.ids.otherCityId));
    expect((await call('admin', 'GET', `/cities/for_bots/${other.id}`)).json()).toEqual(all.filter((c) => c.id !== t.ids.cityId));

    expect((await call('admin', 'GET', '/cities/for_bots/999999')).statusCode).toBe(404);
    expect((await call('admin', 'GET', '/cities/for_bots/abc')).statusCode).toBe(400);
  });

  it('refuses a second bot for a city and a token already in use, writing nothing', async () => {
    const bot = await create(t.ids.cityId, 41);
    const sameCity = await call('admin', 'POST', '/bots', { botToken: token(42), cityId: t.ids.cityId });
    expect(sameCity.statusCode).toBe(409);
    expect(sameCity.json()).toMatchObject({ statusCode: 409, code: 'CITY_HAS_BOT', args: { id: bot.id } });
    expect(sameCity.json().message).toBe(
      `${cityName.get(t.ids.cityId)} already has a bot (#${bot.id}): a city talks to its customers through one bot.`,
    );
    const sameToken = await call('admin', 'POST', '/bots', { botToken: token(41), cityId: t.ids.otherCityId });
    expect(sameToken.statusCode).toBe(409);
    expect(sameToken.json().message).toBe(`This bot token is already used by bot #${bot.id}.`);
    expect((await call('admin', 'GET', '/bots')).json()).toHaveLength(1);

    const other = await create(t.ids.otherCityId, 43);
    expect((await call('admin', 'PUT', `/bots/${other.id}`, { cityId: t.ids.cityId })).statusCode).toBe(409);
    const stolen = await call('admin', 'PUT', `/bots/${other.id}`, { botToken: token(41) });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().message).toBe(`This bot token is already used by bot #${bot.id}.`);
    expect((await call('admin', 'GET', `/bots/${other.id}`)).json()).toEqual(other);
  });

  it('the unique indexes refuse a duplicate that slips past the checks', async () => {
    await create(t.ids.cityId, 51);
    await expect(
      t.db
        .insertInto('bots')
        .values({ bot_token: token(52), city_id: t.ids.cityId })
        .execute(),
    ).rejects.toThrow();
    await expect(
      t.db
        .insertInto('bots')
        .values({ bot_token: token(51), city_id: t.ids.otherCityId })
        .execute(),
    ).rejects.toThrow();
  });

  it('rejects each invalid field with its message and writes nothing', async () => {
    const botTokenMessage = 'must look like 123456789:ABC… (the token the messenger gave the bot)';
    const cases: FieldErrorCase[] = [
      [{ cityId: t.ids.cityId }, 'botToken', 'Required'],
      [{ botToken: '', cityId: t.ids.cityId }, 'botToken', 'Required'],
      [{ botToken: null, cityId: t.ids.cityId }, 'botToken', 'Required'],
      [{ botToken: 'not-a-token', cityId: t.ids.cityId }, 'botToken', botTokenMessage],
      [{ botToken: `12:${'a'.repeat(35)}`, cityId: t.ids.cityId }, 'botToken', botTokenMessage],
      [{ botToken: `123456789:${'a'.repeat(10)}`, cityId: t.ids.cityId }, 'botToken', botTokenMessage],
      [{ botToken: ` ${token(61)}`, cityId: t.ids.cityId }, 'botToken', botTokenMessage],
      [{ botToken: 123456789, cityId: t.ids.cityId }, 'botToken', 'must be text'],
      [{ botToken: token(61) }, 'cityId', 'Required'],
      [{ botToken: token(61), cityId: 'one' }, 'cityId', 'must be chosen from the list'],
      [{ botToken: token(61), cityId: -1 }, 'cityId', 'must be chosen from the list'],
      [{ botToken: token(61), cityId: 2.5 }, 'cityId', 'must be a whole number'],
      [{ botToken: token(61), cityId: 999999 }, 'cityId', 'no such city'],
    ];
    await t.expectFieldErrors('POST', '/bots', cases);
    expect((await call('admin', 'GET', '/bots')).json()).toEqual([]);

    const bot = await create(t.ids.cityId, 62);
    for (const [payload, field, message] of [
      [{ botToken: '' }, 'botToken', 'Required'],
      [{ botToken: 'nope' }, 'botToken', botTokenMessage],
      [{ cityId: true }, 'cityId', 'must be chosen from the list'],
      [{ cityId: 999999 }, 'cityId', 'no such city'],
    ] as const) {
      const response = await call('admin', 'PUT', `/bots/${bot.id}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().details).toContainEqual(expect.objectContaining({ field, message }));
    }
    expect((await call('admin', 'GET', `/bots/${bot.id}`)).json()).toEqual(bot);
  });

  it('bad JSON, a body that is not an object and bad ids give 400; unknown bots 404', async () => {
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/bots',
      headers: { ...t.auth.admin, 'content-type': 'application/json' },
      payload: '{"botToken": ',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect((await call('admin', 'POST', '/bots', [1, 2])).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/bots/abc')).statusCode).toBe(400);
    expect((await call('admin', 'PUT', '/bots/0', { botToken: token(71) })).statusCode).toBe(400);
    expect((await call('admin', 'DELETE', '/bots/x')).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/bots/999999')).statusCode).toBe(404);
    expect((await call('admin', 'PUT', '/bots/999999', { botToken: token(71) })).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', '/bots/999999')).statusCode).toBe(404);
  });

  it('only admins may touch bots', async () => {
    const bot = await create(t.ids.cityId, 81);
    for (const who of ['cityadmin', 'operator', 'owner']) {
      expect((await call(who, 'GET', '/bots')).statusCode, who).toBe(403);
      expect((await call(who, 'GET', `/bots/${bot.id}`)).statusCode, who).toBe(403);
      expect((await call(who, 'POST', '/bots', { botToken: token(82), cityId: t.ids.otherCityId })).statusCode, who).toBe(403);
      expect((await call(who, 'PUT', `/bots/${bot.id}`, { botToken: token(82) })).statusCode, who).toBe(403);
      expect((await call(who, 'DELETE', `/bots/${bot.id}`)).statusCode, who).toBe(403);
      expect((await call(who, 'GET', '/cities/for_bots')).statusCode, who).toBe(403);
      expect((await call(who, 'GET', `/cities/for_bots/${bot.id}`)).statusCode, who).toBe(403);
    }
    expect((await call('admin', 'GET', `/bots/${bot.id}`)).json()).toEqual(bot);
    expect((await t.app.inject({ method: 'GET', url: '/api/bots' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/cities/for_bots' })).statusCode).toBe(401);
  });

  describe('the webhook', () => {
    const secret = 'hook-secret-0123456789';
    const hook = (botId: number | string, payload: unknown, secretHeader?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/webhook/${botId}`,
        headers: secretHeader === undefined ? {} : { 'x-telegram-bot-api-secret-token': secretHeader },
        payload: payload as object,
      });
    const customer = async (telegramId: number) =>
      (
        await t.db
          .insertInto('users')
          .values({ role_id: Role.USER, auth_key: newAuthKey(), telegram_id: telegramId, name: `Customer ${telegramId}` })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const lastActive = async (userId: number) =>
      (await t.db.selectFrom('users').select('last_active_at').where('id', '=', userId).executeTakeFirstOrThrow()).last_active_at;
    const update = (fromId: number) => ({ update_id: 1, message: { message_id: 5, from: { id: fromId, is_bot: false }, text: 'hi' } });

    it('answers 503 while no webhook secret is configured', async () => {
      const bot = await create(t.ids.cityId, 91);
      const response = await hook(bot.id, update(1), 'anything-at-all-here');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ statusCode: 503, code: 'WEBHOOK_NOT_CONFIGURED' });
    });

    it('refuses a missing or wrong secret with 401 and an unknown bot with 404', async () => {
      await setting('webhookSecret', secret);
      const bot = await create(t.ids.cityId, 92);
      for (const given of [undefined, '', 'wrong-secret-0123456789', `${secret}x`, secret.slice(0, -1)]) {
        const response = await hook(bot.id, update(1), given);
        expect(response.statusCode, String(given)).toBe(401);
        expect(response.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
      }
      expect((await hook(999999, update(1), secret)).statusCode).toBe(404);
      expect((await hook('abc', update(1), secret)).statusCode).toBe(400);
      // The webhook is not part of the bearer-protected API.
      expect((await t.app.inject({ method: 'POST', url: `/api/webhook/${bot.id}`, payload: update(1) })).statusCode).toBe(401);
    });

    it('marks the sender of a message or of a button press as active now', async () => {
      await setting('webhookSecret', secret);
      const bot = await create(t.ids.cityId, 93);
      const writer = await customer(5550001);
      const presser = await customer(5550002);
      const bystander = await customer(5550003);

      const before = Date.now();
      const response = await hook(bot.id, update(5550001), secret);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      const active = await lastActive(writer);
      expect(active).toBeInstanceOf(Date);
      expect((active as Date).getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect((active as Date).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      expect(await lastActive(presser)).toBeNull();

      const press = { update_id: 2, callback_query: { id: 'q1', from: { id: 5550002 }, data: 'menu' } };
      expect((await hook(bot.id, press, secret)).json()).toEqual({ ok: true });
      expect(await lastActive(presser)).toBeInstanceOf(Date);
      expect(await lastActive(bystander)).toBeNull();
    });

    it('accepts updates it has nothing to note, and refuses bodies that are not updates', async () => {
      await setting('webhookSecret', secret);
      const bot = await create(t.ids.cityId, 94);
      const stranger = await customer(5550004);
      for (const payload of [{ update_id: 3 }, update(424242), { message: { from: { id: '5550004' } } }, { callback_query: null }]) {
        const response = await hook(bot.id, payload, secret);
        expect(response.statusCode, JSON.stringify(payload)).toBe(200);
        expect(response.json()).toEqual({ ok: true });
      }
      expect(await lastActive(stranger)).toBeNull();
      const raw = await t.app.inject({
        method: 'POST',
        url: `/webhook/${bot.id}`,
        headers: { 'x-telegram-bot-api-secret-token': secret, 'content-type': 'application/json' },
        payload: '{"update_id": ',
      });
      expect(raw.statusCode).toBe(400);
      expect((await hook(bot.id, [1, 2], secret)).statusCode).toBe(400);
    });
  });
});
