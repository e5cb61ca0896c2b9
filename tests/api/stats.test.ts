import { describe, expect, it } from 'vitest';
import type { StatsFunnel, StatsOrders, StatsOrdersAmount } from '../../src/domain';
import { OrderStatus } from '../../src/domain';
import { backends } from './harness';
import { useStatsApp } from './statsFixtures';

/** A row of the orders chart: [date, confirmed, unconfirmed, canceled]. */
type Day = [string, number, number, number];
const chart = (body: StatsOrders): Day[] => body.data.map((d) => [d.date, d.confirmed, d.unconfirmed, d.canceled]);
const q = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

/** The first ten days of March 2026 in UTC, and the same days in UTC+3 as the browser sends them. */
const UTC = { dateFrom: '2026-03-01', dateTo: '2026-03-10' };
const MOSCOW = { dateFrom: '2026-03-01T00:00:00.000+03:00', dateTo: '2026-03-10T23:59:59.999+03:00' };

describe.each(backends)('statistics on %s', (backend) => {
  const t = useStatsApp(backend);
  const A = () => t().ids.cityId;
  const B = () => t().ids.otherCityId;
  const get = async <T>(figure: string, params: Record<string, string | number>, who = 'admin'): Promise<T> => {
    const response = await t().call(who, 'GET', `/stats/${figure}?${q(params)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  it('counts orders per day by group, days without orders included, in the zone of the range', async () => {
    const utc = await get<StatsOrders>('orders', { ...UTC, cityId: A() });
    expect(utc.columns).toEqual(['confirmed', 'unconfirmed', 'canceled']);
    // c8's ten on 03-01; c2's PAID and c4's DRAFT are unconfirmed; c1's, c2's refusals cancelled.
    expect(chart(utc)).toEqual<Day[]>([
      ['2026-03-01', 10, 0, 0],
      ['2026-03-02', 1, 0, 0],
      ['2026-03-03', 0, 1, 0],
      ['2026-03-04', 1, 1, 0],
      ['2026-03-05', 1, 0, 0],
      ['2026-03-06', 1, 0, 1],
      ['2026-03-07', 2, 0, 0],
      ['2026-03-08', 1, 0, 1],
      ['2026-03-09', 2, 0, 0],
      ['2026-03-10', 1, 0, 0],
    ]);
    // In UTC+3: c6's 02-28 22:00 is 03-01 01:00, c3's 03-07 22:00 is 03-08, c4's 03-10 23:30 is past the range.
    expect(chart(await get<StatsOrders>('orders', { ...MOSCOW, cityId: A() }))).toEqual<Day[]>([
      ['2026-03-01', 11, 0, 0],
      ['2026-03-02', 1, 0, 0],
      ['2026-03-03', 0, 1, 0],
      ['2026-03-04', 1, 1, 0],
      ['2026-03-05', 1, 0, 0],
      ['2026-03-06', 1, 0, 1],
      ['2026-03-07', 1, 0, 0],
      ['2026-03-08', 2, 0, 1],
      ['2026-03-09', 2, 0, 0],
      ['2026-03-10', 0, 0, 0],
    ]);
    expect(chart(await get<StatsOrders>('orders', { ...UTC, cityId: B() })).filter(([, c, u, x]) => c + u + x > 0)).toEqual([
      ['2026-03-05', 1, 0, 0],
    ]);
  });

  it('reads the minutes at the ends of a range that are not whole quarters of an hour from the orders', async () => {
    // 09:10 starts inside a quarter; the end is inclusive, so c4's order at 06:00 sharp counts.
    const odd = await get<StatsOrders>('orders', { dateFrom: '2026-03-06T09:10:00Z', dateTo: '2026-03-09T06:00:00Z', cityId: A() });
    expect(chart(odd)).toEqual<Day[]>([
      ['2026-03-06', 0, 0, 1],
      ['2026-03-07', 2, 0, 0],
      ['2026-03-08', 1, 0, 1],
      ['2026-03-09', 1, 0, 0],
    ]);
    const carts = await get<{ count: number }>('cartsAmount', {
      dateFrom: '2026-03-02T10:00:00.001Z',
      dateTo: '2026-03-10T23:59:00Z',
      cityId: A(),
    });
    expect(carts).toEqual({ count: 2 });
  });

  it('counts customers by the orders they placed in the range: 1, 2, 3, 4 and more', async () => {
    // c2 1, c4 2, c1 3, c3 4 and c8 10 (only CONFIRMED and above count).
    expect(await get<StatsOrdersAmount>('ordersAmount', { ...UTC, cityId: A() })).toEqual({
      amountOfOrders: 1,
      amountOfTwoOrders: 1,
      amountOfThreeOrders: 1,
      amountOfFourAndMoreOrders: 2,
    });
    // In UTC+3 c4 keeps one order and c6 gains one.
    expect(await get<StatsOrdersAmount>('ordersAmount', { ...MOSCOW, cityId: A() })).toEqual({
      amountOfOrders: 3,
      amountOfTwoOrders: 0,
      amountOfThreeOrders: 1,
      amountOfFourAndMoreOrders: 2,
    });
  });

  it('gives the median and average time from sign-up to the first, second and tenth order placed in the range', async () => {
    const funnel = await get<StatsFunnel>('ordersFunnel', { ...UTC, cityId: A() });
    // First: c2 1 d, c4 30 h, c1 34 h, c8 28 d -> median (108000 + 122400) / 2, average 2736000 / 4.
    // Second: c4 2 d 23.5 h, c1 4 d 10 h, c3 20 d 8 h, c8 28 d 1 h. Tenth: c8 28 d 9 h.
    expect(funnel).toEqual({
      first: { customers: 4, medianSeconds: 115_200, averageSeconds: 684_000 },
      second: { customers: 4, medianSeconds: 1_069_200, averageSeconds: 1_204_650 },
      tenth: { customers: 1, medianSeconds: 2_451_600, averageSeconds: 2_451_600 },
    });
    const empty = await get<StatsFunnel>('ordersFunnel', { dateFrom: '2026-01-01', dateTo: '2026-01-31', cityId: A() });
    expect(empty.tenth).toEqual({ customers: 0, medianSeconds: null, averageSeconds: null });
  });

  it('counts new, active and blocked customers, carts and the bot’s average response time of a city', async () => {
    // Signed up: c1, c2, c4, c7 (c3, c6, c8 before; c5 in the other city; staff are not customers).
    expect(await get('newUsers', { ...UTC, cityId: A() })).toEqual({ count: 4 });
    expect(await get('activeUsers', { ...UTC, cityId: A() })).toEqual({ count: 3 });
    expect(await get('blockedUsersAmount', { ...UTC, cityId: A() })).toEqual({ count: 2 });
    expect(await get('cartsAmount', { ...UTC, cityId: A() })).toEqual({ count: 3 });
    expect(await get('executionTime', { ...UTC, cityId: A() })).toEqual({ averageMs: 200, responses: 2 });
    expect(await get('newUsers', { ...UTC, cityId: B() })).toEqual({ count: 1 });
    expect(await get('cartsAmount', { ...UTC, cityId: B() })).toEqual({ count: 1 });
    expect(await get('executionTime', { ...UTC, cityId: B() })).toEqual({ averageMs: 5000, responses: 1 });
    expect(await get('executionTime', { dateFrom: '2026-01-01', dateTo: '2026-01-02', cityId: B() })).toEqual({
      averageMs: null,
      responses: 0,
    });
  });

  it('defaults to the last 7 days to today, and takes ranges of up to 365 days', async () => {
    // Today is 03-20: 03-13 to 03-20, with c7's order of 03-14.
    const recent = await get<StatsOrders>('orders', { cityId: A() });
    expect(recent.data.map((d) => d.date)).toEqual([13, 14, 15, 16, 17, 18, 19, 20].map((d) => `2026-03-${d}`));
    expect(recent.data.find((d) => d.date === '2026-03-14')?.confirmed).toBe(1);
    const lastWeekOf = await get<StatsOrders>('orders', { dateTo: '2026-03-10', cityId: A() });
    expect(lastWeekOf.data[0].date).toBe('2026-03-03');
    const year = await get<StatsOrders>('orders', { dateFrom: '2025-03-10', dateTo: '2026-03-10', cityId: A() });
    expect(year.data).toHaveLength(366);
    expect(year.data.reduce((n, d) => n + d.confirmed, 0)).toBe(22);
  });

  it('refuses a range over 365 days or running backwards, with the reason', async () => {
    const long = await t().call('admin', 'GET', `/stats/ordersAmount?${q({ dateFrom: '2025-03-09', dateTo: '2026-03-10', cityId: A() })}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'STATS_RANGE_TOO_LONG', args: { days: 365 }, details: [{ field: 'dateTo' }] });
    // The days are read as written: 365 days of UTC+3 calendar are allowed.
    const local = await t().call(
      'admin',
      'GET',
      `/stats/cartsAmount?${q({ dateFrom: '2025-03-10T00:00:00+03:00', dateTo: '2026-03-10T23:59:59.999+03:00', cityId: A() })}`,
    );
    expect(local.statusCode).toBe(200);
    const reversed = await t().call('admin', 'GET', `/stats/orders?${q({ dateFrom: '2026-03-10', dateTo: '2026-03-09', cityId: A() })}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ code: 'STATS_RANGE_REVERSED', details: [{ field: 'dateFrom' }] });
    for (const bad of ['dateFrom=yesterday', 'dateTo=2026-13-01', 'cityId=abc', 'cityId=0']) {
      const response = await t().call('admin', 'GET', `/stats/newUsers?${bad}`);
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it('gives a city admin their own city, and refuses operators, owners, other cities and an admin who names none', async () => {
    expect(await get('cartsAmount', UTC, 'cityadmin')).toEqual({ count: 3 });
    expect((await t().call('cityadmin', 'GET', `/stats/cartsAmount?cityId=${B()}`)).statusCode).toBe(404);
    for (const who of ['operator', 'owner']) {
      for (const figure of ['orders', 'ordersFunnel', 'newUsers']) {
        expect((await t().call(who, 'GET', `/stats/${figure}?cityId=${A()}`)).statusCode, `${who} ${figure}`).toBe(403);
      }
    }
    const noCity = await t().call('admin', 'GET', '/stats/orders');
    expect(noCity.statusCode).toBe(400);
    expect(noCity.json().details).toEqual([expect.objectContaining({ field: 'cityId', message: 'Required' })]);
    expect((await t().call('admin', 'GET', '/stats/orders?cityId=999999')).statusCode).toBe(400);
    expect((await t().app.inject({ method: 'GET', url: `/api/stats/orders?cityId=${A()}` })).statusCode).toBe(401);
  });

  it('stays in step with orders that change status or go away', async () => {
    const { db, seeded } = t();
    // c2's PAID order is confirmed, c1's second is cancelled, one of c8's ten is deleted.
    await db.updateTable('orders').set({ status: OrderStatus.CONFIRMED }).where('id', '=', seeded.orders.c2[1].id).execute();
    await db.updateTable('orders').set({ status: OrderStatus.CANCELED_BY_RESTAURANT }).where('id', '=', seeded.orders.c1[1].id).execute();
    await db.deleteFrom('order_items').where('order_id', '=', seeded.orders.c8[4].id).execute();
    await db.deleteFrom('orders').where('id', '=', seeded.orders.c8[4].id).execute();
    const days = chart(await get<StatsOrders>('orders', { ...UTC, cityId: A() }));
    expect(days.slice(0, 5)).toEqual<Day[]>([
      ['2026-03-01', 9, 0, 0],
      ['2026-03-02', 1, 0, 0],
      ['2026-03-03', 0, 1, 0],
      ['2026-03-04', 2, 0, 0],
      ['2026-03-05', 0, 0, 1],
    ]);
    // c2 now 2, c1 2, c4 2, c3 4, c8 9.
    expect(await get<StatsOrdersAmount>('ordersAmount', { ...UTC, cityId: A() })).toEqual({
      amountOfOrders: 0,
      amountOfTwoOrders: 3,
      amountOfThreeOrders: 0,
      amountOfFourAndMoreOrders: 2,
    });
    // Second orders: c2 1 d 15 h, c4 2 d 23.5 h, c1 (now 03-06 09:00) 5 d 9 h, c3 20 d 8 h, c8 28 d 1 h; no tenth any more.
    const funnel = await get<StatsFunnel>('ordersFunnel', { ...UTC, cityId: A() });
    expect(funnel.second).toEqual({
      customers: 5,
      medianSeconds: 464_400,
      averageSeconds: (140_400 + 257_400 + 464_400 + 1_756_800 + 2_422_800) / 5,
    });
    expect(funnel.tenth).toEqual({ customers: 0, medianSeconds: null, averageSeconds: null });
  });
});
