import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { startEventWorker } from '../../server/jobs/eventWorker';
import { localMessenger } from '../../server/messenger/local';
import { EventStatus, type Restaurant } from '../../src/domain';
import { testClock, type TestClock } from './adsFixtures';
import {
  backends,
  bearer,
  createRestaurant,
  login,
  openTestDb,
  seedRoles,
  TEST_SECRET,
  TEST_VERSION,
  type Method,
  type TestDb,
} from './harness';

const MINUTE = 60;
const silent = { warn: () => {}, error: () => {} };
const STAFF = ['admin', 'cityadmin', 'operator', 'owner'] as const;
/** The local messenger's folder: a pause sends nothing, so it stays empty. */
const FILES = join(tmpdir(), `backoffice-pause-${process.pid}`);

describe.each(backends)('restaurant pause on %s', (backend) => {
  let testDb: TestDb;
  let clock: TestClock;
  let app: FastifyInstance;
  let ids: Awaited<ReturnType<typeof seedRoles>> & { secondId: number; farId: number };
  const auth: Record<string, { authorization: string }> = {};

  /** The API on the test clock; called again to stand for a restart on the same database. */
  const startApp = async () => {
    app = await buildApp({
      db: testDb.db,
      jwtSecret: TEST_SECRET,
      version: TEST_VERSION,
      now: clock.now,
      messenger: localMessenger(testDb.db, FILES),
    });
    await app.ready();
  };
  const call = (who: string, method: Method, url: string, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers: auth[who], ...(payload === undefined ? {} : { payload }) });
  const pause = (who: string, id: number, minutes: unknown) => call(who, 'PUT', `/restaurants/${id}/pause`, { minutes });
  const read = async (id: number) => (await call('admin', 'GET', `/restaurants/${id}`)).json<Restaurant>();
  const row = (id: number) =>
    testDb.db.selectFrom('restaurants').select(['paused_at', 'paused_until']).where('id', '=', id).executeTakeFirstOrThrow();
  const unpauseEvents = (id: number) =>
    testDb.db
      .selectFrom('events')
      .select(['status', 'run_at'])
      .where('type', '=', 'restaurant_unpause')
      .where(sql<boolean>`payload->>'restaurantId' = ${String(id)}`)
      .orderBy('id')
      .execute();
  const worker = () =>
    startEventWorker({ db: testDb.db, messenger: localMessenger(testDb.db, FILES), now: clock.now, pollMs: 3_600_000, log: silent });
  /** Tokens expire after 12 hours of the test clock: a fresh login for each test. */
  const signIn = async () => {
    for (const who of STAFF) auth[who] = bearer(await login(app, who));
  };
  const inMinutes = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000).toISOString();

  beforeAll(async () => {
    clock = testClock();
    testDb = await openTestDb(backend);
    await startApp();
    const seeded = await seedRoles(testDb.db);
    ids = {
      ...seeded,
      secondId: await createRestaurant(testDb.db, seeded.cityId, 'Second kitchen'),
      farId: await createRestaurant(testDb.db, seeded.otherCityId, 'Far kitchen'),
    };
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.close();
  });
  beforeEach(async () => {
    await testDb.db.deleteFrom('events').execute();
    await testDb.db.updateTable('restaurants').set({ paused_at: null, paused_until: null }).execute();
    await signIn();
  });

  it('pauses for 15, 30 or 60 minutes, or until reopened, and the record says so', async () => {
    expect(await read(ids.restaurantId)).toMatchObject({ paused: false, pausedAt: null, pausedUntil: null });
    for (const minutes of [15, 30, 60] as const) {
      const response = await pause('admin', ids.restaurantId, minutes);
      expect(response.statusCode).toBe(200);
      const expected = { paused: true, pausedAt: clock.now().toISOString(), pausedUntil: inMinutes(minutes) };
      expect(response.json()).toMatchObject(expected);
      expect(await read(ids.restaurantId)).toMatchObject(expected);
      // A new pause replaces the last one, and its end event with it.
      expect(await unpauseEvents(ids.restaurantId)).toEqual([{ status: EventStatus.PENDING, run_at: new Date(inMinutes(minutes)) }]);
    }
    const forever = await pause('admin', ids.restaurantId, 'untilReopened');
    expect(forever.json()).toMatchObject({ paused: true, pausedAt: clock.now().toISOString(), pausedUntil: null });
    expect(await unpauseEvents(ids.restaurantId)).toEqual([]);
    clock.advance(7 * 24 * 60 * MINUTE);
    await signIn();
    expect(await read(ids.restaurantId)).toMatchObject({ paused: true, pausedUntil: null });
    // The restaurant list shows it too.
    const list = (await call('admin', 'GET', `/restaurants/city/${ids.cityId}`)).json<Restaurant[]>();
    expect(list.find((r) => r.id === ids.restaurantId)).toMatchObject({ paused: true });
    expect(list.find((r) => r.id === ids.secondId)).toMatchObject({ paused: false });
    // And GraphQL's getRestaurants, which the pickers read.
    const graphql = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: auth.operator,
      payload: { query: '{ getRestaurants { id paused pausedAt pausedUntil } }' },
    });
    const { data } = graphql.json<{ data: { getRestaurants: { id: number; paused: boolean; pausedUntil: string | null }[] } }>();
    expect(data.getRestaurants.find((r) => r.id === ids.restaurantId)).toMatchObject({ paused: true, pausedUntil: null });
    expect(data.getRestaurants.find((r) => r.id === ids.secondId)).toEqual({
      id: ids.secondId,
      paused: false,
      pausedAt: null,
      pausedUntil: null,
    });
  });

  it('refuses other lengths and bodies with a 400 naming the field, changing nothing', async () => {
    for (const minutes of [0, 10, 45, 90, '15', 'forever', null, 15.5]) {
      const response = await pause('admin', ids.restaurantId, minutes);
      expect(response.statusCode, String(minutes)).toBe(400);
      expect(response.json().details).toContainEqual(expect.objectContaining({ field: 'minutes' }));
    }
    for (const body of [{}, { minutes: 15, extra: 1 }]) {
      expect((await call('admin', 'PUT', `/restaurants/${ids.restaurantId}/pause`, body)).statusCode).toBe(400);
    }
    expect((await call('admin', 'PUT', '/restaurants/abc/pause', { minutes: 15 })).statusCode).toBe(400);
    expect(await read(ids.restaurantId)).toMatchObject({ paused: false });
    expect(await unpauseEvents(ids.restaurantId)).toEqual([]);
  });

  it('lets each role pause and reopen the restaurants of its scope only', async () => {
    const reach: Record<(typeof STAFF)[number], number[]> = {
      admin: [ids.restaurantId, ids.secondId, ids.farId],
      cityadmin: [ids.restaurantId, ids.secondId],
      operator: [ids.restaurantId, ids.secondId],
      owner: [ids.restaurantId],
    };
    for (const who of STAFF) {
      for (const id of [ids.restaurantId, ids.secondId, ids.farId]) {
        const allowed = reach[who].includes(id);
        const paused = await pause(who, id, 30);
        expect(paused.statusCode, `${who} pauses ${id}`).toBe(allowed ? 200 : 404);
        expect((await read(id)).paused, `${who} pauses ${id}`).toBe(allowed);
        if (!allowed) await pause('admin', id, 30);
        const resumed = await call(who, 'DELETE', `/restaurants/${id}/pause`);
        expect(resumed.statusCode, `${who} reopens ${id}`).toBe(allowed ? 200 : 404);
        expect((await read(id)).paused, `${who} reopens ${id}`).toBe(!allowed);
        await call('admin', 'DELETE', `/restaurants/${id}/pause`);
      }
    }
    expect(
      (await app.inject({ method: 'PUT', url: `/api/restaurants/${ids.restaurantId}/pause`, payload: { minutes: 15 } })).statusCode,
    ).toBe(401);
    expect((await pause('admin', 999_999, 15)).statusCode).toBe(404);
  });

  it('reopens at once on resume, dropping the pending end event', async () => {
    await pause('owner', ids.restaurantId, 60);
    const response = await call('owner', 'DELETE', `/restaurants/${ids.restaurantId}/pause`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ paused: false, pausedAt: null, pausedUntil: null });
    expect(await row(ids.restaurantId)).toEqual({ paused_at: null, paused_until: null });
    expect(await unpauseEvents(ids.restaurantId)).toEqual([]);
    // Reopening an open restaurant is no error.
    expect((await call('owner', 'DELETE', `/restaurants/${ids.restaurantId}/pause`)).statusCode).toBe(200);
  });

  it('ends on time with an injected clock: open from the end on, and the worker clears it then, not before', async () => {
    await pause('operator', ids.restaurantId, 15);
    const until = inMinutes(15);
    const events = worker();
    try {
      clock.advance(15 * MINUTE - 1);
      expect(await read(ids.restaurantId)).toMatchObject({ paused: true, pausedUntil: until });
      expect(await events.runOnce()).toBe(0);
      expect((await row(ids.restaurantId)).paused_at).not.toBeNull();

      clock.advance(1);
      // Open at its end, whether or not the worker has run yet.
      expect(await read(ids.restaurantId)).toMatchObject({ paused: false, pausedAt: null, pausedUntil: null });
      expect(await events.runOnce()).toBe(1);
      expect(await row(ids.restaurantId)).toEqual({ paused_at: null, paused_until: null });
      expect(await unpauseEvents(ids.restaurantId)).toEqual([expect.objectContaining({ status: EventStatus.PROCESSED })]);
    } finally {
      await events.stop();
    }
  });

  it('keeps a pause lengthened since an older end event was written', async () => {
    await pause('admin', ids.restaurantId, 60);
    // The 15-minute pause's end event, as one already claimed when the pause was lengthened would stay.
    await testDb.db
      .insertInto('events')
      .values({ type: 'restaurant_unpause', payload: JSON.stringify({ restaurantId: ids.restaurantId }), run_at: new Date(inMinutes(15)) })
      .execute();
    const events = worker();
    try {
      clock.advance(15 * MINUTE);
      expect(await events.runOnce()).toBe(1);
      expect(await read(ids.restaurantId)).toMatchObject({ paused: true });
      expect((await row(ids.restaurantId)).paused_until).toEqual(new Date(inMinutes(45)));
    } finally {
      await events.stop();
    }
  });

  it('survives a restart: the pause and its end are in the database, and the next process ends it on time', async () => {
    await pause('cityadmin', ids.secondId, 30);
    const until = inMinutes(30);
    await app.close();
    clock.advance(10 * MINUTE);
    await startApp();
    expect(await read(ids.secondId)).toMatchObject({ paused: true, pausedUntil: until });

    // Down past the end: the restarted process reads it as open and its worker clears it.
    await app.close();
    clock.advance(25 * MINUTE);
    await startApp();
    expect(await read(ids.secondId)).toMatchObject({ paused: false });
    const events = worker();
    try {
      expect(await events.runOnce()).toBe(1);
    } finally {
      await events.stop();
    }
    expect(await row(ids.secondId)).toEqual({ paused_at: null, paused_until: null });
  });
});
