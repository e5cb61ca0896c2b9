import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { ADDRESS_MAX_FAILURES, usernameDelaySeconds } from '../../server/auth/loginThrottle';
import { Role } from '../../src/domain';
import { backends, createCity, createStaff, openTestApp, TEST_SECRET, TEST_VERSION, type TestApp } from './harness';
import { openSecondHandle } from './secondHandle';

describe('the per-username delay', () => {
  it('is free for 10 failures, then 30 s doubling with every 10 more, at most 15 minutes', () => {
    expect([0, 9, 10, 19, 20, 30, 40, 50, 60, 1000].map(usernameDelaySeconds)).toEqual([0, 0, 30, 30, 60, 120, 240, 480, 900, 900]);
  });
});

describe.each(backends)('login lockout on %s', (backend) => {
  let t: TestApp;
  let clock = new Date('2030-01-01T10:00:00Z');
  let cityId: number;
  let counter = 0;

  beforeAll(async () => {
    t = await openTestApp(backend, { now: () => clock, trustProxy: 1 });
    cityId = await createCity(t.db);
  });
  afterAll(async () => t?.close());

  const advance = (seconds: number) => {
    clock = new Date(clock.getTime() + seconds * 1000);
  };
  const newStaff = async () => {
    const username = `target${++counter}`;
    await createStaff(t.db, { username, roleId: Role.OPERATOR, cityId });
    return username;
  };
  /** A fresh address for every attempt, as from a botnet. */
  let address = 0;
  const freshAddress = () => `10.${40 + Math.floor(++address / 65536)}.${Math.floor(address / 256) % 256}.${address % 256}`;
  const attempt = (
    app: FastifyInstance,
    username: string,
    password: string,
    from: Pick<InjectOptions, 'remoteAddress' | 'headers'> = { remoteAddress: freshAddress() },
  ) => app.inject({ method: 'POST', url: '/login', payload: { username, password }, ...from });

  it('ends 60 wrong passwords for one username from 60 forwarded addresses in 429', async () => {
    const username = await newStaff();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const response = await attempt(t.app, username, 'wrong', { headers: { 'x-forwarded-for': `10.30.${i}.1` } });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(50).fill(429));
    const locked = await attempt(t.app, username, 'wrong', { headers: { 'x-forwarded-for': '10.31.0.1' } });
    expect(locked.json()).toMatchObject({ statusCode: 429, code: 'TOO_MANY_ATTEMPTS' });
    expect(locked.headers['retry-after']).toBe('30');
  });

  it('grows the delay with the failures: 30 s, then 60 s, then 120 s', async () => {
    const username = await newStaff();
    const retryAfterFailures = async (failures: number): Promise<number> => {
      let failed = 0;
      for (;;) {
        const response = await attempt(t.app, username, 'wrong');
        if (response.statusCode === 429) {
          if (failed === failures) return Number(response.headers['retry-after']);
          advance(Number(response.headers['retry-after']));
        } else {
          expect(response.statusCode).toBe(401);
          failed++;
        }
      }
    };
    expect(await retryAfterFailures(10)).toBe(30);
    advance(30);
    expect(await retryAfterFailures(10)).toBe(60);
    advance(60);
    expect(await retryAfterFailures(10)).toBe(120);
    advance(120);
    // After the lock, one more guess is let through; its failure starts the next wait.
    expect((await attempt(t.app, username, 'wrong')).statusCode).toBe(401);
    expect((await attempt(t.app, username, 'wrong')).headers['retry-after']).toBe('120');
  });

  it('lets the real user in from an address they logged in from before, while others wait', async () => {
    const username = await newStaff();
    const home = { remoteAddress: '10.99.0.1' };
    expect((await attempt(t.app, username, 'secret', home)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await attempt(t.app, username, 'wrong')).statusCode).toBe(401);
    // Refused before the password is checked: from an unknown address even the right one waits.
    expect((await attempt(t.app, username, 'secret')).statusCode).toBe(429);
    expect((await attempt(t.app, username, 'secret', home)).statusCode).toBe(200);
    // The lock lasts its delay only: afterwards the right password works from anywhere.
    advance(30);
    expect((await attempt(t.app, username, 'secret')).statusCode).toBe(200);
  });

  it('still holds one address that guesses many usernames', async () => {
    const from = { remoteAddress: '10.98.0.1' };
    for (let i = 0; i < ADDRESS_MAX_FAILURES; i++) {
      expect((await attempt(t.app, `nobody${i}`, 'wrong', from)).statusCode).toBe(401);
    }
    expect((await attempt(t.app, 'nobody-else', 'wrong', from)).statusCode).toBe(429);
    advance(15 * 60);
    expect((await attempt(t.app, 'nobody-else', 'wrong', from)).statusCode).toBe(401);
  });

  it('behind one proxy, guesses at other names do not lock out the staff who logged in from there', async () => {
    // TRUST_PROXY off behind a reverse proxy: every request has the proxy's address.
    const proxy = { remoteAddress: '10.97.0.1' };
    const regular = await newStaff();
    const newcomer = await newStaff();
    expect((await attempt(t.app, regular, 'secret', proxy)).statusCode).toBe(200);
    for (let i = 0; i < ADDRESS_MAX_FAILURES; i++) {
      expect((await attempt(t.app, `guess${i}`, 'wrong', proxy)).statusCode).toBe(401);
    }
    // The address is held for names that never logged in from it...
    expect((await attempt(t.app, newcomer, 'secret', proxy)).statusCode).toBe(429);
    expect((await attempt(t.app, 'guess-more', 'wrong', proxy)).statusCode).toBe(429);
    // ...but not for one that did: the right password works, a typo is a plain 401.
    expect((await attempt(t.app, regular, 'secret', proxy)).statusCode).toBe(200);
    expect((await attempt(t.app, regular, 'wrong', proxy)).statusCode).toBe(401);
    // Its own guesses from there are still limited per username and address.
    for (let i = 0; i < 4; i++) expect((await attempt(t.app, regular, 'wrong', proxy)).statusCode).toBe(401);
    expect((await attempt(t.app, regular, 'secret', proxy)).statusCode).toBe(429);
    advance(15 * 60);
  });

  it('counts the failures of every API process on the database', async () => {
    const username = await newStaff();
    const second = await openSecondHandle(t.db, backend);
    const other = await buildApp({ db: second.db, jwtSecret: TEST_SECRET, version: TEST_VERSION, now: () => clock });
    try {
      for (let i = 0; i < 5; i++) {
        expect((await attempt(t.app, username, 'wrong')).statusCode).toBe(401);
        expect((await attempt(other, username, 'wrong')).statusCode).toBe(401);
      }
      expect((await attempt(t.app, username, 'wrong')).statusCode).toBe(429);
      expect((await attempt(other, username, 'wrong')).statusCode).toBe(429);
    } finally {
      await other.close();
      await second.close();
    }
  });

  it('answers a username with a NUL or another control character with 400, writing nothing', async () => {
    const before = await t.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const username of ['adm\u0000in', 'adm\u0007in']) {
      const response = await attempt(t.app, username, 'x');
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([expect.objectContaining({ field: 'username' })]);
    }
    const after = await t.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('prunes failures older than the longest window', async () => {
    await newStaff();
    advance(2 * 60 * 60);
    expect((await attempt(t.app, 'someone', 'wrong')).statusCode).toBe(401);
    const { rows } = await sql<{ oldest: Date }>`SELECT min(failed_at) AS oldest FROM login_failures`.execute(t.db);
    expect(clock.getTime() - new Date(rows[0].oldest).getTime()).toBeLessThanOrEqual(60 * 60 * 1000);
  });
});
