import { expect, describe, it } from 'vitest';
import { Role } from '../../src/domain';
import { backends, bearer, login, useStaffApp } from './harness';

let counter = 0;
const uniqueName = (prefix: string) => `${prefix}_${++counter}`;

/** The fields of a staff account: password, username, messenger id; and the sessions a change ends. */
describe.each(backends)('staff account fields and sessions on %s', (backend) => {
  const t = useStaffApp(backend);

  const newOperator = async (extra: Record<string, unknown> = {}) => {
    const body = { username: uniqueName('op'), password: 'first-password', roleId: Role.OPERATOR, cityId: t.ids.cityId, ...extra };
    const response = await t.call('admin', 'POST', '/users', body);
    expect(response.statusCode, response.body).toBe(201);
    return { ...response.json<{ id: number; username: string }>(), password: body.password };
  };

  const canLogIn = async (username: string, password: string) =>
    (await t.app.inject({ method: 'POST', url: '/login', payload: { username, password } })).statusCode === 200;

  it('never sends a password or its hash back, on any call or in the contract', async () => {
    const created = await t.call('admin', 'POST', '/users', {
      username: uniqueName('quiet'),
      password: 'secret-password',
      roleId: Role.COURIER,
      cityId: t.ids.cityId,
    });
    const { id } = created.json<{ id: number }>();
    const answers = [
      created,
      await t.call('admin', 'GET', '/users'),
      await t.call('admin', 'GET', `/users/${id}`),
      await t.call('admin', 'PUT', `/users/${id}`, { password: 'other-password' }),
      await t.call('admin', 'DELETE', `/users/${id}`),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBeLessThan(300);
      expect(answer.body).not.toMatch(/password|scrypt|secret-password|other-password|auth_?key/i);
    }
    const contract = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const record = JSON.stringify(contract.json().paths['/api/users/{id}'].get.responses);
    expect(record).toContain('telegramId');
    expect(record).not.toContain('password');
  });

  it('takes a password of at least 8 characters on create, and changes it only when one is typed', async () => {
    const short = await t.call('admin', 'POST', '/users', { username: uniqueName('short'), password: 'seven77', roleId: Role.ADMIN });
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toContainEqual(expect.objectContaining({ field: 'password', key: 'validation.between' }));
    const missing = await t.call('admin', 'POST', '/users', { username: uniqueName('none'), roleId: Role.ADMIN });
    expect(missing.json().details).toContainEqual(expect.objectContaining({ field: 'password', message: 'Required' }));

    const account = await newOperator();
    const kept = await t.call('admin', 'PUT', `/users/${account.id}`, { password: '', telegramId: 424242 });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await canLogIn(account.username, account.password)).toBe(true);
    expect((await t.call('admin', 'PUT', `/users/${account.id}`, { password: '' })).statusCode).toBe(400);
    expect((await t.call('admin', 'PUT', `/users/${account.id}`, { password: 'tiny' })).statusCode).toBe(400);
    expect((await t.call('admin', 'PUT', `/users/${account.id}`, { password: 'second-password' })).statusCode).toBe(200);
    expect(await canLogIn(account.username, account.password)).toBe(false);
    expect(await canLogIn(account.username, 'second-password')).toBe(true);
  });

  it('keeps usernames unique whatever their case, with a 409 on the field', async () => {
    const account = await newOperator();
    const twin = await t.call('admin', 'POST', '/users', {
      username: `  ${account.username.toUpperCase()} `,
      password: 'long-enough',
      roleId: Role.COURIER,
      cityId: t.ids.cityId,
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toMatchObject({
      code: 'USERNAME_TAKEN',
      details: [expect.objectContaining({ field: 'username', key: 'errors.USERNAME_TAKEN' })],
    });
    const other = await newOperator();
    const renamed = await t.call('admin', 'PUT', `/users/${other.id}`, { username: 'CityAdmin' });
    expect(renamed.statusCode).toBe(409);
    // Its own name in another case is no clash.
    const recased = await t.call('admin', 'PUT', `/users/${other.id}`, { username: other.username.toUpperCase() });
    expect(recased.statusCode).toBe(200);
    expect(recased.json().username).toBe(other.username.toUpperCase());
  });

  it('takes a numeric messenger id, one account per id', async () => {
    const cases = [
      [{ telegramId: 'abc' }, 'must be a numeric messenger id'],
      [{ telegramId: '12a' }, 'must be a numeric messenger id'],
      [{ telegramId: -5 }, 'must be a numeric messenger id'],
      [{ telegramId: 1.5 }, 'must be a numeric messenger id'],
    ] as const;
    for (const [extra, message] of cases) {
      const response = await t.call('admin', 'POST', '/users', {
        username: uniqueName('tg'),
        password: 'long-enough',
        roleId: Role.COURIER,
        cityId: t.ids.cityId,
        ...extra,
      });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json().details).toContainEqual(expect.objectContaining({ field: 'telegramId', message }));
    }
    const first = await newOperator({ telegramId: '700123456' });
    expect((await t.call('admin', 'GET', `/users/${first.id}`)).json().telegramId).toBe(700123456);
    const second = await t.call('admin', 'POST', '/users', {
      username: uniqueName('tg'),
      password: 'long-enough',
      roleId: Role.COURIER,
      cityId: t.ids.cityId,
      telegramId: 700123456,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().details).toContainEqual(expect.objectContaining({ field: 'telegramId' }));
    const cleared = await t.call('admin', 'PUT', `/users/${first.id}`, { telegramId: '' });
    expect(cleared.json().telegramId).toBeNull();
  });

  /** What an old token gets: 401 once the account's access changed (within the 2 s guarantee). */
  const expectSessionEnded = (headers: { authorization: string }) =>
    expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: `/api/cities/${t.ids.cityId}`, headers })).statusCode, {
        timeout: 2000,
        interval: 25,
      })
      .toBe(401);

  it('ends the sessions of an account whose role or password changes, or that is deleted', async () => {
    for (const change of [{ roleId: Role.COURIER }, { password: 'changed-password' }, { cityId: t.ids.otherCityId }]) {
      const account = await newOperator();
      const headers = bearer(await login(t.app, account.username, account.password));
      expect((await t.app.inject({ method: 'GET', url: `/api/cities/${t.ids.cityId}`, headers })).statusCode).toBe(200);
      expect((await t.call('admin', 'PUT', `/users/${account.id}`, change)).statusCode).toBe(200);
      await expectSessionEnded(headers);
    }
    const deleted = await newOperator();
    const headers = bearer(await login(t.app, deleted.username, deleted.password));
    expect((await t.call('admin', 'DELETE', `/users/${deleted.id}`)).statusCode).toBe(200);
    await expectSessionEnded(headers);
  });

  it('keeps the session when only the messenger id changes, and leaves /users/count to the mailings', async () => {
    const account = await newOperator();
    const headers = bearer(await login(t.app, account.username, account.password));
    expect((await t.call('admin', 'PUT', `/users/${account.id}`, { telegramId: 5550001 })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await t.app.inject({ method: 'GET', url: `/api/cities/${t.ids.cityId}`, headers })).statusCode).toBe(200);
    const count = await t.call('admin', 'GET', `/users/count?cityId=${t.ids.cityId}`);
    expect(count.statusCode, count.body).toBe(200);
    expect((await t.call('admin', 'GET', '/users/abc')).statusCode).toBe(400);
  });
});
