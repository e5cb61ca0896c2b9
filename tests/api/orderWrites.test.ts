import { beforeEach, describe, expect, it } from 'vitest';
import { OrderStatus, Role } from '../../src/domain';
import { backends, bearer, createStaff, login, openTestApp, seedRoles, useStaffApp } from './harness';
import { createCustomer, createOrder } from './orderFixtures';

describe.each(backends)('order status moves, couriers and addresses on %s', (backend) => {
  const t = useStaffApp(backend);
  let customerId: number;
  let orderId: number;

  beforeEach(async () => {
    customerId = await createCustomer(t.db, t.ids.cityId);
    ({ id: orderId } = await createOrder(t.db, {
      cityId: t.ids.cityId,
      restaurantId: t.ids.restaurantId,
      userId: customerId,
      status: OrderStatus.CONFIRMED,
    }));
  });

  const put = (who: string, body: unknown, id = orderId) => t.call(who, 'PUT', `/orders/${id}`, body);
  const statusNow = async (id = orderId) =>
    (await t.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('moves an order forward for admins, city admins and operators', async () => {
    for (const [who, to] of [
      ['operator', OrderStatus.SERVING],
      ['cityadmin', OrderStatus.COOKED],
      ['admin', OrderStatus.DELIVERED],
    ] as const) {
      const response = await put(who, { status: to });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ id: orderId, status: to, courierId: null });
    }
    expect(await statusNow()).toBe(OrderStatus.DELIVERED);
  });

  it('refuses moving backwards or out of a final status, and changes nothing; the status it has is a 200 that writes nothing', async () => {
    const same = await put('operator', { status: OrderStatus.CONFIRMED });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual({ id: orderId, status: OrderStatus.CONFIRMED, courierId: null });
    for (const to of [OrderStatus.PAID, OrderStatus.DRAFT, OrderStatus.CANCELED_BY_USER]) {
      const response = await put('operator', { status: to });
      expect(response.statusCode, String(to)).toBe(409);
      expect(response.json().code).toBe('ORDER_STATUS_MOVE_REFUSED');
      expect(response.json().args).toEqual({ current: OrderStatus.CONFIRMED, next: to });
    }
    expect(await statusNow()).toBe(OrderStatus.CONFIRMED);
    await t.db.updateTable('orders').set({ status: OrderStatus.CANCELED_BY_RESTAURANT }).where('id', '=', orderId).execute();
    expect((await put('cityadmin', { status: OrderStatus.DELIVERED })).statusCode).toBe(409);
    expect((await put('cityadmin', { status: OrderStatus.CANCELED_BY_RESTAURANT })).statusCode).toBe(200);
    expect(await statusNow()).toBe(OrderStatus.CANCELED_BY_RESTAURANT);
  });

  it('lets only admins move in debug mode, in any direction', async () => {
    const refused = await put('cityadmin', { status: OrderStatus.CREATED, debug: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ORDER_DEBUG_ADMIN_ONLY');
    expect((await put('operator', { status: OrderStatus.DELIVERED, debug: true })).statusCode).toBe(403);
    expect(await statusNow()).toBe(OrderStatus.CONFIRMED);
    const back = await put('admin', { status: OrderStatus.CREATED, debug: true });
    expect(back.statusCode).toBe(200);
    expect(await statusNow()).toBe(OrderStatus.CREATED);
    await t.db.updateTable('orders').set({ status: OrderStatus.RESTAURANT_CLOSED }).where('id', '=', orderId).execute();
    expect((await put('admin', { status: OrderStatus.CONFIRMED, debug: true })).statusCode).toBe(200);
  });

  it('refuses owners any status or courier change', async () => {
    expect((await put('owner', { status: OrderStatus.SERVING })).statusCode).toBe(403);
    expect((await put('owner', { courierId: null })).statusCode).toBe(403);
    expect(await statusNow()).toBe(OrderStatus.CONFIRMED);
  });

  it('never moves an order backwards when two staff move it at once', async () => {
    for (let round = 0; round < 10; round++) {
      await t.db.updateTable('orders').set({ status: OrderStatus.CONFIRMED }).where('id', '=', orderId).execute();
      const [cooked, serving] = await Promise.all([
        put('operator', { status: OrderStatus.COOKED }),
        put('cityadmin', { status: OrderStatus.SERVING }),
      ]);
      // Whichever lands first, the order ends at COOKED: SERVING after COOKED is refused.
      expect(await statusNow()).toBe(OrderStatus.COOKED);
      expect(cooked.statusCode).toBe(200);
      expect([200, 409]).toContain(serving.statusCode);
    }
  });

  it('answers an order outside the scope as not found', async () => {
    const far = await createCustomer(t.db, t.ids.otherCityId);
    const { id } = await createOrder(t.db, {
      cityId: t.ids.otherCityId,
      restaurantId: (
        await t.db
          .insertInto('restaurants')
          .values({ city_id: t.ids.otherCityId, name: 'Far', name_ru: 'Far', address: 'x' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
      userId: far,
    });
    expect((await put('cityadmin', { status: OrderStatus.SERVING }, id)).statusCode).toBe(404);
    expect((await put('operator', { courierId: null }, id)).statusCode).toBe(404);
    expect((await put('admin', { status: OrderStatus.SERVING }, 2_000_000)).statusCode).toBe(404);
  });

  it('assigns a courier of the order city, clears it, and refuses anyone else', async () => {
    const courierId = (await t.db.selectFrom('users').select('id').where('username', '=', 'courier').executeTakeFirstOrThrow()).id;
    const assigned = await put('operator', { courierId });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().courierId).toBe(courierId);
    const elsewhere = await createStaff(t.db, { username: `far_courier_${orderId}`, roleId: Role.COURIER, cityId: t.ids.otherCityId });
    const wrong = await put('operator', { courierId: elsewhere });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('COURIER_NOT_FOUND');
    const operatorId = (await t.db.selectFrom('users').select('id').where('username', '=', 'operator').executeTakeFirstOrThrow()).id;
    expect((await put('admin', { courierId: operatorId })).statusCode).toBe(400);
    expect((await put('cityadmin', { courierId: null })).json().courierId).toBeNull();
  });

  it('refuses malformed updates with a 400', async () => {
    for (const body of [{}, { status: 33 }, { status: '30' }, { courierId: 'x' }, { status: 40, extra: 1 }, { debug: true }]) {
      expect((await put('admin', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('clears a customer address for admins, city admins and operators, not owners', async () => {
    const address = async () =>
      await t.db.selectFrom('users').select(['address', 'additional_address']).where('id', '=', customerId).executeTakeFirstOrThrow();
    expect((await t.call('owner', 'PUT', `/users/${customerId}/address`, { address: '' })).statusCode).toBe(403);
    expect((await address()).address).not.toBeNull();
    const cleared = await t.call('operator', 'PUT', `/users/${customerId}/address`, { address: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await address()).toEqual({ address: null, additional_address: null });
    const far = await createCustomer(t.db, t.ids.otherCityId);
    expect((await t.call('cityadmin', 'PUT', `/users/${far}/address`, { address: '' })).statusCode).toBe(404);
    expect((await t.call('admin', 'PUT', `/users/${far}/address`, { address: '' })).statusCode).toBe(200);
    // Staff accounts are not customers.
    const staffId = (await t.db.selectFrom('users').select('id').where('username', '=', 'owner').executeTakeFirstOrThrow()).id;
    expect((await t.call('admin', 'PUT', `/users/${staffId}/address`, { address: '' })).statusCode).toBe(404);
  });
});

describe.each(backends)('debug status moves are logged on %s', (backend) => {
  it('writes who moved which order from what to what, over REST and GraphQL', async () => {
    const lines: string[] = [];
    const t = await openTestApp(backend, { logger: true, logStream: { write: (line) => lines.push(line) } });
    try {
      const { cityId, restaurantId } = await seedRoles(t.db);
      const admin = bearer(await login(t.app, 'admin'));
      const customer = await createCustomer(t.db, cityId);
      const order = await createOrder(t.db, { cityId, restaurantId, userId: customer, status: OrderStatus.DELIVERED });
      const rest = await t.app.inject({
        method: 'PUT',
        url: `/api/orders/${order.id}`,
        headers: admin,
        payload: { status: OrderStatus.CONFIRMED, debug: true },
      });
      expect(rest.statusCode).toBe(200);
      const graphql = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: admin,
        payload: { query: `mutation { updateOrder(id: ${order.id}, order: {status: 20}, debug: true) { status } }` },
      });
      expect(graphql.json().data.updateOrder.status).toBe(20);
      const moves = lines.map((line) => JSON.parse(line)).filter((entry) => entry.debugStatusMove);
      expect(moves.map((entry) => entry.debugStatusMove)).toEqual([
        { orderId: order.id, userId: expect.any(Number), from: 100, to: 30 },
        { orderId: order.id, userId: expect.any(Number), from: 30, to: 20 },
      ]);
      expect(moves[0].level).toBe(40);
    } finally {
      await t.close();
    }
  });
});
