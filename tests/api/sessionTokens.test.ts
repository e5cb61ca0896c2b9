import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSessionToken } from '../../server/auth/sessionToken';
import { Role, type SessionUser } from '../../src/domain';
import { backends, login, openTestApp, seedRoles, TEST_SECRET, type TestApp } from './harness';

/** A token signed with the test secret over any payload: what someone holding the secret could forge. */
const signed = (payload: unknown): string => {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`;
  return `${body}.${createHmac('sha256', TEST_SECRET).update(body).digest('base64url')}`;
};

describe.each(backends)('session tokens on %s', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let token: string;

  beforeAll(async () => {
    t = await openTestApp(backend);
    await seedRoles(t.db);
    ({ user: admin, jwtToken: token } = await login(t.app, 'admin'));
  });
  afterAll(async () => t?.close());

  const me = (authorization: string) =>
    t.app.inject({ method: 'POST', url: '/graphql', headers: { authorization }, payload: { query: '{ me { id username } }' } });
  const cities = (authorization: string) => t.app.inject({ method: 'GET', url: '/api/cities', headers: { authorization } });

  const claims = (overrides: Record<string, unknown>) => {
    const iat = Math.floor(Date.now() / 1000);
    return {
      sub: admin.id,
      ver: 0,
      role: Role.ADMIN,
      city: null,
      rest: null,
      name: 'admin',
      key: admin.authKey,
      iat,
      exp: iat + 3600,
      ...overrides,
    };
  };

  it('accepts the token login gives, and one signed with the same claims', async () => {
    expect((await cities(`Bearer ${token}`)).statusCode).toBe(200);
    expect((await me(`Bearer ${signed(claims({}))}`)).json().data.me).toEqual({ id: admin.id, username: 'admin' });
  });

  it('answers a well-signed token whose claims are out of range or malformed with 401', async () => {
    for (const bad of [
      { sub: 99999999999 },
      { sub: 2147483648 },
      { sub: 0 },
      { sub: -1 },
      { sub: 1.5 },
      { sub: '1' },
      { sub: null },
      { ver: -1 },
      { ver: 'x' },
      { role: 999 },
      { role: Role.COURIER },
      { city: 99999999999 },
      { rest: 'x' },
      { name: '' },
      { exp: 'never' },
    ]) {
      for (const call of [cities, me]) {
        const response = await call(`Bearer ${signed(claims(bad))}`);
        expect(response.statusCode, JSON.stringify(bad)).toBe(401);
        expect(response.json()).toMatchObject({ statusCode: 401 });
      }
    }
    for (const payload of [[1, 2], 'text', 42, null]) {
      expect((await cities(`Bearer ${signed(payload)}`)).statusCode, JSON.stringify(payload)).toBe(401);
    }
  });

  it('answers a token whose version is not the account’s current one with 401', async () => {
    expect((await cities(`Bearer ${signed(claims({ ver: 1 }))}`)).statusCode).toBe(401);
    expect((await cities(`Bearer ${signed(claims({ sub: 2147483647 }))}`)).statusCode).toBe(401);
  });

  it('accepts only the canonical spelling of the signature', async () => {
    const [header, payload, signature] = token.split('.');
    // The last base64url character of a 32-byte signature carries 4 bits and 2 unused ones.
    const last = signature.at(-1) ?? 'A';
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sameBytes = alphabet[alphabet.indexOf(last) ^ 1];
    expect(Buffer.from(`${signature.slice(0, -1)}${sameBytes}`, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
    const base64 = Buffer.from(signature, 'base64url').toString('base64');
    for (const variant of [`${signature}=`, `${signature}==`, `${signature.slice(0, -1)}${sameBytes}`, base64, `${signature}.`]) {
      const response = await cities(`Bearer ${header}.${payload}.${variant}`);
      expect(response.statusCode, variant).toBe(401);
    }
    expect((await cities(`Bearer ${token}`)).statusCode).toBe(200);
  });

  it('refuses an expired token and one signed with another secret', async () => {
    const past = signSessionToken({ user: admin, version: 0 }, TEST_SECRET, new Date(Date.now() - 13 * 3600_000));
    const foreign = signSessionToken({ user: admin, version: 0 }, 'another-secret-that-is-long-enough', new Date());
    for (const bad of [past, foreign]) expect((await cities(`Bearer ${bad}`)).statusCode).toBe(401);
  });
});
