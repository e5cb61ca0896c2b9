import { describe, expect, it } from 'vitest';
import type { TopUser } from '../../src/domain';
import { backends } from './harness';
import { useStatsApp } from './statsFixtures';

/**
 * GET /users/top on the statistics fixtures (tests/api/statsFixtures.ts), today being 03-20:
 * since 03-01 (UTC) the first city's customers placed, at CONFIRMED or above, c8 10, c3 4,
 * c1 3, c4 2, and c2, c6, c7 one each.
 */
describe.each(backends)('top customers on %s', (backend) => {
  const t = useStatsApp(backend);
  const top = async (query: string, who = 'admin') => {
    const response = await t().call(who, 'GET', `/users/top?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return { rows: response.json<TopUser[]>(), total: Number(response.headers['x-total-count']) };
  };
  const ids = (rows: TopUser[]) => rows.map((row) => row.id);

  it('ranks a city’s customers by their orders since the start date, most first, then by id', async () => {
    const { c1, c2, c3, c4, c6, c7, c8 } = t().seeded.customers;
    const { rows, total } = await top(`cityId=${t().ids.cityId}&startDate=2026-03-01`);
    expect(total).toBe(7);
    expect(ids(rows)).toEqual([c8, c3, c1, c4, c2, c6, c7]);
    expect(rows.map((row) => row.ordersAmount)).toEqual([10, 4, 3, 2, 1, 1, 1]);
    // The customer's name, messaging username and photo.
    const first = await t().db.selectFrom('users').select(['name', 'telegram_username']).where('id', '=', c1).executeTakeFirstOrThrow();
    expect(rows[2]).toEqual({ id: c1, name: first.name, username: first.telegram_username, photo: 'photo-c1', ordersAmount: 3 });
    // From midnight in UTC+3, c6's order of 02-28 22:00 (UTC) counts too.
    const moscow = await top(`cityId=${t().ids.cityId}&startDate=${encodeURIComponent('2026-03-01T00:00:00+03:00')}`);
    expect(ids(moscow.rows)).toEqual([c8, c3, c1, c4, c6, c2, c7]);
  });

  it('pages on the server and says the total on every page', async () => {
    const { c1, c4, c7 } = t().seeded.customers;
    const city = `cityId=${t().ids.cityId}&startDate=2026-03-01`;
    expect(await top(`${city}&page=2&perPage=2`)).toEqual({ rows: expect.any(Array), total: 7 });
    expect(ids((await top(`${city}&page=2&perPage=2`)).rows)).toEqual([c1, c4]);
    expect(ids((await top(`${city}&page=4&perPage=2`)).rows)).toEqual([c7]);
    expect(await top(`${city}&page=5&perPage=2`)).toEqual({ rows: [], total: 7 });
  });

  it('starts 7 days back by default and goes back at most 365 days', async () => {
    // 03-13 to now: only c7's order of 03-14.
    expect(ids((await top(`cityId=${t().ids.cityId}`)).rows)).toEqual([t().seeded.customers.c7]);
    // 365 days back (c3's order of 02-20 counts too) is the longest range.
    const year = await top(`cityId=${t().ids.cityId}&startDate=2025-03-20`);
    expect(year.rows.find((row) => row.id === t().seeded.customers.c3)?.ordersAmount).toBe(5);
    const old = await t().call('admin', 'GET', `/users/top?cityId=${t().ids.cityId}&startDate=2025-03-19`);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ code: 'STATS_RANGE_TOO_LONG', details: [{ field: 'startDate' }] });
    expect(await top(`cityId=${t().ids.cityId}&startDate=2026-04-01`)).toEqual({ rows: [], total: 0 });
    for (const bad of ['perPage=0', 'perPage=101', 'page=0', 'startDate=soon', 'cityId=x']) {
      expect((await t().call('admin', 'GET', `/users/top?cityId=${t().ids.cityId}&${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('shows a city admin their own city, and refuses operators, owners, other cities and an admin who names none', async () => {
    const own = await top('startDate=2026-03-01', 'cityadmin');
    expect(own.total).toBe(7);
    const other = await top(`cityId=${t().ids.otherCityId}&startDate=2026-03-01`);
    expect(ids(other.rows)).toEqual([t().seeded.customers.c5]);
    expect((await t().call('cityadmin', 'GET', `/users/top?cityId=${t().ids.otherCityId}`)).statusCode).toBe(404);
    expect((await t().call('operator', 'GET', '/users/top')).statusCode).toBe(403);
    expect((await t().call('owner', 'GET', '/users/top')).statusCode).toBe(403);
    const noCity = await t().call('admin', 'GET', '/users/top');
    expect(noCity.statusCode).toBe(400);
    expect(noCity.json().details).toEqual([expect.objectContaining({ field: 'cityId' })]);
  });
});
