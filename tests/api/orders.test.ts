import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { Role, type Order, type OrderListItem, type OrderTotals } from '../../src/domain';
import { orderReader } from '../../server/areas/orders/orderReads';
import { backends, useStaffApp } from './harness';
import { createCustomer, createOrder, seedOrders } from './orderFixtures';

type Seeded = Awaited<ReturnType<typeof seedOrders>>;

describe.each(backends)('order list on %s', (backend) => {
  const t = useStaffApp(backend);
  let s: Seeded;
  beforeAll(async () => {
    s = await seedOrders(t);
  });

  const list = async (who: string, query = '') => {
    const response = await t.call(who, 'GET', `/orders${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return { rows: response.json<Order[]>(), total: Number(response.headers['x-total-count']) };
  };
  const threads = (rows: Order[]) => rows.map((r) => r.threadId).sort();

  it('shows each role its scope: admin every city, city roles their city, owners their restaurant', async () => {
    const all = await list('admin');
    expect(all.total).toBe(7);
    const o = s.orders;
    const city = [o.confirmed, o.delivered, o.second, o.created, o.paid, o.cancelled].map((x) => x.threadId).sort();
    expect(threads((await list('cityadmin')).rows)).toEqual(city);
    expect(threads((await list('operator')).rows)).toEqual(city);
    const own = [o.confirmed, o.delivered, o.created, o.paid, o.cancelled].map((x) => x.threadId).sort();
    expect(threads((await list('owner')).rows)).toEqual(own);
    // Asking for a restaurant outside the owner's scope finds nothing, never another's orders.
    expect((await list('owner', `?rests=${s.secondRestaurantId}`)).total).toBe(0);
  });

  it('refuses a city outside the user scope, and lets admins pick one', async () => {
    expect((await t.call('cityadmin', 'GET', `/orders?cityId=${t.ids.otherCityId}`)).statusCode).toBe(404);
    expect((await t.call('operator', 'GET', `/orders/totals?cityId=${t.ids.otherCityId}`)).statusCode).toBe(404);
    const far = await list('admin', `?cityId=${t.ids.otherCityId}`);
    expect(threads(far.rows)).toEqual([s.orders.far.threadId]);
  });

  it('filters by days, instants and several restaurants', async () => {
    expect((await list('admin', '?from=2026-03-11&to=2026-03-11')).total).toBe(5);
    expect((await list('admin', '?from=2026-03-10&to=2026-03-10')).total).toBe(2);
    expect((await list('admin', '?to=2026-03-10T12:00:00Z')).total).toBe(2);
    expect((await list('admin', '?from=2026-03-10T12:00:01%2B00:00')).total).toBe(5);
    const two = await list('admin', `?rests=${t.ids.restaurantId}&rests=${s.secondRestaurantId}`);
    expect(two.total).toBe(6);
    expect((await list('admin', `?rests=${t.ids.restaurantId},${s.secondRestaurantId}`)).total).toBe(6);
    expect((await list('admin', `?rests=${s.secondRestaurantId}`)).total).toBe(1);
  });

  it('answers newest first, page by page, with the total of the whole range', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const { rows, total } = await list('admin', `?page=${page}&perPage=3`);
      expect(total).toBe(7);
      seen.push(...rows.map((r) => r.threadId));
      for (let i = 1; i < rows.length; i++) expect(rows[i - 1].createdAt >= rows[i].createdAt).toBe(true);
    }
    expect(new Set(seen).size).toBe(7);
    const page1 = await list('admin', '?page=1&perPage=3');
    expect(page1.rows[0].createdAt).toBe(s.day2.toISOString());
    expect(page1.rows).toHaveLength(3);
  });

  it('carries each order with its items, courier and chat length', async () => {
    const { rows } = await list('admin');
    const delivered = rows.find((r) => r.threadId === s.orders.delivered.threadId);
    expect(delivered).toMatchObject({
      sum: 20.25,
      deliveryCost: 3,
      totalSum: 23.25,
      status: 100,
      messagesAmount: 0,
      courierDetails: null,
      items: [{ dish: { name: 'Margherita', price: 20.25 }, count: 1, sum: 20.25 }],
    });
  });

  it('totals only orders at CONFIRMED or above: sum, count and average cheque', async () => {
    const totals = (await t.call('cityadmin', 'GET', '/orders/totals')).json<OrderTotals>();
    // confirmed 10.10 + 2, delivered 20.25 + 3, cooked 5 + 0: (35.35 + 5) / 3 = 13.45
    expect(totals.lines).toEqual([{ currency: 'EUR', sum: 35.35, delivery: 5, count: 3, averageCheque: '13.45' }]);
    // The list page carries the same totals, so that the screen makes one request.
    const page = await t.call('cityadmin', 'GET', '/orders?page=1&perPage=2');
    expect(JSON.parse(String(page.headers['x-order-totals']))).toEqual(totals);
    const owner = (await t.call('owner', 'GET', '/orders/totals')).json<OrderTotals>();
    // confirmed and delivered only: (30.35 + 5) / 2 = 17.675 -> 17.68
    expect(owner.lines).toEqual([{ currency: 'EUR', sum: 30.35, delivery: 5, count: 2, averageCheque: '17.68' }]);
  });

  it("gives '0' as the average cheque when no order of the range counts, and one line per currency for admins", async () => {
    const day1 = (
      await t.call('admin', 'GET', `/orders/totals?from=2026-03-10&to=2026-03-10&rests=${t.ids.restaurantId}`)
    ).json<OrderTotals>();
    expect(day1.lines).toEqual([{ currency: 'EUR', sum: 10.1, delivery: 2, count: 1, averageCheque: '12.10' }]);
    const none = (
      await t.call('admin', 'GET', `/orders/totals?rests=${t.ids.restaurantId}&from=2026-03-10T12:00:01Z&to=2026-03-10`)
    ).json<OrderTotals>();
    expect(none.lines).toEqual([]);
    const paidOnly = await createCustomer(t.db, t.ids.cityId);
    const lonely = await createOrder(t.db, {
      cityId: t.ids.cityId,
      restaurantId: s.secondRestaurantId,
      userId: paidOnly,
      status: 20,
      createdAt: new Date('2025-01-01T10:00:00Z'),
    });
    const uncounted = (await t.call('admin', 'GET', '/orders/totals?from=2025-01-01&to=2025-01-01')).json<OrderTotals>();
    expect(uncounted.lines).toEqual([{ currency: 'EUR', sum: 0, delivery: 0, count: 0, averageCheque: '0' }]);
    await t.db.deleteFrom('orders').where('id', '=', lonely.id).execute();
    const all = (await t.call('admin', 'GET', '/orders/totals')).json<OrderTotals>();
    expect(all.lines.map((l) => l.currency)).toEqual(['EUR', 'RUB']);
    expect(all.lines[1]).toEqual({ currency: 'RUB', sum: 40, delivery: 4, count: 1, averageCheque: '44.00' });
  });

  it('sends phones only with the numbers toggle, masked for owners, and payment data (all but the service fee of the bill) to admins and city admins only', async () => {
    const phoneOf = async (who: string, numbers: boolean) =>
      (await list(who, numbers ? '?numbers=true' : '')).rows.find((r) => r.threadId === s.orders.delivered.threadId)?.user.phone;
    for (const who of ['admin', 'cityadmin', 'operator', 'owner']) expect(await phoneOf(who, false)).toBeNull();
    for (const who of ['admin', 'cityadmin', 'operator']) expect(await phoneOf(who, true)).toBe('+447700900123');
    expect(await phoneOf('owner', true)).toBe('+••••••••••23');

    const payment = async (who: string) => {
      const row = (await list(who)).rows.find((r) => r.threadId === s.orders.delivered.threadId);
      return { receipt: row?.paymentReceipt, invoice: row?.invoiceId, fee: row?.serviceFee };
    };
    expect(await payment('admin')).toEqual({ receipt: { providerPaymentChargeId: 'ch_1' }, invoice: 'inv_1', fee: 0.5 });
    expect(await payment('cityadmin')).toEqual({ receipt: { providerPaymentChargeId: 'ch_1' }, invoice: 'inv_1', fee: 0.5 });
    // The service fee is a line of the bill, which everyone who sees the total sees; the rest is payment data.
    expect(await payment('operator')).toEqual({ receipt: null, invoice: null, fee: 0.5 });
    expect(await payment('owner')).toEqual({ receipt: null, invoice: null, fee: 0.5 });
  });

  it('lists each order as its detail answers it (the database writes the page, toOrder the detail), for every role and view', async () => {
    const reader = orderReader(t.db);
    // A courier without a name (its login stands in) and an instant finer than a millisecond (cut, not rounded).
    const courier = await t.db.selectFrom('users').select('id').where('username', '=', 'courier').executeTakeFirstOrThrow();
    const { id } = s.orders.paid;
    const { created_at } = await t.db.selectFrom('orders').select('created_at').where('id', '=', id).executeTakeFirstOrThrow();
    await t.db
      .updateTable('orders')
      .set({ courier_id: courier.id, created_at: sql<Date>`created_at + interval '0.000999 seconds'` })
      .where('id', '=', id)
      .execute();
    try {
      await listsAsDetails(reader);
    } finally {
      await t.db.updateTable('orders').set({ courier_id: null, created_at }).where('id', '=', id).execute();
    }
  });

  const listsAsDetails = async (reader: ReturnType<typeof orderReader>) => {
    const roles = { admin: Role.ADMIN, cityadmin: Role.CITY_ADMIN, operator: Role.OPERATOR, owner: Role.RESTAURANT_OWNER };
    for (const [who, roleId] of Object.entries(roles)) {
      const row = await t.db
        .selectFrom('users')
        .select(['id', 'city_id as cityId', 'restaurant_id as restaurantId'])
        .where('username', '=', who)
        .executeTakeFirstOrThrow();
      const account = { ...row, roleId };
      for (const numbers of [false, true]) {
        const response = await t.call(who, 'GET', `/orders${numbers ? '?numbers=true' : ''}`);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        const rows = response.json<OrderListItem[]>();
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) {
          const detail = await reader.byThread(account, row.threadId, { numbers });
          expect(row, `${who} ${numbers} ${row.threadId}`).toEqual({ ...detail, unreadMessages: row.unreadMessages });
        }
      }
    }
  };

  it('answers bad filters with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?from=yesterday', 'from'],
      ['?to=2026-13-40', 'to'],
      ['?rests=abc', 'rests'],
      ['?cityId=0', 'cityId'],
      ['?perPage=5000', 'perPage'],
      ['?page=0', 'page'],
      ['?numbers=maybe', 'numbers'],
    ] as const) {
      const response = await t.call('admin', 'GET', `/orders${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().details[0].field, query).toContain(field);
    }
  });
});
