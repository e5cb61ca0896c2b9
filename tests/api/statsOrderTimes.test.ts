import { beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus, type StatsOrderTimes } from '../../src/domain';
import { backends } from './harness';
import { useStatsApp } from './statsFixtures';

const q = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
const UTC = { dateFrom: '2026-03-01', dateTo: '2026-03-10' };
const MINUTE = 60_000;

/**
 * GET /stats/orderTimes over the orders of tests/api/statsFixtures.ts and the status periods and
 * escalations written here by hand. The expected figures are worked out in the comments.
 *
 * City A's orders placed 03-01 to 03-10 (UTC), drafts aside: c1 4, c2 3, c3 4 (one of 02-20
 * is before), c4 2 (and a draft), c8 10: 23. Late: c1's first (twice: counted once) and c8's
 * first (03-01 00:00); c6's first (02-28) is late too, but placed before the range.
 */
describe.each(backends)('the order timers’ statistics on %s', (backend) => {
  const t = useStatsApp(backend);
  const A = () => t().ids.cityId;
  const B = () => t().ids.otherCityId;
  const get = async (params: Record<string, string | number>, who = 'admin'): Promise<StatsOrderTimes> => {
    const response = await t().call(who, 'GET', `/stats/orderTimes?${q(params)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StatsOrderTimes>();
  };
  /** A stage as [median, periods], then each status's [status, median, periods]. */
  const stage = (body: StatsOrderTimes, name: string) => {
    const found = body.stages.find((s) => s.stage === name);
    return found && [found.medianMinutes, found.periods, found.statuses.map((s) => [s.status, s.medianMinutes, s.periods])];
  };

  beforeAll(async () => {
    const { db, seeded, ids } = t();
    const orderId = seeded.orders.c1[0].id;
    /** A period of `minutes` ending at `end`. */
    const period = (status: number, minutes: number, end: string, cityId = ids.cityId) => ({
      order_id: orderId,
      city_id: cityId,
      restaurant_id: ids.restaurantId,
      status,
      started_at: new Date(Date.parse(end) - minutes * MINUTE),
      ended_at: new Date(end),
    });
    await db
      .insertInto('order_status_periods')
      .values([
        period(OrderStatus.CREATED, 2, '2026-03-02T10:02:00Z'),
        period(OrderStatus.CREATED, 4, '2026-03-03T12:04:00Z'),
        period(OrderStatus.CREATED, 9, '2026-03-10T23:59:00Z'),
        period(OrderStatus.PAID, 6, '2026-03-05T10:06:00Z'),
        // The first instant of the range is in it; the first one after it is not.
        period(OrderStatus.CONFIRMED, 20, '2026-03-01T00:00:00Z'),
        period(OrderStatus.CONFIRMED, 10, '2026-03-04T00:20:00Z'),
        period(OrderStatus.CONFIRMED, 15, '2026-03-06T09:30:00Z'),
        period(OrderStatus.CONFIRMED, 100, '2026-03-11T00:00:00Z'),
        period(OrderStatus.SERVING, 30, '2026-03-06T10:00:00Z'),
        period(OrderStatus.COOKED, 7.5, '2026-03-06T10:07:30Z'),
        // No clock in a draft, nor after delivery (a move back in debug mode): left out.
        period(OrderStatus.DRAFT, 60, '2026-03-03T13:00:00Z'),
        period(OrderStatus.DELIVERED, 5, '2026-03-06T11:00:00Z'),
        period(OrderStatus.CREATED, 50, '2026-03-05T10:50:00Z', ids.otherCityId),
      ])
      .execute();
    const late = (order: { id: number }, status: number, stageName: string, cityId = ids.cityId) => ({
      order_id: order.id,
      status,
      stage: stageName,
      city_id: cityId,
      restaurant_id: ids.restaurantId,
      status_since: new Date('2026-03-01T00:00:00Z'),
      minutes: 5,
      held_by: 'restaurant' as const,
      late_at: new Date('2026-03-01T00:05:00Z'),
    });
    await db
      .insertInto('order_late_escalations')
      .values([
        late(seeded.orders.c1[0], OrderStatus.CREATED, 'new'),
        late(seeded.orders.c1[0], OrderStatus.CONFIRMED, 'confirmed'),
        late(seeded.orders.c8[0], OrderStatus.CREATED, 'new'),
        late(seeded.orders.c6[0], OrderStatus.CREATED, 'new'),
        late(seeded.orders.c5[0], OrderStatus.CREATED, 'new', ids.otherCityId),
      ])
      .execute();
    await db.insertInto('city_order_timers').values({ city_id: ids.cityId, stage: 'confirmed', minutes: 15 }).execute();
  });

  it('counts the late orders of those placed in the range, and the median minutes per stage and status', async () => {
    const body = await get({ ...UTC, cityId: A() });
    expect([body.orders, body.lateOrders]).toEqual([23, 2]);
    expect(body.lateShare).toBeCloseTo(2 / 23, 10);
    expect(body.stages.map((s) => [s.stage, s.limitMinutes])).toEqual([
      ['new', 5],
      ['confirmed', 15],
      ['cooking', 40],
      ['onTheWay', 60],
    ]);
    // New: 2, 4, 9 (created) and 6 (paid) -> (4 + 6) / 2.
    expect(stage(body, 'new')).toEqual([
      5,
      4,
      [
        [OrderStatus.CREATED, 4, 3],
        [OrderStatus.NOT_PAID, null, 0],
        [OrderStatus.PAID, 6, 1],
      ],
    ]);
    // Confirmed: 20 (ending as the range starts), 10, 15; the 100 ending as it ends is out.
    expect(stage(body, 'confirmed')).toEqual([15, 3, [[OrderStatus.CONFIRMED, 15, 3]]]);
    // Cooking: 30 and 7.5, which counts its whole minutes (7) -> 18.5, exact to the minute's half.
    expect(stage(body, 'cooking')).toEqual([
      18.5,
      2,
      [
        [OrderStatus.SERVING, 30, 1],
        [OrderStatus.DELAYED, null, 0],
        [OrderStatus.COOKED, 7, 1],
        [OrderStatus.WAITING_FOR_COURIER, null, 0],
      ],
    ]);
    expect(stage(body, 'onTheWay')).toEqual([
      null,
      0,
      [
        [OrderStatus.OUT_FOR_DELIVERY, null, 0],
        [OrderStatus.IN_RESTAURANT, null, 0],
        [OrderStatus.CALL_CUSTOMER, null, 0],
      ],
    ]);
    // The other city: its own order (late) and its own period; its timers are the defaults.
    const other = await get({ ...UTC, cityId: B() });
    expect([other.orders, other.lateOrders, other.lateShare]).toEqual([1, 1, 1]);
    expect(stage(other, 'new')?.slice(0, 2)).toEqual([50, 1]);
    expect(other.stages.find((s) => s.stage === 'confirmed')).toMatchObject({ limitMinutes: 10, medianMinutes: null, periods: 0 });
  });

  it('takes the ends of the range to the millisecond, and says nothing of a range without orders', async () => {
    // c8's first (03-01 00:00, late) and c4's last (03-10 23:30) fall out, with the periods
    // ending 03-01 00:00 (confirmed 20) and 03-10 23:59 (created 9).
    const inner = await get({ dateFrom: '2026-03-01T00:00:00.001Z', dateTo: '2026-03-10T23:00:00Z', cityId: A() });
    expect([inner.orders, inner.lateOrders]).toEqual([21, 1]);
    expect(stage(inner, 'new')?.slice(0, 2)).toEqual([4, 3]);
    expect(stage(inner, 'confirmed')?.slice(0, 2)).toEqual([12.5, 2]);
    // The same days in UTC+3: 02-28 21:00 to 03-10 20:59:59.999 UTC. c6's late order of 02-28 22:00
    // comes in, c4's 03-10 23:30 goes; so does the period ending 03-10 23:59.
    const moscow = await get({ dateFrom: '2026-03-01T00:00:00.000+03:00', dateTo: '2026-03-10T23:59:59.999+03:00', cityId: A() });
    expect([moscow.orders, moscow.lateOrders]).toEqual([23, 3]);
    expect(stage(moscow, 'new')?.slice(0, 2)).toEqual([4, 3]);
    const empty = await get({ dateFrom: '2026-01-01', dateTo: '2026-01-31', cityId: A() });
    expect([empty.orders, empty.lateOrders, empty.lateShare]).toEqual([0, 0, null]);
    expect(empty.stages.every((s) => s.medianMinutes === null && s.periods === 0)).toBe(true);
  });

  it('gives a city admin their own city, and refuses operators, owners, other cities and an admin who names none', async () => {
    const own = await get(UTC, 'cityadmin');
    expect([own.orders, own.lateOrders]).toEqual([23, 2]);
    expect((await t().call('cityadmin', 'GET', `/stats/orderTimes?${q({ ...UTC, cityId: B() })}`)).statusCode).toBe(404);
    for (const who of ['operator', 'owner']) {
      expect((await t().call(who, 'GET', `/stats/orderTimes?cityId=${A()}`)).statusCode, who).toBe(403);
    }
    const noCity = await t().call('admin', 'GET', '/stats/orderTimes');
    expect(noCity.statusCode).toBe(400);
    expect(noCity.json().details).toEqual([expect.objectContaining({ field: 'cityId', message: 'Required' })]);
    expect((await t().app.inject({ method: 'GET', url: `/api/stats/orderTimes?cityId=${A()}` })).statusCode).toBe(401);
  });

  it('refuses bad input with the reason', async () => {
    const reversed = await t().call(
      'admin',
      'GET',
      `/stats/orderTimes?${q({ dateFrom: '2026-03-10', dateTo: '2026-03-09', cityId: A() })}`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ code: 'STATS_RANGE_REVERSED', details: [{ field: 'dateFrom' }] });
    const long = await t().call('admin', 'GET', `/stats/orderTimes?${q({ dateFrom: '2025-03-09', dateTo: '2026-03-10', cityId: A() })}`);
    expect(long.json()).toMatchObject({ code: 'STATS_RANGE_TOO_LONG', details: [{ field: 'dateTo' }] });
    for (const [bad, field] of [
      ['dateFrom=yesterday', 'dateFrom'],
      ['dateTo=2026-13-01', 'dateTo'],
      ['cityId=abc', 'cityId'],
      ['cityId=0', 'cityId'],
    ]) {
      const response = await t().call('admin', 'GET', `/stats/orderTimes?${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().details, bad).toEqual([expect.objectContaining({ field })]);
    }
    expect((await t().call('admin', 'GET', '/stats/orderTimes?cityId=999999')).statusCode).toBe(400);
  });
});
