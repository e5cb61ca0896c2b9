import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../server/config';
import { seedDemo } from '../../server/db/demo';
import { Random } from '../../server/db/demo/random';
import { DEMO_MARKER_KEY, runDemoTick, scheduleOpenAt } from '../../server/db/demo/traffic';
import { DEMO_TRAFFIC_EVENT, ensureDemoTraffic, type DemoTrafficOptions } from '../../server/jobs/demoTraffic';
import { startEventWorker, type EventWorker } from '../../server/jobs/eventWorker';
import { enqueueEvent } from '../../server/jobs/events';
import { localMessenger } from '../../server/messenger/local';
import { billAddsUp, EventStatus, OrderStatus, Role, type OrderListItem } from '../../src/domain';
import { backends, bearer, login, openTestApp, type TestApp } from './harness';

const FILES = join(tmpdir(), `backoffice-demo-traffic-${process.pid}`);
/** Longer than any test: passes run only when a test asks for one. */
const NEVER_MS = 3_600_000;
const SECOND = 1000;

class Rollback extends Error {}

describe('the DEMO_TRAFFIC switch', () => {
  const env = (more: Record<string, string>) => ({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: join(FILES, 'config'), ...more });

  it('is off unless asked, and only ever on with the demo', () => {
    expect(readConfig(env({ DEMO: '1' })).demoTraffic).toBe(false);
    expect(readConfig(env({ DEMO: '1', DEMO_TRAFFIC: 'on' })).demoTraffic).toBe(true);
    expect(readConfig(env({ DEMO: '0', DEMO_TRAFFIC: '1' })).demoTraffic).toBe(false);
    expect(() => readConfig(env({ DEMO: '1', DEMO_TRAFFIC: 'often' }))).toThrow(ConfigError);
  });

  it('reads opening hours, a window past midnight and no hours at all', () => {
    expect(scheduleOpenAt('10:00-22:00', 9 * 60 + 59)).toBe(false);
    expect(scheduleOpenAt('10:00-22:00', 10 * 60)).toBe(true);
    expect(scheduleOpenAt('10:00-22:00', 22 * 60)).toBe(false);
    expect(scheduleOpenAt('12:00-00:00', 23 * 60 + 59)).toBe(true);
    expect(scheduleOpenAt('18:00-02:00', 60)).toBe(true);
    expect(scheduleOpenAt('09:00-12:00,14:00-18:00', 13 * 60)).toBe(false);
    expect(scheduleOpenAt('', 3 * 60)).toBe(true);
  });
});

describe.each(backends)('demo traffic on %s', (backend) => {
  let t: TestApp;
  let admin: { authorization: string };
  let clock = new Date();
  const workers: EventWorker[] = [];
  const errors: unknown[] = [];
  const log = { warn: () => undefined, error: (detail: object) => errors.push(detail) };

  const startWorker = (demoTraffic: DemoTrafficOptions) => {
    const worker = startEventWorker({
      db: t.db,
      messenger: localMessenger(t.db, FILES),
      now: () => clock,
      pollMs: NEVER_MS,
      log,
      demoTraffic,
    });
    workers.push(worker);
    return worker;
  };
  const alive = (seed: number): DemoTrafficOptions => {
    const random = new Random(seed);
    return { enabled: true, random: () => random.next(), chatChance: 1, moveChance: 1 };
  };

  const maxId = async (table: 'orders' | 'order_messages' | 'live_events') =>
    Number((await sql<{ id: string | null }>`SELECT max(id)::text AS id FROM ${sql.table(table)}`.execute(t.db)).rows[0].id ?? 0);
  const ordersAfter = (id: number) => t.db.selectFrom('orders').selectAll().where('id', '>', id).orderBy('id').execute();
  const chain = () =>
    t.db
      .selectFrom('events')
      .select(['id', 'run_at', 'status'])
      .where('type', '=', DEMO_TRAFFIC_EVENT)
      .where('status', 'in', [EventStatus.PENDING, EventStatus.PROCESSING])
      .execute();
  const unread = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/orders/unread', headers: admin })).json<{ total: number }>().total;

  beforeAll(async () => {
    t = await openTestApp(backend);
    await seedDemo(t.db, { size: { customers: 60, orders: 30, abandonedCarts: 0, botResponses: 0, days: 2 } });
    // The seed's ads have their events; this file watches the demo's own.
    await t.db.deleteFrom('events').execute();
    admin = bearer(await login(t.app, 'admin', 'demo'));
  }, 60_000);
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    expect(errors.splice(0)).toEqual([]);
  });
  afterAll(async () => t?.close());

  it('places an order with items the list shows, writes an unread message, fires live events and comes back 20-60 s later', async () => {
    clock = new Date();
    expect(await ensureDemoTraffic(t.db, clock)).toBe(true);
    // Started once, however often a start asks.
    expect(await ensureDemoTraffic(t.db, clock)).toBe(true);
    const [first, ...others] = await chain();
    expect(others).toEqual([]);
    const firstDue = first.run_at.getTime() - clock.getTime();
    expect(firstDue).toBeGreaterThanOrEqual(20 * SECOND);
    expect(firstDue).toBeLessThanOrEqual(60 * SECOND);

    const before = { order: await maxId('orders'), message: await maxId('order_messages'), live: await maxId('live_events') };
    const unreadBefore = await unread();
    const worker = startWorker(alive(1));
    // Not due yet: nothing happens before its moment.
    expect(await worker.runOnce()).toBe(0);
    clock = new Date(first.run_at.getTime());
    expect(await worker.runOnce()).toBe(1);

    const [order, ...more] = await ordersAfter(before.order);
    expect(more).toEqual([]);
    expect(order.thread_id).toMatch(/^[A-HJ-NP-Z2-9]{9}$/);
    const customer = await t.db.selectFrom('users').selectAll().where('id', '=', order.user_id).executeTakeFirstOrThrow();
    expect(customer.role_id).toBe(Role.USER);
    expect(customer.city_id).toBe(order.city_id);
    const restaurant = await t.db.selectFrom('restaurants').selectAll().where('id', '=', order.restaurant_id).executeTakeFirstOrThrow();
    expect(restaurant).toMatchObject({ city_id: order.city_id, enabled: true, paused_at: null });
    expect([OrderStatus.CREATED, OrderStatus.PAID, OrderStatus.CONFIRMED]).toContain(order.status);

    // The list shows it with its items, and its bill adds up as a bot's order's does.
    const listed = await t.app.inject({ method: 'GET', url: `/api/orders?q=${order.thread_id}`, headers: admin });
    expect(listed.statusCode, listed.body).toBe(200);
    const [row] = listed.json<OrderListItem[]>();
    expect(row.threadId).toBe(order.thread_id);
    expect(row.items.length).toBeGreaterThanOrEqual(1);
    expect(row.items.length).toBeLessThanOrEqual(4);
    for (const item of row.items) expect(item.sum).toBeCloseTo(item.dish.price * item.count, 2);
    expect(row.sum).toBeCloseTo(
      row.items.reduce((total, item) => total + item.sum, 0),
      2,
    );
    expect(billAddsUp(row)).toBe(true);
    const dishes = await t.db
      .selectFrom('dishes as d')
      .innerJoin('dish_categories as dc', 'dc.id', 'd.dish_category_id')
      .select(['d.id', 'd.enabled', 'd.amount', 'dc.restaurant_id'])
      .where(
        'd.id',
        'in',
        row.items.map((item) => item.dish.id),
      )
      .execute();
    for (const dish of dishes) {
      expect(dish).toMatchObject({ enabled: true, restaurant_id: order.restaurant_id });
      expect(dish.amount === null || dish.amount > 0).toBe(true);
    }

    // A customer or the restaurant wrote in an open order's chat: unread for staff.
    const messages = await t.db.selectFrom('order_messages').selectAll().where('id', '>', before.message).execute();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ incoming: true });
    expect(messages[0].text.length).toBeGreaterThan(0);
    expect(await unread()).toBe(unreadBefore + 1);

    // What staff hear: the new order (the chime) and the message.
    const live = await t.db.selectFrom('live_events').select(['type', 'payload']).where('id', '>', before.live).execute();
    expect(live).toContainEqual({ type: 'order.created', payload: expect.objectContaining({ threadId: order.thread_id }) });
    expect(live).toContainEqual({ type: 'message.created', payload: expect.objectContaining({ messageId: messages[0].id }) });
    // A restaurant moved one of the newest orders along (moveChance 1).
    expect(live.some((event) => event.type === 'order.updated')).toBe(true);

    // The next moment, 20-60 s after this one.
    const [next, ...twice] = await chain();
    expect(twice).toEqual([]);
    expect(next.id).not.toBe(first.id);
    const nextDue = next.run_at.getTime() - clock.getTime();
    expect(nextDue).toBeGreaterThanOrEqual(20 * SECOND);
    expect(nextDue).toBeLessThanOrEqual(60 * SECOND);

    // A restart: the schedule is in the database, and the next process goes on with it.
    await worker.stop();
    const restarted = startWorker(alive(2));
    clock = new Date(next.run_at.getTime());
    expect(await restarted.runOnce()).toBe(1);
    expect(await ordersAfter(order.id)).toHaveLength(1);
    expect(await chain()).toHaveLength(1);
  });

  it('does nothing with the switch off, and ends its schedule', async () => {
    const [due] = await chain();
    expect(due).toBeDefined();
    clock = new Date(due.run_at.getTime() + SECOND);
    const before = { order: await maxId('orders'), message: await maxId('order_messages') };
    const worker = startWorker({ enabled: false });
    expect(await worker.runOnce()).toBe(1);
    expect(await ordersAfter(before.order)).toEqual([]);
    expect(await maxId('order_messages')).toBe(before.message);
    expect(await chain()).toEqual([]);
  });

  it('places one order per moment with two runners, and starts one schedule for two starts', async () => {
    await Promise.all([ensureDemoTraffic(t.db, clock), ensureDemoTraffic(t.db, clock)]);
    const [due, ...twice] = await chain();
    expect(twice).toEqual([]);
    clock = new Date(due.run_at.getTime());
    const before = await maxId('orders');
    const [a, b] = [startWorker(alive(3)), startWorker(alive(4))];
    const claimed = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(claimed[0] + claimed[1]).toBe(1);
    expect(await ordersAfter(before)).toHaveLength(1);
    expect(await chain()).toHaveLength(1);
  });

  it('never touches a database the demo did not seed', async () => {
    await t.db.deleteFrom('events').execute();
    await t.db.deleteFrom('global_settings').where('key', '=', DEMO_MARKER_KEY).execute();
    try {
      expect(await ensureDemoTraffic(t.db, clock)).toBe(false);
      expect(await chain()).toEqual([]);
      // A moment left from some other start: it ends there.
      await enqueueEvent(t.db, { type: DEMO_TRAFFIC_EVENT, payload: {} }, clock);
      const before = await maxId('orders');
      expect(await startWorker(alive(5)).runOnce()).toBe(1);
      expect(await ordersAfter(before)).toEqual([]);
      expect(await chain()).toEqual([]);
    } finally {
      await t.db.insertInto('global_settings').values({ key: DEMO_MARKER_KEY, value: clock.toISOString() }).execute();
    }
  });

  it('orders only from a restaurant that is not paused, and only dishes that are enabled and in stock', async () => {
    let seen: { restaurant: boolean; dishes: boolean[] } | null = null;
    const done = t.db.transaction().execute(async (trx) => {
      const open = await trx
        .selectFrom('restaurants')
        .innerJoin('cities', 'cities.id', 'restaurants.city_id')
        .select(['restaurants.id'])
        .where('cities.active', '=', true)
        .where('restaurants.enabled', '=', true)
        .orderBy('restaurants.id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('restaurants').set({ paused_at: clock, paused_until: null }).where('id', '<>', open.id).execute();
      const dishes = await trx
        .selectFrom('dishes as d')
        .innerJoin('dish_categories as dc', 'dc.id', 'd.dish_category_id')
        .select('d.id')
        .where('dc.restaurant_id', '=', open.id)
        .orderBy('d.id')
        .execute();
      const [onSale, soldOut, ...rest] = dishes.map((dish) => dish.id);
      await trx.updateTable('dishes').set({ enabled: true, amount: null }).where('id', '=', onSale).execute();
      await trx.updateTable('dishes').set({ amount: 0 }).where('id', '=', soldOut).execute();
      if (rest.length > 0) await trx.updateTable('dishes').set({ enabled: false }).where('id', 'in', rest).execute();
      const random = new Random(6);
      const tick = await runDemoTick(trx, { now: clock, random: () => random.next(), chatChance: 0, moveChance: 0 });
      const orderId = tick.orderId ?? 0;
      const order = await trx.selectFrom('orders').select('restaurant_id').where('id', '=', orderId).executeTakeFirstOrThrow();
      const items = await trx.selectFrom('order_items').select('dish_id').where('order_id', '=', orderId).execute();
      seen = { restaurant: order.restaurant_id === open.id, dishes: items.map((item) => item.dish_id === onSale) };
      // Left as it was: the demo goes on with its restaurants for the other tests.
      throw new Rollback();
    });
    await expect(done).rejects.toThrow(Rollback);
    expect(seen).toEqual({ restaurant: true, dishes: [true] });
  });

  it('closes the oldest open orders of a city past 30, so that a demo left running stays readable', async () => {
    let open: number[] = [];
    const done = t.db.transaction().execute(async (trx) => {
      // Every order to one restaurant's city, just past the cap.
      const kitchen = await trx
        .selectFrom('restaurants')
        .innerJoin('cities', 'cities.id', 'restaurants.city_id')
        .select(['restaurants.id', 'restaurants.city_id'])
        .where('cities.active', '=', true)
        .where('restaurants.enabled', '=', true)
        .orderBy('restaurants.id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('restaurants').set({ paused_at: clock, paused_until: null }).where('id', '<>', kitchen.id).execute();
      const { n } = await trx
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('city_id', '=', kitchen.city_id)
        .where('status', '>', 0)
        .where('status', '<', OrderStatus.DELIVERED)
        .executeTakeFirstOrThrow();
      const random = new Random(7);
      for (let tick = Number(n); tick < 32; tick++)
        await runDemoTick(trx, { now: clock, random: () => random.next(), chatChance: 0, moveChance: 0 });
      const rows = await trx
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '>', 0)
        .where('status', '<', OrderStatus.DELIVERED)
        .groupBy('city_id')
        .execute();
      open = rows.map((row) => Number(row.n));
      throw new Rollback();
    });
    await expect(done).rejects.toThrow(Rollback);
    expect(Math.max(...open)).toBe(30);
  });
});
