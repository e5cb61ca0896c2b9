import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { splitByDays } from '../../server/areas/orders/orderReads';
import type { OrderTotals } from '../../src/domain';
import { backends, createRestaurant, useStaffApp } from './harness';
import { createCustomer, createOrder } from './orderFixtures';

describe('splitByDays', () => {
  const range = (from: string | null, to: string | null) => ({
    cityId: null,
    restaurantIds: null,
    from: from ? new Date(from) : null,
    to: to ? new Date(to) : null,
  });
  it('reads whole UTC days from the day totals and the partial ends from the orders', () => {
    const split = splitByDays(range('2026-03-09T21:00:00Z', '2026-03-12T21:00:00Z'));
    expect(split.days).toEqual({ from: new Date('2026-03-10T00:00:00Z'), to: new Date('2026-03-12T00:00:00Z') });
    expect(split.edges.map((e) => [e.from?.toISOString(), e.to?.toISOString()])).toEqual([
      ['2026-03-09T21:00:00.000Z', '2026-03-10T00:00:00.000Z'],
      ['2026-03-12T00:00:00.000Z', '2026-03-12T21:00:00.000Z'],
    ]);
  });
  it('keeps aligned and open ranges whole, and a range within one day all edge', () => {
    expect(splitByDays(range('2026-03-10T00:00:00Z', '2026-03-11T00:00:00Z')).edges).toEqual([]);
    expect(splitByDays(range(null, null))).toEqual({ days: { from: null, to: null }, edges: [] });
    const short = range('2026-03-10T05:00:00Z', '2026-03-10T09:00:00Z');
    expect(splitByDays(short)).toEqual({ days: null, edges: [short] });
  });
});

describe.each(backends)('day totals stay in step with the orders on %s', (backend) => {
  const t = useStaffApp(backend);

  /** The figures computed straight from the orders, as the test's own reference. */
  const reference = async (from: string | null, to: string | null) => {
    const { rows } = await sql<{ currency: string; orders: number; count: number; sum: string; delivery: string }>`
      SELECT currency, count(*)::int AS orders, count(*) FILTER (WHERE status >= 30)::int AS count,
        coalesce(sum(sum) FILTER (WHERE status >= 30), 0)::text AS sum,
        coalesce(sum(delivery_cost) FILTER (WHERE status >= 30), 0)::text AS delivery
      FROM orders
      WHERE (${from}::timestamptz IS NULL OR created_at >= ${from}::timestamptz)
        AND (${to}::timestamptz IS NULL OR created_at <= ${to}::timestamptz)
      GROUP BY currency ORDER BY currency`.execute(t.db);
    return {
      total: rows.reduce((n, r) => n + r.orders, 0),
      lines: rows.map((r) => ({ currency: r.currency, sum: Number(r.sum), delivery: Number(r.delivery), count: r.count })),
    };
  };

  it('after inserts, status moves, changed sums, moved days and deletes, on whole and partial days', async () => {
    const restaurant2 = await createRestaurant(t.db, t.ids.cityId, 'Other kitchen');
    const customer = await createCustomer(t.db, t.ids.cityId);
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const statuses = [-10, 0, 10, 20, 25, 30, 40, 50, 100];
    const ids: number[] = [];
    for (let i = 0; i < 60; i++) {
      const created = await createOrder(t.db, {
        cityId: t.ids.cityId,
        restaurantId: random() < 0.5 ? t.ids.restaurantId : restaurant2,
        userId: customer,
        status: statuses[Math.floor(random() * statuses.length)],
        sum: Math.round(random() * 10000) / 100,
        deliveryCost: Math.round(random() * 500) / 100,
        currency: random() < 0.8 ? 'EUR' : 'GBP',
        createdAt: new Date(Date.UTC(2026, 2, 10) + Math.floor(random() * 4 * 24 * 60) * 60_000),
      });
      ids.push(created.id);
    }
    const pick = () => ids[Math.floor(random() * ids.length)];
    for (let i = 0; i < 15; i++) {
      await t.db
        .updateTable('orders')
        .set({ status: statuses[Math.floor(random() * statuses.length)] })
        .where('id', '=', pick())
        .execute();
      await t.db
        .updateTable('orders')
        .set({ sum: Math.round(random() * 10000) / 100 })
        .where('id', '=', pick())
        .execute();
      await t.db.updateTable('orders').set({ delivery_cost: 1.25 }).where('id', '=', pick()).execute();
      await t.db
        .updateTable('orders')
        .set({ created_at: new Date(Date.UTC(2026, 2, 10) + Math.floor(random() * 4 * 24 * 60) * 60_000) })
        .where('id', '=', pick())
        .execute();
      await t.db.updateTable('orders').set({ restaurant_id: restaurant2, currency: 'GBP' }).where('id', '=', pick()).execute();
      await t.db.updateTable('orders').set({ courier_id: null }).where('id', '=', pick()).execute();
    }
    await t.db.deleteFrom('orders').where('id', 'in', ids.slice(0, 8)).execute();

    for (const [from, to] of [
      [null, null],
      ['2026-03-10T00:00:00Z', '2026-03-13T23:59:59.999Z'],
      ['2026-03-10T07:30:00Z', '2026-03-12T18:15:00Z'],
      ['2026-03-11T21:00:00Z', '2026-03-12T20:59:59.999Z'],
      ['2026-03-12T03:00:00Z', '2026-03-12T04:00:00Z'],
      ['2026-03-11T00:00:00Z', null],
      [null, '2026-03-11T12:00:00Z'],
    ] as const) {
      const query = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString();
      const totals = (await t.call('admin', 'GET', `/orders/totals?${query}`)).json<OrderTotals>();
      const list = await t.call('admin', 'GET', `/orders?${query}&page=1&perPage=1`);
      const expected = await reference(from, to);
      expect(
        totals.lines.map(({ averageCheque: _, ...line }) => line),
        `${from} .. ${to}`,
      ).toEqual(expected.lines);
      expect(Number(list.headers['x-total-count']), `${from} .. ${to}`).toBe(expected.total);
    }
  });
});
