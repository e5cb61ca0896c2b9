import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSessionToken } from '../../server/auth/sessionToken';
import { migrateToLatest } from '../../server/db/migrate';
import { LOGIN_MAX_FAILURES, Role } from '../../src/domain';
import { backends, bearer, createStaff, login, openTestApp, seedRoles, TEST_SECRET, TEST_VERSION, type TestApp } from './harness';

describe.each(backends)('login and authentication on %s', (backend) => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof seedRoles>>;

  beforeAll(async () => {
    t = await openTestApp(backend);
    ids = await seedRoles(t.db);
    await t.db
      .insertInto('users')
      .values({
        role_id: Role.USER,
        username: 'customer',
        password_hash: (await t.db.selectFrom('users').select('password_hash').where('username', '=', 'admin').executeTakeFirstOrThrow())
          .password_hash,
        auth_key: 'k',
        telegram_id: 42,
        telegram_username: null,
        photo: null,
        phone: null,
        contact_type: null,
        address: null,
        additional_address: null,
        city_id: null,
        restaurant_id: null,
        referral_link_id: null,
        last_active_at: null,
      })
      .execute();
  });
  afterAll(async () => t?.close());

  const postLogin = (payload: unknown, remoteAddress = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/login', payload: payload as object, remoteAddress });

  it('returns the user and a token for each staff role', async () => {
    for (const [username, roleId] of [
      ['admin', Role.ADMIN],
      ['cityadmin', Role.CITY_ADMIN],
      ['operator', Role.OPERATOR],
      ['owner', Role.RESTAURANT_OWNER],
    ] as const) {
      const response = await postLogin({ username, password: 'secret' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.user).toMatchObject({ username, roleId });
      expect(Object.keys(body.user).sort()).toEqual(['authKey', 'cityId', 'id', 'restaurantId', 'roleId', 'username']);
      expect(body.jwtToken.split('.')).toHaveLength(3);
      expect(response.headers['x-app-version']).toBe(TEST_VERSION);
    }
    const owner = (await postLogin({ username: 'owner', password: 'secret' })).json();
    expect(owner.user).toMatchObject({ cityId: ids.cityId, restaurantId: ids.restaurantId });
  });

  it('accepts the username in any case', async () => {
    expect((await postLogin({ username: 'ADMIN', password: 'secret' })).statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown user with 401 JSON', async () => {
    for (const payload of [
      { username: 'admin', password: 'wrong' },
      { username: 'nobody', password: 'secret' },
    ]) {
      const response = await postLogin(payload, '10.0.0.2');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        statusCode: 401,
        code: 'WRONG_CREDENTIALS',
        error: 'Unauthorized',
        message: 'You provided a wrong password or login',
      });
      expect(response.headers['x-app-version']).toBe(TEST_VERSION);
    }
  });

  it('refuses couriers and customers with 403 and a clear message', async () => {
    for (const username of ['courier', 'customer']) {
      const response = await postLogin({ username, password: 'secret' }, '10.0.0.3');
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toMatch(/cannot log in to the back-office/);
    }
  });

  it('answers missing fields, wrong types and bad JSON with 400, never 500', async () => {
    const missing = await postLogin({ username: 'admin' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([expect.objectContaining({ field: 'password', message: expect.any(String) })]);
    const empty = await postLogin({ username: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(
      empty
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['password', 'username']);
    const wrongType = await postLogin({ username: 5, password: ['x'] });
    expect(wrongType.statusCode).toBe(400);
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(badJson.headers['x-app-version']).toBe(TEST_VERSION);
  });

  it('rate-limits repeated failures per IP and username with 429', async () => {
    const ip = '10.0.0.9';
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await postLogin({ username: 'operator', password: 'nope' }, ip)).statusCode).toBe(401);
    }
    const limited = await postLogin({ username: 'operator', password: 'secret' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().code).toBe('TOO_MANY_ATTEMPTS');
    // Another IP, or another username from the same IP, is not held back.
    expect((await postLogin({ username: 'operator', password: 'secret' }, '10.0.0.10')).statusCode).toBe(200);
    expect((await postLogin({ username: 'admin', password: 'secret' }, ip)).statusCode).toBe(200);
  });

  it('needs a valid bearer token on /api and /graphql', async () => {
    const adminId = await t.db.selectFrom('users').select(['id', 'auth_key']).where('username', '=', 'admin').executeTakeFirstOrThrow();
    const user = { id: adminId.id, username: 'admin', roleId: Role.ADMIN, cityId: null, restaurantId: null, authKey: adminId.auth_key };
    const expired = signSessionToken({ user, version: 0 }, TEST_SECRET, new Date(Date.now() - 13 * 3600_000));
    const forged = signSessionToken({ user, version: 0 }, 'another-secret', new Date());
    for (const url of ['/api/cities', '/api', '/graphql']) {
      for (const authorization of [undefined, 'Bearer nonsense', `Bearer ${expired}`, `Bearer ${forged}`, 'Basic YTpi']) {
        const response = await t.app.inject({
          method: url === '/graphql' ? 'POST' : 'GET',
          url,
          headers: authorization ? { authorization } : {},
          payload: url === '/graphql' ? { query: '{ me { id } }' } : undefined,
        });
        expect(response.statusCode, `${url} with ${authorization}`).toBe(401);
        expect(response.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
        expect(response.headers['x-app-version']).toBe(TEST_VERSION);
      }
    }
  });

  it('accepts a valid token, and drops it once the user is deleted', async () => {
    const userId = await createStaff(t.db, { username: 'shortlived', roleId: Role.OPERATOR, cityId: ids.cityId });
    const session = await login(t.app, 'shortlived');
    const me = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: bearer(session),
      payload: { query: '{ me { id username roleId cityId } }' },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.me).toEqual({ id: userId, username: 'shortlived', roleId: Role.OPERATOR, cityId: ids.cityId });
    await t.db.deleteFrom('users').where('id', '=', userId).execute();
    // At once, give or take the notification's trip from the database: within two seconds.
    await expect
      .poll(
        async () =>
          (await t.app.inject({ method: 'POST', url: '/graphql', headers: bearer(session), payload: { query: '{ me { id } }' } }))
            .statusCode,
        {
          timeout: 2000,
          interval: 50,
        },
      )
      .toBe(401);
  });

  it('answers unknown routes with a 404 JSON that carries the version', async () => {
    const session = await login(t.app, 'admin');
    const api = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: bearer(session) });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', error: 'Not Found' });
    expect(api.headers['x-app-version']).toBe(TEST_VERSION);
    const root = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(root.statusCode).toBe(404);
    expect(root.headers['x-app-version']).toBe(TEST_VERSION);
  });

  it('applies the migrations again without error', async () => {
    await migrateToLatest(t.db);
    await migrateToLatest(t.db);
    const tables = await t.db
      .selectFrom('kysely_migration' as never)
      .selectAll()
      .execute();
    expect(tables.length).toBeGreaterThan(0);
    expect(new Set(tables).size).toBe(tables.length);
  });
});
