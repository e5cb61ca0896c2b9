import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpAt } from '../../server/auth/secondFactor/totp';
import { Role, type LoginResponse, type RoleId } from '../../src/domain';
import { backends, bearer, createCity, createRestaurant, createStaff, login, openTestApp, type TestApp } from './harness';

describe.each(backends)('two-factor sign-in on %s', (backend) => {
  let t: TestApp;
  let clock = new Date('2030-03-01T10:00:00Z');
  let cityId: number;
  let restaurantId: number;
  let adminAuth: { authorization: string };
  let counter = 0;
  let address = 0;

  beforeAll(async () => {
    t = await openTestApp(backend, { now: () => clock });
    cityId = await createCity(t.db);
    restaurantId = await createRestaurant(t.db, cityId);
    await createStaff(t.db, { username: 'boss', roleId: Role.ADMIN });
    adminAuth = bearer(await login(t.app, 'boss'));
  });
  afterAll(async () => t?.close());

  /** Moves the clock to the next 30-second step, so a new code is due. */
  const nextStep = () => {
    clock = new Date(clock.getTime() + 30_000);
  };
  const newStaff = async (roleId: RoleId = Role.OPERATOR) => {
    const username = `staff${++counter}`;
    const id = await createStaff(t.db, {
      username,
      roleId,
      cityId: roleId === Role.ADMIN ? undefined : cityId,
      restaurantId: roleId === Role.RESTAURANT_OWNER ? restaurantId : undefined,
    });
    return { id, username };
  };
  const call = (auth: { authorization: string }, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  const password = (username: string, remoteAddress = `10.9.${Math.floor(++address / 256)}.${address % 256}`) =>
    t.app.inject({ method: 'POST', url: '/login', payload: { username, password: 'secret' }, remoteAddress });
  const code = (challengeToken: string, value: string, remoteAddress = '10.8.0.1') =>
    t.app.inject({ method: 'POST', url: '/login/secondFactor', payload: { challengeToken, code: value }, remoteAddress });

  /** Turns the factor on for an account: a new secret, confirmed by its first code. */
  const enable = async (username: string) => {
    const auth = bearer(await login(t.app, username));
    const setup = await call(auth, 'GET', '/api/secondFactor/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, setupKey, otpauthUri, qrCode } = setup.json<{ secret: string; setupKey: string; otpauthUri: string; qrCode: string }>();
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    const confirmed = await call(auth, 'POST', '/api/secondFactor/confirm', { setupKey, code: totpAt(secret, clock) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    nextStep();
    return { auth, secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
  };
  const challengeOf = async (username: string): Promise<string> => {
    const response = await password(username);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ secondFactor: string; challengeToken: string; jwtToken?: string }>();
    expect(body.secondFactor).toBe('code');
    expect(body.jwtToken).toBeUndefined();
    return body.challengeToken;
  };
  const errorCode = (response: LightMyRequestResponse) => response.json<{ code: string }>().code;

  it('sets up with a first code, shows ten recovery codes once, and never returns or stores the secret in plain', async () => {
    const { username, id } = await newStaff();
    const auth = bearer(await login(t.app, username));
    expect((await call(auth, 'GET', '/api/secondFactor')).json()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    const { secret, setupKey } = (await call(auth, 'GET', '/api/secondFactor/setup')).json<{ secret: string; setupKey: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setupKey).not.toContain(secret);

    const wrong = await call(auth, 'POST', '/api/secondFactor/confirm', {
      setupKey,
      code: totpAt(secret, new Date(clock.getTime() + 600_000)),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'SECOND_FACTOR_CODE_WRONG', details: [expect.objectContaining({ field: 'code' })] });
    const stranger = (await newStaff()).username;
    const stolen = await call(bearer(await login(t.app, stranger)), 'POST', '/api/secondFactor/confirm', {
      setupKey,
      code: totpAt(secret, clock),
    });
    expect(errorCode(stolen)).toBe('SECOND_FACTOR_SETUP_EXPIRED');
    expect(await t.db.selectFrom('staff_second_factors').selectAll().where('user_id', '=', id).execute()).toEqual([]);

    const confirmed = await call(auth, 'POST', '/api/secondFactor/confirm', { setupKey, code: totpAt(secret, clock) });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const recovery of recoveryCodes) expect(recovery).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await call(auth, 'GET', '/api/secondFactor')).json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    expect((await call(auth, 'GET', '/api/secondFactor')).body).not.toContain(secret);
    expect(errorCode(await call(auth, 'GET', '/api/secondFactor/setup'))).toBe('SECOND_FACTOR_ALREADY_ON');

    const stored = await t.db.selectFrom('staff_second_factors').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(secret);
    expect(stored.secret_sealed).toMatch(/^v1\./);
    const hashes = await t.db.selectFrom('staff_recovery_codes').select('code_hash').where('user_id', '=', id).execute();
    expect(hashes).toHaveLength(10);
    for (const recovery of recoveryCodes) expect(JSON.stringify(hashes)).not.toContain(recovery.replace('-', ''));
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'changes'])
      .where('entity', '=', 'users')
      .where('entity_id', '=', String(id))
      .execute();
    expect(audit).toContainEqual({ actor_id: id, changes: { second_factor: ['off', 'on'] } });
    expect(JSON.stringify(audit)).not.toContain(secret);
    nextStep();
  });

  it('asks for a code after the password, takes it once, and refuses it again', async () => {
    const { username } = await newStaff(Role.CITY_ADMIN);
    const { secret } = await enable(username);
    const challenge = await challengeOf(username);
    // The challenge is no session.
    expect((await call({ authorization: `Bearer ${challenge}` }, 'GET', '/api/secondFactor')).statusCode).toBe(401);

    const wrong = await code(challenge, totpAt(secret, new Date(clock.getTime() - 300_000)));
    expect(wrong.statusCode).toBe(401);
    expect(errorCode(wrong)).toBe('SECOND_FACTOR_CODE_WRONG');
    const right = await code(challenge, totpAt(secret, clock));
    expect(right.statusCode).toBe(200);
    const session = right.json<{ jwtToken: string; user: { username: string } }>();
    expect(session.user.username).toBe(username);
    expect((await call(bearer(right.json()), 'GET', '/api/secondFactor')).statusCode).toBe(200);

    const again = await code(await challengeOf(username), totpAt(secret, clock));
    expect(again.statusCode).toBe(401);
    expect(errorCode(again)).toBe('SECOND_FACTOR_CODE_USED');
    // The code of the step before, still in the window, is older than the one used: refused too.
    expect(errorCode(await code(await challengeOf(username), totpAt(secret, new Date(clock.getTime() - 30_000))))).toBe(
      'SECOND_FACTOR_CODE_USED',
    );
    nextStep();
    expect(
      (await code(await challengeOf(username), `${totpAt(secret, clock).slice(0, 3)} ${totpAt(secret, clock).slice(3)}`)).statusCode,
    ).toBe(200);

    const expired = await challengeOf(username);
    clock = new Date(clock.getTime() + 6 * 60_000);
    expect(errorCode(await code(expired, totpAt(secret, clock)))).toBe('SECOND_FACTOR_CHALLENGE_EXPIRED');
  });

  it('takes each recovery code once', async () => {
    const { username } = await newStaff(Role.RESTAURANT_OWNER);
    const { recoveryCodes } = await enable(username);
    const first = await code(await challengeOf(username), recoveryCodes[0].toUpperCase());
    expect(first.statusCode).toBe(200);
    const reused = await code(await challengeOf(username), recoveryCodes[0]);
    expect(errorCode(reused)).toBe('SECOND_FACTOR_CODE_USED');
    expect((await call(bearer(first.json()), 'GET', '/api/secondFactor')).json()).toMatchObject({ recoveryCodesLeft: 9 });
    expect(errorCode(await code(await challengeOf(username), 'aaaaa-aaaaa'))).toBe('SECOND_FACTOR_CODE_WRONG');
  });

  it('counts wrong codes as failed logins: 429 after five, and the right password does not forgive them', async () => {
    const { username } = await newStaff();
    const { secret } = await enable(username);
    const from = '10.7.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const challenge = await challengeOf(username);
      statuses.push((await code(challenge, '000000' === totpAt(secret, clock) ? '111111' : '000000', from)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const locked = await code(await challengeOf(username), totpAt(secret, clock), from);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', args: { seconds: expect.any(Number) } });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const failures = await t.db.selectFrom('audit_log').select('changes').where('action', '=', 'login_failed').execute();
    expect(failures.filter((row) => JSON.stringify(row.changes).includes('wrong_code')).length).toBeGreaterThanOrEqual(5);
    clock = new Date(clock.getTime() + 16 * 60_000);
    expect((await code(await challengeOf(username), totpAt(secret, clock), from)).statusCode).toBe(200);
  });

  it('turns off only with a current code', async () => {
    const { username } = await newStaff();
    const { auth, secret } = await enable(username);
    expect((await call(auth, 'POST', '/api/secondFactor/disable', {})).statusCode).toBe(400);
    const wrong = await call(auth, 'POST', '/api/secondFactor/disable', { code: '12345' });
    expect(wrong.statusCode).toBe(400);
    const notRight = await call(auth, 'POST', '/api/secondFactor/disable', { code: totpAt(secret, new Date(clock.getTime() + 900_000)) });
    expect(errorCode(notRight)).toBe('SECOND_FACTOR_CODE_WRONG');
    const off = await call(auth, 'POST', '/api/secondFactor/disable', { code: totpAt(secret, clock) });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false });
    expect((await password(username)).json()).toHaveProperty('jwtToken');
    expect(errorCode(await call(auth, 'POST', '/api/secondFactor/disable', { code: totpAt(secret, clock) }))).toBe('SECOND_FACTOR_NOT_ON');
    nextStep();
  });

  it("lets an admin reset another staff member's factor, audited, ending the member's sessions; refuses anyone else", async () => {
    const { username, id } = await newStaff();
    const member = await enable(username);
    expect((await call(member.auth, 'GET', '/api/secondFactor')).statusCode).toBe(200);
    const cityAdmin = await newStaff(Role.CITY_ADMIN);
    const cityAdminAuth = bearer(await login(t.app, cityAdmin.username));
    const refused = await call(cityAdminAuth, 'DELETE', `/api/users/${id}/secondFactor`);
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe('SECOND_FACTOR_RESET_REFUSED');
    expect((await call(adminAuth, 'GET', `/api/users/${id}/secondFactor`)).json()).toEqual({ enabled: true });

    const reset = await call(adminAuth, 'DELETE', `/api/users/${id}/secondFactor`);
    expect(reset.statusCode).toBe(200);
    // The session opened before the reset is over; a new login works (with the password alone now).
    await expect.poll(async () => (await call(member.auth, 'GET', '/api/secondFactor')).statusCode).toBe(401);
    expect((await call(adminAuth, 'GET', `/api/users/${id}/secondFactor`)).json()).toEqual({ enabled: false });
    expect(errorCode(await call(adminAuth, 'DELETE', `/api/users/${id}/secondFactor`))).toBe('SECOND_FACTOR_NOT_ON');
    const boss = await t.db.selectFrom('users').select('id').where('username', '=', 'boss').executeTakeFirstOrThrow();
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'city_id', 'changes'])
      .where('entity', '=', 'users')
      .where('entity_id', '=', String(id))
      .where('actor_id', '=', boss.id)
      .execute();
    expect(audit).toEqual([{ actor_id: boss.id, action: 'update', city_id: cityId, changes: { second_factor: ['on', 'off'] } }]);
    expect((await password(username)).json()).toHaveProperty('jwtToken');
    expect(await t.db.selectFrom('staff_recovery_codes').select('user_id').where('user_id', '=', id).execute()).toEqual([]);
  });

  it('sends a role that must have a factor to set it up, and the API refuses that session anything else', async () => {
    const saved = await call(adminAuth, 'PUT', '/api/superadmin/globalSettings', { secondFactorRoles: [Role.OPERATOR] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ secondFactorRoles: [Role.OPERATOR] });
    expect((await call(adminAuth, 'PUT', '/api/superadmin/globalSettings', { secondFactorRoles: [50] })).statusCode).toBe(400);
    try {
      const { username } = await newStaff(Role.OPERATOR);
      const answer = (await password(username)).json<{ secondFactor: string; setupToken: string; jwtToken?: string }>();
      expect(answer).toMatchObject({ secondFactor: 'setup', user: { username } });
      expect(answer.jwtToken).toBeUndefined();
      const limited = { authorization: `Bearer ${answer.setupToken}` };
      for (const [method, url] of [
        ['GET', '/api/orders'],
        ['GET', '/api/users'],
        ['GET', '/api/notifications'],
        ['POST', '/api/secondFactor/disable'],
      ] as const) {
        const refused = await call(limited, method, url, method === 'POST' ? { code: '123456' } : undefined);
        expect(refused.statusCode, url).toBe(403);
        expect(errorCode(refused), url).toBe('SECOND_FACTOR_SETUP_REQUIRED');
      }
      const graphql = await t.app.inject({ method: 'POST', url: '/graphql', headers: limited, payload: { query: '{ __typename }' } });
      expect(graphql.statusCode, graphql.body).toBe(403);
      expect(graphql.body).toContain('SECOND_FACTOR_SETUP_REQUIRED');
      expect((await call(limited, 'GET', '/api/secondFactor')).json()).toEqual({ enabled: false, required: true, recoveryCodesLeft: 0 });

      const { secret, setupKey } = (await call(limited, 'GET', '/api/secondFactor/setup')).json<{ secret: string; setupKey: string }>();
      const confirmed = await call(limited, 'POST', '/api/secondFactor/confirm', { setupKey, code: totpAt(secret, clock) });
      expect(confirmed.statusCode).toBe(200);
      const { session } = confirmed.json<{ session: LoginResponse }>();
      expect((await call(bearer(session), 'GET', '/api/orders')).statusCode).toBe(200);
      const mustStay = await call(bearer(session), 'POST', '/api/secondFactor/disable', { code: totpAt(secret, clock) });
      expect(errorCode(mustStay)).toBe('SECOND_FACTOR_REQUIRED_FOR_ROLE');
      nextStep();
      expect((await password(username)).json()).toMatchObject({ secondFactor: 'code' });
      // Roles not named sign in as before.
      expect((await password((await newStaff(Role.CITY_ADMIN)).username)).json()).toHaveProperty('jwtToken');
    } finally {
      await call(adminAuth, 'PUT', '/api/superadmin/globalSettings', { secondFactorRoles: [] });
    }
    expect((await call(adminAuth, 'GET', '/api/superadmin/globalSettings')).json()).toMatchObject({ secondFactorRoles: [] });
    expect((await call(adminAuth, 'GET', '/api/superadmin/checkGlobalSettings')).json()).not.toContain('secondFactorRoles');
  });
});
