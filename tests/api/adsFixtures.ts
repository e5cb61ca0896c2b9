import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../server/db/schema';
import type { MessengerGateway } from '../../server/messenger/gateway';
import { localMessenger } from '../../server/messenger/local';
import type { Ad, AdCreateInput } from '../../src/domain';
import { buildApp } from '../../server/app';
import {
  bearer,
  createRestaurant,
  login,
  openTestDb,
  seedRoles,
  TEST_SECRET,
  TEST_VERSION,
  type Backend,
  type Method,
  type TestApp,
} from './harness';

export const AD_CHAT = '-1001234567890';
export const FILES = join(tmpdir(), `backoffice-ads-${process.pid}`);
const MINUTE = 60_000;

/** A test clock: starts at the real time, moves only when told. */
export function testClock() {
  let at = new Date(Math.floor(Date.now() / 1000) * 1000);
  return {
    now: () => at,
    advance(seconds: number) {
      at = new Date(at.getTime() + seconds * 1000);
    },
    /** An ISO instant `minutes` from now. */
    in: (minutes: number) => new Date(at.getTime() + minutes * MINUTE).toISOString(),
  };
}
export type TestClock = ReturnType<typeof testClock>;

export async function setAdConfig(db: Kysely<Database>, cityId: number, config: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(config)) {
    await db
      .insertInto('city_configs')
      .values({ city_id: cityId, key, value })
      .onConflict((oc) => oc.columns(['city_id', 'key']).doUpdateSet({ value }))
      .execute();
  }
}

/** An ad of `minutes` from now to an hour later, for the restaurant given. */
export const adBody = (clock: TestClock, fields: Partial<AdCreateInput> = {}): AdCreateInput => ({
  text: 'Two pizzas for the price of one',
  publishTimestamp: clock.in(10),
  unpublishTimestamp: clock.in(70),
  ...fields,
});

/** The ad's events, oldest first. */
export const adEvents = (db: Kysely<Database>, adId: number) =>
  db
    .selectFrom('events')
    .select(['type', 'status', 'run_at', 'attempts', 'deferrals', 'last_error'])
    .where(sql<boolean>`payload->>'adId' = ${String(adId)}`)
    .orderBy('id')
    .execute();

export interface AdsApp extends TestApp {
  clock: TestClock;
  messenger: MessengerGateway;
  ids: Awaited<ReturnType<typeof seedRoles>> & { secondRestaurantId: number; farRestaurantId: number };
  auth: Record<string, { authorization: string }>;
  call: (who: string, method: Method, url: string, payload?: object) => Promise<LightMyRequestResponse>;
  create: (who: string, fields?: Partial<AdCreateInput>) => Promise<Ad>;
}

/**
 * The API on a test clock with one account per role; the city has an ad chat with a 30-minute
 * pause for owners, a second restaurant, and another city (without a chat) has a third.
 */
export function useAdsApp(backend: Backend) {
  let current: AdsApp | undefined;
  beforeAll(async () => {
    const clock = testClock();
    const testDb = await openTestDb(backend);
    const messenger = localMessenger(testDb.db, FILES);
    const app = await buildApp({ db: testDb.db, jwtSecret: TEST_SECRET, version: TEST_VERSION, now: clock.now, messenger });
    await app.ready();
    const t: TestApp = {
      ...testDb,
      app,
      close: async () => {
        await app.close();
        await testDb.close();
      },
    };
    const seeded = await seedRoles(t.db);
    const secondRestaurantId = await createRestaurant(t.db, seeded.cityId, 'Second kitchen');
    const farRestaurantId = await createRestaurant(t.db, seeded.otherCityId, 'Far kitchen');
    await setAdConfig(t.db, seeded.cityId, { adChatId: AD_CHAT, adChatGap: '30', adChatDelay: '0' });
    const auth: Record<string, { authorization: string }> = {};
    for (const who of ['admin', 'cityadmin', 'operator', 'owner']) auth[who] = bearer(await login(t.app, who));
    const call: AdsApp['call'] = (who, method, url, payload) =>
      t.app.inject({ method, url: `/api${url}`, headers: auth[who], ...(payload === undefined ? {} : { payload }) });
    const create: AdsApp['create'] = async (who, fields = {}) => {
      const response = await call(who, 'POST', '/advertisements', adBody(clock, { restaurantId: seeded.restaurantId, ...fields }));
      if (response.statusCode !== 201) throw new Error(`create as ${who}: ${response.statusCode} ${response.body}`);
      return response.json<Ad>();
    };
    current = { ...t, clock, messenger, ids: { ...seeded, secondRestaurantId, farRestaurantId }, auth, call, create };
  });
  afterAll(async () => current?.close());
  const get = (): AdsApp => {
    if (!current) throw new Error('The test app has not been opened');
    return current;
  };
  return get;
}
