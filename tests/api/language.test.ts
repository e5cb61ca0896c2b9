import { describe, expect, it } from 'vitest';
import { backends, type FieldErrorCase, useStaffApp } from './harness';

/**
 * Translations (spec section 7): admins read, save and restore a language's texts; every
 * logged-in user reads the saved texts their app shows. Keys the app does not have, and texts
 * that lose or invent placeholders, are refused with the key named.
 */
describe.each(backends)('translations on %s', (backend) => {
  const t = useStaffApp(backend);
  const { call } = t;
  const stored = async (code: string) =>
    (await t.db.selectFrom('languages').select('data').where('code', '=', code).executeTakeFirst())?.data;

  it('gives admins every key with its shipped and English text, and refuses every other role', async () => {
    const ru = await call('admin', 'GET', '/language/ru');
    expect(ru.statusCode).toBe(200);
    const body = ru.json();
    expect(body).toMatchObject({ id: 'ru', data: {}, updatedAt: null });
    expect(body.shipped['menu.orders']).toBe('Заказы');
    expect(body.english['menu.orders']).toBe('Orders');
    expect(body.shipped['resources.spam.name']).toBeTypeOf('string');
    expect(body.shipped['errors.FORBIDDEN']).toBe('Вам нельзя это делать');
    // react-admin's own texts come with the library: not editable here.
    expect(Object.keys(body.shipped).some((key) => key.startsWith('ra.'))).toBe(false);
    expect(Object.keys(body.shipped).length).toBeGreaterThan(500);
    expect(Object.keys(body.english)).toEqual(Object.keys(body.shipped));

    for (const who of ['cityadmin', 'operator', 'owner']) {
      expect((await call(who, 'GET', '/language/ru')).statusCode, who).toBe(403);
      expect((await call(who, 'POST', '/language/ru', { data: { 'menu.orders': 'Mine' } })).statusCode, who).toBe(403);
      expect((await call(who, 'POST', '/language/checkout-locale/ru')).statusCode, who).toBe(403);
    }
    expect(await stored('ru')).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/language/ru' })).statusCode).toBe(401);
    expect((await call('admin', 'GET', '/language/fr')).statusCode).toBe(400);
  });

  it('saves changed texts, which every logged-in user then loads', async () => {
    const saved = await call('admin', 'POST', '/language/ru', {
      data: { 'menu.orders': 'Заказы клиентов', 'home.title': 'Привет, %{username}!' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ 'menu.orders': 'Заказы клиентов', 'home.title': 'Привет, %{username}!' });
    expect(saved.json().updatedAt).toBeTypeOf('string');

    for (const who of ['admin', 'cityadmin', 'operator', 'owner']) {
      const texts = await call(who, 'GET', '/languages');
      expect(texts.statusCode, who).toBe(200);
      expect(texts.json(), who).toEqual({ en: {}, ru: { 'menu.orders': 'Заказы клиентов', 'home.title': 'Привет, %{username}!' }, es: {} });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/languages' })).statusCode).toBe(401);

    // A later save keeps the earlier keys; a text equal to the shipped one ends its override.
    await call('admin', 'POST', '/language/ru', { data: { 'menu.tags': 'Метки', 'home.title': 'Добро пожаловать, %{username}' } });
    expect((await call('admin', 'GET', '/language/ru')).json().data).toEqual({ 'menu.orders': 'Заказы клиентов', 'menu.tags': 'Метки' });
    expect(await stored('ru')).toEqual({ 'menu.orders': 'Заказы клиентов', 'menu.tags': 'Метки' });
  });

  it('keeps both of two saves of different keys made at the same time', async () => {
    const [a, b] = await Promise.all([
      call('admin', 'POST', '/language/es', { data: { 'menu.bots': 'Bots del servicio' } }),
      call('admin', 'POST', '/language/es', { data: { 'menu.ads': 'Publicidad' } }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await call('admin', 'GET', '/language/es')).json().data).toEqual({
      'menu.bots': 'Bots del servicio',
      'menu.ads': 'Publicidad',
    });
  });

  it('refuses unknown keys and texts that change their placeholders, naming the key, and writes nothing', async () => {
    const before = await stored('en');
    const cases: FieldErrorCase[] = [
      [{ data: { 'menu.nowhere': 'Nowhere' } }, 'data.menu.nowhere', 'is not a known field'],
      [{ data: { 'ra.action.save': 'Keep' } }, 'data.ra.action.save', 'is not a known field'],
      [{ data: { menu: 'Menu' } }, 'data.menu', 'is not a known field'],
      [{ data: { 'home.title': 'Welcome!' } }, 'data.home.title', 'must hold exactly the placeholders %{username}'],
      [{ data: { 'home.title': 'Welcome, %{user}' } }, 'data.home.title', 'must hold exactly the placeholders %{username}'],
      [{ data: { 'menu.orders': 'Orders of %{city}' } }, 'data.menu.orders', 'must hold no placeholders'],
      [{ data: { 'menu.orders': '' } }, 'data.menu.orders', 'Required'],
      [{ data: { 'menu.orders': '   ' } }, 'data.menu.orders', 'Required'],
      [{ data: { 'menu.orders': 'Or\u0000ders' } }, 'data.menu.orders', 'must not contain control characters'],
      [{ data: { 'menu.orders': 'x'.repeat(1024) } }, 'data.menu.orders', 'must be less than 1024 symbols'],
      [{ data: { 'menu.orders': 42 } }, 'data.menu.orders', 'must be text'],
      [{ data: {} }, 'data', 'name at least one field to change'],
      [{ data: 'Orders' }, 'data', 'must be an object'],
      [{ data: { 'menu.orders': 'Orders' }, extra: 1 }, 'extra', 'is not a known field'],
    ];
    await t.expectFieldErrors('POST', '/language/en', cases);
    // Whatever the body, a 400 and never a 5xx.
    const bodies = [
      null,
      0,
      'text',
      [],
      [[]],
      { data: null },
      { data: [] },
      { data: { 'menu.orders': null } },
      { data: { 'menu.orders': ['x'] } },
    ];
    for (const body of [...bodies.map((b) => JSON.stringify(b)), '{', '', '{"data":']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/language/en',
        headers: { ...t.auth.admin, 'content-type': 'application/json' },
        payload: body,
      });
      expect(response.statusCode, body).toBe(400);
    }
    const long = await call('admin', 'POST', '/language/en', { data: { ['k'.repeat(300)]: 'x' } });
    expect(long.statusCode).toBe(400);
    // One bad key refuses the whole save.
    const mixed = await call('admin', 'POST', '/language/en', { data: { 'menu.orders': 'All orders', 'menu.nowhere': 'x' } });
    expect(mixed.statusCode).toBe(400);
    expect(await stored('en')).toEqual(before);
    // Plural forms may differ in number between languages; the placeholders may not.
    const plural = await call('admin', 'POST', '/language/ru', {
      data: { 'resources.language.count': '%{smart_count} строка |||| %{smart_count} строки |||| %{smart_count} строк' },
    });
    expect(plural.statusCode).toBe(200);
  });

  it('leaves out saved texts the app no longer has or whose placeholders changed since, and drops them on the next save', async () => {
    await t.db
      .insertInto('languages')
      .values({ code: 'en', data: JSON.stringify({ welcome: 'Hi from the bot', 'home.title': 'Hello', 'menu.cities': 'Towns' }) })
      .onConflict((oc) => oc.column('code').doUpdateSet({ data: (eb) => eb.ref('excluded.data') }))
      .execute();
    expect((await call('operator', 'GET', '/languages')).json().en).toEqual({ 'menu.cities': 'Towns' });
    expect((await call('admin', 'GET', '/language/en')).json().data).toEqual({ 'menu.cities': 'Towns' });
    await call('admin', 'POST', '/language/en', { data: { 'menu.tags': 'Labels' } });
    expect(await stored('en')).toEqual({ 'menu.cities': 'Towns', 'menu.tags': 'Labels' });
  });

  it('restores the shipped texts of one language after checkout-locale, and only of that one', async () => {
    await call('admin', 'POST', '/language/ru', { data: { 'menu.orders': 'Заказы клиентов' } });
    await call('admin', 'POST', '/language/es', { data: { 'menu.orders': 'Todos los pedidos' } });
    const restored = await call('admin', 'POST', '/language/checkout-locale/ru');
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id: 'ru', data: {} });
    expect(restored.json().shipped['menu.orders']).toBe('Заказы');
    const texts = (await call('owner', 'GET', '/languages')).json();
    expect(texts.ru).toEqual({});
    expect(texts.es).toMatchObject({ 'menu.orders': 'Todos los pedidos' });
    expect((await call('admin', 'POST', '/language/checkout-locale/fr')).statusCode).toBe(400);
  });
});
