import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { escalateLateOrders, scheduleOrderTimers } from '../../server/areas/orders/orderTimerJob';
import { isLate } from '../../server/areas/orders/orderTimerSql';
import { hearsLiveEvent } from '../../server/auth/scope';
import { startEventWorker, type EventWorker } from '../../server/jobs/eventWorker';
import { localMessenger } from '../../server/messenger/local';
import { OrderStatus, Role, type CityOrderTimers, type OrderListItem, type OrderTimelineEntry } from '../../src/domain';
import { backends, createRestaurant, useStaffApp } from './harness';
import { createCustomer, createOrder } from './orderFixtures';

const FILES = join(tmpdir(), `backoffice-timers-${process.pid}`);
const silent = { warn: () => {}, error: () => {} };
const MINUTE = 60;

describe.each(backends)('order timer settings on %s', (backend) => {
  const t = useStaffApp(backend);
  const path = (cityId: number) => `/cities/${cityId}/orderTimers`;

  it('start at the defaults, and are read by everyone who works in the city', async () => {
    for (const who of ['admin', 'cityadmin', 'operator', 'owner']) {
      const response = await t.call(who, 'GET', path(t.ids.cityId));
      expect(response.statusCode, who).toBe(200);
      expect(response.json<CityOrderTimers>()).toEqual({
        cityId: t.ids.cityId,
        custom: { new: null, confirmed: null, cooking: null, onTheWay: null },
        minutes: { new: 5, confirmed: 10, cooking: 40, onTheWay: 60 },
        defaults: { new: 5, confirmed: 10, cooking: 40, onTheWay: 60 },
      });
    }
    // Another city is unknown to those who work in one; an unknown city to the admin.
    for (const who of ['cityadmin', 'operator', 'owner']) expect((await t.call(who, 'GET', path(t.ids.otherCityId))).statusCode).toBe(404);
    expect((await t.call('admin', 'GET', path(999_999))).statusCode).toBe(404);
  });

  it('are written by admins in any city and by city admins in theirs, and audited', async () => {
    const saved = await t.call('admin', 'PUT', path(t.ids.otherCityId), { new: 7, cooking: 30 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<CityOrderTimers>().minutes).toEqual({ new: 7, confirmed: 10, cooking: 30, onTheWay: 60 });
    const own = await t.call('cityadmin', 'PUT', path(t.ids.cityId), { confirmed: 12 });
    expect(own.statusCode).toBe(200);
    expect(own.json<CityOrderTimers>().custom).toEqual({ new: null, confirmed: 12, cooking: null, onTheWay: null });
    // Back to the default.
    const reset = await t.call('admin', 'PUT', path(t.ids.otherCityId), { new: null });
    expect(reset.json<CityOrderTimers>().custom).toEqual({ new: null, confirmed: null, cooking: 30, onTheWay: null });

    expect((await t.call('cityadmin', 'PUT', path(t.ids.otherCityId), { new: 3 })).statusCode).toBe(403);
    expect((await t.call('operator', 'PUT', path(t.ids.cityId), { new: 3 })).statusCode).toBe(403);
    expect((await t.call('owner', 'PUT', path(t.ids.cityId), { new: 3 })).statusCode).toBe(403);
    expect((await t.call('admin', 'PUT', path(999_999), { new: 3 })).statusCode).toBe(404);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'city_id', 'actor_id'])
      .where('entity', '=', 'city_order_timers')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => [row.action, row.entity_id, row.city_id])).toEqual([
      ['insert', `${t.ids.otherCityId}:new`, t.ids.otherCityId],
      ['insert', `${t.ids.otherCityId}:cooking`, t.ids.otherCityId],
      ['insert', `${t.ids.cityId}:confirmed`, t.ids.cityId],
      ['delete', `${t.ids.otherCityId}:new`, t.ids.otherCityId],
    ]);
    expect(audit.every((row) => row.actor_id !== null)).toBe(true);
  });

  it('refuse minutes that are not whole, out of 1..1440 or unknown, naming the field', async () => {
    await t.expectFieldErrors('PUT', path(t.ids.cityId), [
      [{ new: 0 }, 'new', 'must be between 1 and 1440'],
      [{ cooking: 1441 }, 'cooking', 'must be between 1 and 1440'],
      [{ confirmed: 2.5 }, 'confirmed', 'must be a whole number'],
      [{ onTheWay: '10' }, 'onTheWay', 'must be a number'],
      [{ later: 5 }, 'later', 'is not a known field'],
    ]);
    expect((await t.call('admin', 'PUT', path(t.ids.cityId), {})).statusCode).toBe(400);
  });
});

describe.each(backends)('late orders on %s', (backend) => {
  const t = useStaffApp(backend);
  /** Orders by their letter: the clock of each set back in the database (a status kept, so the trigger keeps out). */
  const orders: Record<string, { id: number; threadId: string }> = {};
  const setBack = (id: number, minutes: number) =>
    sql`UPDATE orders SET status_since = now() - make_interval(mins => ${minutes}) WHERE id = ${id}`.execute(t.db);
  const lateIds = async (who: string, query = 'late=true') => {
    const response = await t.call(who, 'GET', `/orders?${query}`);
    expect(response.statusCode).toBe(200);
    const ids = response
      .json<OrderListItem[]>()
      .map((order) => order.id)
      .sort((a, b) => a - b);
    expect(Number(response.headers['x-total-count'])).toBe(ids.length);
    return ids;
  };
  const lateCount = async (who: string) => (await t.call(who, 'GET', '/orders/lateCount')).json<{ total: number }>().total;
  const idsOf = (...letters: string[]) => letters.map((letter) => orders[letter].id).sort((a, b) => a - b);

  it('are the open orders whose clock ran past their stage, per scope', async () => {
    const secondId = await createRestaurant(t.db, t.ids.cityId, 'Second kitchen');
    const farId = await createRestaurant(t.db, t.ids.otherCityId, 'Far kitchen');
    const userId = await createCustomer(t.db, t.ids.cityId);
    const place = { cityId: t.ids.cityId, restaurantId: t.ids.restaurantId, userId };
    orders.a = await createOrder(t.db, { ...place, status: OrderStatus.CREATED });
    orders.b = await createOrder(t.db, { ...place, status: OrderStatus.CONFIRMED });
    orders.c = await createOrder(t.db, { ...place, cityId: t.ids.otherCityId, restaurantId: farId, status: OrderStatus.COOKED });
    orders.d = await createOrder(t.db, { ...place, restaurantId: secondId, status: OrderStatus.OUT_FOR_DELIVERY });
    orders.e = await createOrder(t.db, { ...place, status: OrderStatus.DELIVERED });
    await setBack(orders.a.id, 6); // new: 5
    await setBack(orders.b.id, 2); // confirmed: 10
    await setBack(orders.c.id, 41); // cooking: 40
    await setBack(orders.d.id, 61); // on the way: 60
    await setBack(orders.e.id, 600); // delivered: no clock

    expect(await lateIds('admin')).toEqual(idsOf('a', 'c', 'd'));
    expect(await lateIds('cityadmin')).toEqual(idsOf('a', 'd'));
    expect(await lateIds('operator')).toEqual(idsOf('a', 'd'));
    expect(await lateIds('owner')).toEqual(idsOf('a'));
    expect(await lateIds('admin', `late=true&cityId=${t.ids.otherCityId}`)).toEqual(idsOf('c'));
    expect(await lateIds('admin', 'late=false')).toEqual(idsOf('a', 'b', 'c', 'd', 'e'));
    expect([await lateCount('admin'), await lateCount('cityadmin'), await lateCount('operator'), await lateCount('owner')]).toEqual([
      3, 2, 2, 1,
    ]);

    const counts = await t.call('cityadmin', 'GET', '/orders/statusCounts?late=true');
    expect(counts.json()).toMatchObject({ all: 2, new: 1, onTheWay: 1, done: 0 });
  });

  it("carry the clock and the stage's minutes in the list and the detail", async () => {
    const rows = (await t.call('admin', 'GET', '/orders')).json<OrderListItem[]>();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(orders.a.id)?.timerMinutes).toBe(5);
    expect(byId.get(orders.d.id)?.timerMinutes).toBe(60);
    expect(byId.get(orders.e.id)?.timerMinutes).toBeNull();
    const since = Date.parse(byId.get(orders.a.id)?.statusSince ?? '');
    expect(Math.abs(Date.now() - 6 * 60_000 - since)).toBeLessThan(60_000);

    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: t.auth.owner,
      payload: {
        query: 'query($t: String!) { getOrder(threadId: $t) { statusSince timerMinutes } }',
        variables: { t: orders.a.threadId },
      },
    });
    const detail = response.json<{ data: { getOrder: { statusSince: string; timerMinutes: number | null } } }>().data.getOrder;
    expect(detail.timerMinutes).toBe(5);
    expect(detail.statusSince).toBe(byId.get(orders.a.id)?.statusSince);
  });

  it("follow the city's own minutes", async () => {
    expect((await t.call('cityadmin', 'PUT', `/cities/${t.ids.cityId}/orderTimers`, { confirmed: 1 })).statusCode).toBe(200);
    expect(await lateIds('operator')).toEqual(idsOf('a', 'b', 'd'));
    expect(await lateCount('cityadmin')).toBe(3);
    const b = (await t.call('operator', 'GET', '/orders')).json<OrderListItem[]>().find((row) => row.id === orders.b.id);
    expect(b?.timerMinutes).toBe(1);
  });

  it('are found on the open orders index, not by reading every order', async () => {
    // Enough closed orders that reading them all would cost more than the index.
    await t.db.transaction().execute(async (trx) => {
      // History, not news: no live event for each.
      await sql`SELECT set_config('app.live_events', 'off', true)`.execute(trx);
      await sql`INSERT INTO orders (thread_id, city_id, user_id, restaurant_id, address, sum, delivery_cost, discount, total_sum,
          currency, status, payment_method, created_at)
        SELECT 'X' || lpad(g::text, 8, '0'), ${t.ids.cityId}, u.user_id, ${t.ids.restaurantId}, 'Road', 10, 1, 0, 11, 'EUR', 100, 0,
          now() - make_interval(mins => g)
        FROM generate_series(1, 5000) g, (SELECT user_id FROM orders LIMIT 1) u`.execute(trx);
    });
    await sql`ANALYZE orders`.execute(t.db);
    // The late condition as the count and the list use it, over one city's orders.
    const rows = await t.db
      .selectFrom('orders as o')
      .select(sql<number>`count(*)`.as('n'))
      .where('o.city_id', '=', t.ids.cityId)
      .where((eb) => isLate({ city: eb.ref('o.city_id'), status: eb.ref('o.status'), statusSince: eb.ref('o.status_since') }, new Date()))
      .explain<{ 'QUERY PLAN': string }>();
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('orders_open_status_since_idx');
    // The same through the API: the late count and the late list.
    expect(await lateCount('cityadmin')).toBe(3);
    expect(await lateIds('cityadmin')).toEqual(idsOf('a', 'b', 'd'));
  });
});

describe.each(backends)('the order timer job on %s', (backend) => {
  const t = useStaffApp(backend);
  let at = new Date(Math.floor(Date.now() / 1000) * 1000);
  const clock = {
    now: () => at,
    advance: (seconds: number) => {
      at = new Date(at.getTime() + seconds * 1000);
    },
    set: (instant: Date) => {
      at = instant;
    },
  };
  const workers: EventWorker[] = [];
  const worker = () => {
    const started = startEventWorker({ db: t.db, messenger: localMessenger(t.db, FILES), now: clock.now, pollMs: 3_600_000, log: silent });
    workers.push(started);
    return started;
  };
  const escalations = (orderId: number) =>
    t.db.selectFrom('order_late_escalations').selectAll().where('order_id', '=', orderId).orderBy('late_at').execute();
  const lateEvents = (orderId: number) =>
    t.db
      .selectFrom('live_events')
      .select(['payload', 'city_id', 'restaurant_id'])
      .where('type', '=', 'order.late')
      .where(sql<boolean>`payload->>'orderId' = ${String(orderId)}`)
      .orderBy('id')
      .execute();
  const lateRecords = (orderId: number) =>
    t.db
      .selectFrom('audit_log')
      .select(['changes', 'actor_id'])
      .where('entity', '=', 'orders')
      .where('entity_id', '=', String(orderId))
      .where(sql<boolean>`changes ? 'late'`)
      .execute();
  const counts = async (orderId: number) => [
    (await escalations(orderId)).length,
    (await lateEvents(orderId)).length,
    (await lateRecords(orderId)).length,
  ];
  let order: { id: number; threadId: string };

  it('escalates a late order once: its row, one live event and one audit record', async () => {
    const userId = await createCustomer(t.db, t.ids.cityId);
    order = await createOrder(t.db, { cityId: t.ids.cityId, restaurantId: t.ids.restaurantId, userId, status: OrderStatus.CREATED });
    const first = worker();
    await scheduleOrderTimers(t.db, clock.now());
    // Not late yet: 5 minutes for a new order.
    clock.advance(4 * MINUTE);
    await first.runOnce();
    expect(await counts(order.id)).toEqual([0, 0, 0]);

    clock.advance(2 * MINUTE);
    await first.runOnce(); // the event waits a period after each pass
    clock.advance(30);
    await first.runOnce();
    expect(await counts(order.id)).toEqual([1, 1, 1]);
    const [row] = await escalations(order.id);
    expect(row).toMatchObject({ status: OrderStatus.CREATED, stage: 'new', minutes: 5, held_by: 'restaurant', city_id: t.ids.cityId });
    const [event] = await lateEvents(order.id);
    expect(event.payload).toEqual({
      orderId: order.id,
      threadId: order.threadId,
      status: OrderStatus.CREATED,
      stage: 'new',
      minutes: 5,
      heldBy: 'restaurant',
    });
    expect(event.restaurant_id).toBe(t.ids.restaurantId);

    // Again: nothing new.
    clock.advance(30);
    expect(await first.runOnce()).toBe(1);
    expect(await counts(order.id)).toEqual([1, 1, 1]);
  });

  it('shows the escalation in the order timeline, as the system', async () => {
    const timeline = (await t.call('operator', 'GET', `/orders/${order.id}/timeline`)).json<OrderTimelineEntry[]>();
    expect(timeline.filter((entry) => entry.kind === 'late')).toEqual([
      expect.objectContaining({ kind: 'late', status: OrderStatus.CREATED, minutes: 5, heldBy: 'restaurant' }),
    ]);
  });

  it('starts a new clock on a status move, and escalates the next stage once more', async () => {
    await t.db.updateTable('orders').set({ status: OrderStatus.CONFIRMED }).where('id', '=', order.id).execute();
    const moved = await t.db.selectFrom('orders').select('status_since').where('id', '=', order.id).executeTakeFirstOrThrow();
    // The new clock is the database's: let the test clock stand 11 minutes past it.
    clock.set(new Date(moved.status_since.getTime() + 11 * 60_000));
    await scheduleOrderTimers(t.db, clock.now());
    await workers[0].runOnce();
    expect(await counts(order.id)).toEqual([2, 2, 2]);
    expect((await escalations(order.id)).map((row) => [row.status, row.stage])).toEqual([
      [OrderStatus.CREATED, 'new'],
      [OrderStatus.CONFIRMED, 'confirmed'],
    ]);
  });

  it('escalates nothing twice after a restart on the same database', async () => {
    await workers[0].stop();
    const second = worker();
    await scheduleOrderTimers(t.db, clock.now());
    expect(await second.runOnce()).toBe(1);
    clock.advance(30);
    await second.runOnce();
    expect(await counts(order.id)).toEqual([2, 2, 2]);
    // One timers event waits, whoever scheduled it.
    const waiting = await t.db
      .selectFrom('events')
      .select('id')
      .where('type', '=', 'order_timers')
      .where('status', 'in', [0, 50])
      .execute();
    expect(waiting).toHaveLength(1);
  });

  it('escalates each order exactly once when two job instances race', async () => {
    const userId = await createCustomer(t.db, t.ids.otherCityId);
    const farId = await createRestaurant(t.db, t.ids.otherCityId, 'Race kitchen');
    const raced = [];
    for (let i = 0; i < 6; i += 1)
      raced.push(await createOrder(t.db, { cityId: t.ids.otherCityId, restaurantId: farId, userId, status: OrderStatus.OUT_FOR_DELIVERY }));
    const at = new Date(Date.now() + 61 * 60_000);
    const [one, two] = await Promise.all([escalateLateOrders(t.db, at), escalateLateOrders(t.db, at)]);
    expect(one + two).toBe(raced.length);
    for (const each of raced) expect(await counts(each.id)).toEqual([1, 1, 1]);
    const [row] = await escalations(raced[0].id);
    expect(row).toMatchObject({ stage: 'onTheWay', held_by: 'operator', minutes: 60 });
  });

  it('stops after the order in hand when asked to', async () => {
    const userId = await createCustomer(t.db, t.ids.cityId);
    const left = await createOrder(t.db, { cityId: t.ids.cityId, restaurantId: t.ids.restaurantId, userId, status: OrderStatus.COOKED });
    const stopped = new AbortController();
    stopped.abort();
    expect(await escalateLateOrders(t.db, new Date(Date.now() + 41 * 60_000), { signal: stopped.signal })).toBe(0);
    expect(await counts(left.id)).toEqual([0, 0, 0]);
    for (const each of workers) await each.stop();
  });

  it("is heard by the city's staff, and by the owner only when the restaurant holds the order up", () => {
    const place = { cityId: 1, restaurantId: 2 };
    const owner = { id: 1, roleId: Role.RESTAURANT_OWNER, cityId: 1, restaurantId: 2 };
    const operator = { id: 2, roleId: Role.OPERATOR, cityId: 1, restaurantId: null };
    const stranger = { id: 3, roleId: Role.CITY_ADMIN, cityId: 9, restaurantId: null };
    expect(hearsLiveEvent(owner, { type: 'order.late', ...place, heldBy: 'restaurant' })).toBe(true);
    expect(hearsLiveEvent(owner, { type: 'order.late', ...place, heldBy: 'operator' })).toBe(false);
    expect(hearsLiveEvent(operator, { type: 'order.late', ...place, heldBy: 'operator' })).toBe(true);
    expect(hearsLiveEvent(stranger, { type: 'order.late', ...place, heldBy: 'restaurant' })).toBe(false);
  });
});
