import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { MailingStatus, OrderStatus, Role, type LiveEvent, type LiveEventType } from '../../src/domain';
import { backends, createRestaurant, createStaff, login, seedRoles, TEST_SECRET, TEST_VERSION, type TestApp, openTestApp } from './harness';
import { openLiveClient, orderPath, threadPath, type LiveClient } from './liveEventsClient';
import { createMailing } from './mailingFixtures';
import { createCustomer, createOrder } from './orderFixtures';
import { openSecondHandle } from './secondHandle';

/**
 * `GET /api/events` over real HTTP: what each role hears (never another city's or restaurant's
 * event, mailing progress only for those who see mailings), the event of each kind of change,
 * a reconnect with Last-Event-ID missing nothing, and two API processes on one database.
 */
describe.each(backends)('the live event stream on %s', (backend) => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof seedRoles>>;
  const tokens: Record<string, string> = {};
  let secondRestaurantId: number;
  let farRestaurantId: number;
  let customerId: number;
  let farCustomerId: number;
  let courierId: number;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    t = await openTestApp(backend);
    ids = await seedRoles(t.db);
    secondRestaurantId = await createRestaurant(t.db, ids.cityId, 'Second kitchen');
    farRestaurantId = await createRestaurant(t.db, ids.otherCityId, 'Far kitchen');
    customerId = await createCustomer(t.db, ids.cityId);
    farCustomerId = await createCustomer(t.db, ids.otherCityId);
    await createStaff(t.db, { username: 'faradmin', roleId: Role.CITY_ADMIN, cityId: ids.otherCityId });
    await createStaff(t.db, {
      username: 'secondowner',
      roleId: Role.RESTAURANT_OWNER,
      cityId: ids.cityId,
      restaurantId: secondRestaurantId,
    });
    for (const who of ['admin', 'cityadmin', 'operator', 'owner', 'faradmin', 'secondowner'])
      tokens[who] = (await login(t.app, who)).jwtToken;
    courierId = (await t.db.selectFrom('users').select('id').where('username', '=', 'courier').executeTakeFirstOrThrow()).id;
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(async () => t?.close());

  const stream = async (
    who: string,
    options: { lastEventId?: number; queryLastEventId?: number; since?: string; app?: FastifyInstance } = {},
  ) => {
    const client = await openLiveClient(options.app ?? t.app, { token: tokens[who], ...options });
    clients.push(client);
    expect(client.status).toBe(200);
    return client;
  };
  const call = async (app: FastifyInstance, method: 'PUT' | 'POST', url: string, payload: object) => {
    const response = await app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${tokens.admin}` }, payload });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response;
  };
  const orderIn = (restaurantId: number) =>
    restaurantId === farRestaurantId
      ? createOrder(t.db, { cityId: ids.otherCityId, restaurantId, userId: farCustomerId })
      : createOrder(t.db, { cityId: ids.cityId, restaurantId, userId: customerId });
  const insertReview = async (orderId: number) =>
    (
      await t.db
        .insertInto('reviews')
        .values({ order_id: orderId, text: 'Lovely', rating: 5, answer: null, telegram_file_id: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const lastId = async () =>
    Number((await sql<{ id: number | null }>`SELECT max(id) AS id FROM live_events`.execute(t.db)).rows[0]?.id ?? 0);
  const storedAfter = async (after: number) =>
    t.db
      .selectFrom('live_events')
      .select(['id', 'type', 'city_id', 'restaurant_id', 'payload'])
      .where('id', '>', after)
      .orderBy('id')
      .execute();
  const isType = (type: LiveEventType) => (event: LiveEvent) => event.type === type;

  it('sends each role the events of its scope only, and mailing progress only to those who see mailings', async () => {
    const streams = {
      admin: await stream('admin'),
      cityadmin: await stream('cityadmin'),
      operator: await stream('operator'),
      owner: await stream('owner'),
      secondowner: await stream('secondowner'),
      faradmin: await stream('faradmin'),
    };
    const before = await lastId();
    for (const restaurantId of [ids.restaurantId, secondRestaurantId, farRestaurantId]) {
      const order = await orderIn(restaurantId);
      await call(t.app, 'PUT', orderPath(order.id), { status: OrderStatus.SERVING });
      await call(t.app, 'POST', threadPath(order.threadId), { text: 'On its way' });
      await insertReview(order.id);
    }
    for (const cityId of [ids.cityId, ids.otherCityId]) {
      const mailingId = await createMailing(t.db, cityId);
      await t.db
        .updateTable('mailings')
        .set({ status: MailingStatus.FINISHED, count: 10, position: 10 })
        .where('id', '=', mailingId)
        .execute();
    }
    // The last change of all: once the admin has it, every stream has been sent what it hears.
    const last = await orderIn(farRestaurantId);
    await streams.admin.waitFor((e) => e.type === 'order.created' && e.orderId === last.id);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const stored = await storedAfter(before);
    expect(stored.filter((e) => e.type === 'mailing.progress')).toHaveLength(2);
    const heard = (client: LiveClient) =>
      client
        .events()
        .filter((e) => e.id > before)
        .map((e) => e.id);
    const expected = (keep: (e: (typeof stored)[number]) => boolean) => stored.filter(keep).map((e) => e.id);
    // A notification (the mailing's end) is heard by its audience's roles only.
    const notHeardBy = (role: number) => (e: (typeof stored)[number]) => {
      const audience = e.payload.audience;
      return e.type === 'notification.created' && !(Array.isArray(audience) && audience.includes(role));
    };
    const notForOperator = notHeardBy(Role.OPERATOR);
    const notForOwner = notHeardBy(Role.RESTAURANT_OWNER);
    expect(heard(streams.admin)).toEqual(expected(() => true));
    expect(heard(streams.cityadmin)).toEqual(expected((e) => e.city_id === ids.cityId));
    expect(heard(streams.operator)).toEqual(
      expected((e) => e.city_id === ids.cityId && e.type !== 'mailing.progress' && !notForOperator(e)),
    );
    expect(heard(streams.owner)).toEqual(
      expected((e) => e.restaurant_id === ids.restaurantId && e.type !== 'mailing.progress' && !notForOwner(e)),
    );
    expect(heard(streams.secondowner)).toEqual(expected((e) => e.restaurant_id === secondRestaurantId));
    expect(heard(streams.faradmin)).toEqual(expected((e) => e.city_id === ids.otherCityId));
    // Each stream heard something, and nothing from elsewhere.
    for (const client of [streams.cityadmin, streams.operator]) {
      expect(client.events().length).toBeGreaterThan(0);
      expect(client.events().every((e) => e.cityId === ids.cityId)).toBe(true);
    }
    expect(streams.owner.events().every((e) => e.restaurantId === ids.restaurantId)).toBe(true);
    expect(streams.faradmin.events().every((e) => e.cityId === ids.otherCityId)).toBe(true);
    for (const client of [streams.operator, streams.owner, streams.secondowner])
      expect(client.events().some(isType('mailing.progress'))).toBe(false);
    expect(streams.cityadmin.events().some(isType('mailing.progress'))).toBe(true);
  });

  it('sends the event of each kind of change, with its fields', async () => {
    const admin = await stream('admin');
    const order = await orderIn(ids.restaurantId);
    expect(await admin.waitFor((e) => e.type === 'order.created' && e.orderId === order.id)).toMatchObject({
      cityId: ids.cityId,
      restaurantId: ids.restaurantId,
      threadId: order.threadId,
      status: OrderStatus.CONFIRMED,
      courierId: null,
    });

    await call(t.app, 'PUT', orderPath(order.id), { status: OrderStatus.COOKED });
    expect(await admin.waitFor((e) => e.type === 'order.updated' && e.orderId === order.id)).toMatchObject({
      status: OrderStatus.COOKED,
      courierId: null,
      threadId: order.threadId,
    });
    await call(t.app, 'PUT', orderPath(order.id), { courierId });
    await admin.waitFor((e) => e.type === 'order.updated' && e.orderId === order.id && e.courierId === courierId);

    const message = (await call(t.app, 'POST', threadPath(order.threadId), { text: 'Five minutes' })).json<{ id: number }>();
    expect(await admin.waitFor(isType('message.created'))).toMatchObject({
      orderId: order.id,
      threadId: order.threadId,
      messageId: message.id,
      cityId: ids.cityId,
      restaurantId: ids.restaurantId,
    });

    const reviewId = await insertReview(order.id);
    expect(await admin.waitFor(isType('review.created'))).toMatchObject({ reviewId, orderId: order.id, restaurantId: ids.restaurantId });

    const mailingId = await createMailing(t.db, ids.cityId);
    await t.db.updateTable('mailings').set({ status: MailingStatus.PROCESSING, count: 4 }).where('id', '=', mailingId).execute();
    await t.db.updateTable('mailings').set({ position: 1 }).where('id', '=', mailingId).execute();
    expect(await admin.waitFor((e) => e.type === 'mailing.progress' && e.position === 1)).toMatchObject({
      mailingId,
      count: 4,
      status: MailingStatus.PROCESSING,
      cityId: ids.cityId,
      restaurantId: null,
    });
    // One mailing sends at a time in a city.
    await t.db.updateTable('mailings').set({ status: MailingStatus.FINISHED }).where('id', '=', mailingId).execute();

    // A change that touches neither status nor courier is no news.
    const before = await lastId();
    await t.db.updateTable('orders').set({ address: 'Elsewhere 2' }).where('id', '=', order.id).execute();
    expect(await storedAfter(before)).toEqual([]);
    // Every event of the stream is the SSE message of its row: id, event name and data agree.
    for (const message of admin.messages) expect(JSON.parse(message.data)).toMatchObject({ id: Number(message.id), type: message.event });
  });

  it('writes a mailing’s progress only when its status or whole percentage changes', async () => {
    const admin = await stream('admin');
    const mailingId = await createMailing(t.db, ids.cityId);
    const before = await lastId();
    const set = (values: { status?: number; position?: number; count?: number }) =>
      t.db.updateTable('mailings').set(values).where('id', '=', mailingId).execute();
    await set({ status: MailingStatus.PROCESSING, count: 250, position: 0 });
    // The sender moves the position once per recipient.
    for (let position = 1; position <= 250; position++) await set({ position });
    await set({ status: MailingStatus.FINISHED });
    const progress = (await storedAfter(before)).filter((e) => e.type === 'mailing.progress');
    // The start, each of 1 % to 100 %, and the end.
    expect(progress).toHaveLength(102);
    const end = await admin.waitFor((e) => e.mailingId === mailingId && e.status === MailingStatus.FINISHED);
    expect(end).toMatchObject({ position: 250, count: 250 });
    const positions = admin
      .events()
      .filter((e) => e.mailingId === mailingId)
      .map((e) => e.position);
    expect(positions).toHaveLength(102);
    expect(positions.slice(0, 4)).toEqual([0, 3, 5, 8]);
  });

  it('sends a reconnecting client what it missed after its Last-Event-ID, in its scope, then the live events', async () => {
    const order = await orderIn(ids.restaurantId);
    const first = await stream('operator');
    await call(t.app, 'PUT', orderPath(order.id), { status: OrderStatus.COOKED });
    const seen = await first.waitFor((e) => e.type === 'order.updated' && e.orderId === order.id);
    first.close();

    // While it is away: its city's events, and another city's.
    const second = await orderIn(secondRestaurantId);
    const far = await orderIn(farRestaurantId);
    await call(t.app, 'POST', threadPath(order.threadId), { text: 'Almost there' });
    await call(t.app, 'PUT', orderPath(far.id), { status: OrderStatus.COOKED });
    await call(t.app, 'PUT', orderPath(second.id), { status: OrderStatus.COOKED });
    const missedNow = async () => (await storedAfter(seen.id)).filter((e) => e.city_id === ids.cityId).map((e) => e.id);
    expect(await missedNow()).toHaveLength(3);

    for (const options of [{ lastEventId: seen.id }, { queryLastEventId: seen.id }]) {
      const missed = await missedNow();
      const again = await stream('operator', options);
      await again.waitFor((e) => e.id === missed[missed.length - 1]);
      const received = again.events().map((e) => e.id);
      // Events just before the one seen may come again (the commit window); the client drops them.
      expect(received.filter((id) => id > seen.id)).toEqual(missed);
      expect(again.events().every((e) => e.cityId === ids.cityId)).toBe(true);
      // Then it hears what happens next.
      await call(t.app, 'PUT', orderPath(order.id), { courierId });
      await again.waitFor((e) => e.orderId === order.id && e.courierId === courierId);
      await t.db.updateTable('orders').set({ courier_id: null }).where('id', '=', order.id).execute();
      again.close();
    }
  });

  it('sends a first stream what was written since its screen loaded, in its scope, at most a minute back', async () => {
    const order = await orderIn(ids.restaurantId);
    const far = await orderIn(farRestaurantId);
    const loaded = new Date(Date.now() - 1000).toISOString();
    // Between the screen's load and its stream: a change of its city, one of another city.
    const before = await lastId();
    await call(t.app, 'PUT', orderPath(order.id), { status: OrderStatus.COOKED });
    await call(t.app, 'PUT', orderPath(far.id), { status: OrderStatus.COOKED });
    const [missed] = (await storedAfter(before)).filter((e) => e.type === 'order.updated' && e.city_id === ids.cityId);
    // An hour-old screen gets the last minute, not the hour: this event is made two minutes old.
    const old = await orderIn(ids.restaurantId);
    await call(t.app, 'PUT', orderPath(old.id), { status: OrderStatus.COOKED });
    await sql`UPDATE live_events SET created_at = created_at - interval '2 minutes' WHERE payload->>'orderId' = ${String(old.id)}`.execute(
      t.db,
    );

    const first = await stream('operator', { since: loaded });
    await first.waitFor((e) => e.id === missed.id);
    expect(first.events().every((e) => e.cityId === ids.cityId)).toBe(true);
    const early = await stream('operator', { since: new Date(Date.now() - 3_600_000).toISOString() });
    await early.waitFor((e) => e.id === missed.id);
    expect(early.events().some((e) => e.orderId === old.id)).toBe(false);
    // Without it, a first stream starts from now.
    const plain = await stream('operator');
    await call(t.app, 'PUT', orderPath(order.id), { courierId });
    await plain.waitFor((e) => e.orderId === order.id && e.courierId === courierId);
    expect(plain.events().some((e) => e.id === missed.id)).toBe(false);
    await t.db.updateTable('orders').set({ courier_id: null }).where('id', '=', order.id).execute();

    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/events?since=yesterday',
      headers: { authorization: `Bearer ${tokens.operator}` },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toContainEqual(expect.objectContaining({ field: 'since' }));
  });

  it('refuses a Last-Event-ID that is not an event id with a 400', async () => {
    for (const headers of [{ 'last-event-id': 'abc' }, { 'last-event-id': '-3' }]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/events',
        headers: { authorization: `Bearer ${tokens.operator}`, ...headers },
      });
      expect(response.statusCode).toBe(400);
    }
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/events?lastEventId=x',
      headers: { authorization: `Bearer ${tokens.operator}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: 'lastEventId' }));
  });

  it.runIf(backend === 'postgres')('replays an event whose transaction committed after a later id was seen', async () => {
    const earlier = await orderIn(secondRestaurantId);
    let commit: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let inserted: () => void = () => undefined;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    // The bot's transaction takes its event id, then is slow to commit.
    const slow = t.db.transaction().execute(async (trx) => {
      const order = await createOrder(trx, { cityId: ids.cityId, restaurantId: ids.restaurantId, userId: customerId });
      inserted();
      await held;
      return order;
    });
    await insertedYet;
    const client = await stream('operator');
    // Meanwhile a message, in a transaction that commits at once: a later id, seen first.
    await call(t.app, 'POST', threadPath(earlier.threadId), { text: 'Quick one' });
    const seen = await client.waitFor((e) => e.type === 'message.created' && e.orderId === earlier.id);
    client.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    commit();
    const late = await slow;
    const again = await stream('operator', { lastEventId: seen.id });
    const replayed = await again.waitFor((e) => e.type === 'order.created' && e.orderId === late.id);
    expect(replayed.id).toBeLessThan(seen.id);
  });

  it('streams uncompressed server-sent events with a retry line, whatever the client accepts', async () => {
    const client = await openLiveClient(t.app, { token: tokens.operator, headers: { 'accept-encoding': 'br, gzip, deflate' } });
    clients.push(client);
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(client.headers['content-encoding']).toBeUndefined();
    expect(client.headers['cache-control']).toMatch(/no-cache/);
    expect(client.headers['x-app-version']).toBe(TEST_VERSION);
    expect(client.headers['x-content-type-options']).toBe('nosniff');
    await expect.poll(() => client.retry).toBe(3000);
  });

  it('delivers between two API processes on one database, both ways', async () => {
    const second = await openSecondHandle(t.db, backend);
    const other = await buildApp({ db: second.db, jwtSecret: TEST_SECRET, version: TEST_VERSION });
    try {
      const here = await stream('cityadmin');
      const there = await stream('operator', { app: other });
      // Its LISTEN is in place a moment after its first stream; until then it polls, so either way it hears.
      const order = await orderIn(ids.restaurantId);
      await there.waitFor((e) => e.orderId === order.id && e.type === 'order.created');
      await call(t.app, 'PUT', orderPath(order.id), { status: OrderStatus.COOKED });
      await there.waitFor((e) => e.orderId === order.id && e.status === OrderStatus.COOKED);
      await call(other, 'PUT', orderPath(order.id), { status: OrderStatus.DELIVERED });
      await here.waitFor((e) => e.orderId === order.id && e.status === OrderStatus.DELIVERED);
      await call(other, 'POST', threadPath(order.threadId), { text: 'From the other process' });
      await Promise.all([here.waitFor(isType('message.created')), there.waitFor(isType('message.created'))]);
      // Each event once in each stream.
      for (const client of [here, there]) {
        const seen = client.events().map((e) => e.id);
        expect(new Set(seen).size).toBe(seen.length);
      }
    } finally {
      for (const client of clients.splice(0)) client.close();
      await other.close();
      await second.close();
    }
  });

  it('keeps delivering by polling the table while it cannot LISTEN', async () => {
    // A handle without notifications, as a process whose LISTEN connection is down.
    const deaf = t.db.withPlugin({ transformQuery: ({ node }) => node, transformResult: async ({ result }) => result });
    const app = await buildApp({ db: deaf, jwtSecret: TEST_SECRET, version: TEST_VERSION });
    try {
      const client = await stream('operator', { app });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const orders = [await orderIn(ids.restaurantId), await orderIn(secondRestaurantId)];
      for (const order of orders) await client.waitFor((e) => e.type === 'order.created' && e.orderId === order.id, 4000);
      const seen = client.events().map((e) => e.id);
      expect(new Set(seen).size).toBe(seen.length);
    } finally {
      for (const client of clients.splice(0)) client.close();
      await app.close();
    }
  });

  it.runIf(backend === 'postgres')('misses nothing while its LISTEN connection is cut and comes back', async () => {
    const client = await stream('operator');
    const warm = await orderIn(ids.restaurantId);
    await client.waitFor((e) => e.orderId === warm.id);
    // The listening connections: idle, their last statement LISTEN or their heartbeat.
    const cut = await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND state = 'idle' AND query IN ('LISTEN "live_events"', 'SELECT 1')
        AND pg_terminate_backend(pid)`.execute(t.db);
    expect(cut.rows.length).toBeGreaterThan(0);
    const during = [];
    for (let i = 0; i < 5; i++) {
      during.push(await orderIn(ids.restaurantId));
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    for (const order of during) await client.waitFor((e) => e.type === 'order.created' && e.orderId === order.id, 5000);
    const seen = client.events().map((e) => e.id);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('closes with the server: an open stream does not hold up app.close()', async () => {
    const app = await buildApp({ db: t.db, jwtSecret: TEST_SECRET, version: TEST_VERSION });
    const client = await stream('operator', { app });
    const started = Date.now();
    await app.close();
    await client.ended;
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
