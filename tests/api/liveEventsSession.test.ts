import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../src/domain';
import { backends, createCity, createStaff, login, openTestApp, seedRoles, type TestApp } from './harness';
import { openLiveClient } from './liveEventsClient';

/** A live stream ends with its session: the token's expiry (by the app's clock), or a change to the account. */
describe.each(backends)('the end of a live stream’s session on %s', (backend) => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await openTestApp(backend, { now: () => new Date(clock) });
    await seedRoles(t.db);
  });
  afterAll(async () => t?.close());

  it('answers 401 without a token or with a bad one, like every /api call', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer nonsense' },
      { authorization: `Basic ${(await login(t.app, 'admin')).jwtToken}` },
    ]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/events', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ statusCode: 401, code: expect.any(String) });
    }
    // A token that has expired opens no stream.
    clock = Date.now();
    const token = (await login(t.app, 'operator')).jwtToken;
    clock += 12 * 3600_000 + 1000;
    const expired = await t.app.inject({ method: 'GET', url: '/api/events', headers: { authorization: `Bearer ${token}` } });
    expect(expired.statusCode).toBe(401);
    clock = Date.now();
  });

  it('sends `expired` and closes when the token expires', async () => {
    clock = Date.now();
    const session = await login(t.app, 'operator');
    const client = await openLiveClient(t.app, { token: session.jwtToken });
    expect(client.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(client.messages).toEqual([]);
    // Twelve hours later by the app's clock.
    clock += 12 * 3600_000 + 1000;
    await client.ended;
    expect(client.messages.at(-1)).toMatchObject({ event: 'expired', data: '{}' });
    clock = Date.now();
  });

  it('sends `expired` and closes when the account’s session ends (role changed, or deleted)', async () => {
    clock = Date.now();
    const cityId = await createCity(t.db);
    for (const end of [
      (id: number) => sql`UPDATE users SET role_id = ${Role.CITY_ADMIN} WHERE id = ${id}`.execute(t.db),
      (id: number) => sql`DELETE FROM users WHERE id = ${id}`.execute(t.db),
    ]) {
      const username = `leaving${Math.random().toString(36).slice(2, 8)}`;
      const id = await createStaff(t.db, { username, roleId: Role.OPERATOR, cityId });
      const client = await openLiveClient(t.app, { token: (await login(t.app, username)).jwtToken });
      expect(client.status).toBe(200);
      await end(id);
      await client.ended;
      expect(client.messages.at(-1)).toMatchObject({ event: 'expired' });
    }
  });
});
