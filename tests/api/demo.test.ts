import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../../server/db/seed';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/demo';
import {
  AdStatus,
  CITY_CONFIG_KEYS,
  EventStatus,
  MailingStatus,
  ORDER_STATUS_VALUES,
  Role,
  STAFF_ROLES,
  type StatsOrderTimes,
} from '../../src/domain';
import { backends, openTestApp, type TestApp } from './harness';

const NOW = new Date('2026-11-20T12:00:00Z');
const DAY = 86_400_000;

describe.each(backends)('demo data on %s', (backend) => {
  let t: TestApp;
  const log: string[] = [];

  beforeAll(async () => {
    t = await openTestApp(backend);
    const { seedDemo } = await import('../../server/db/demo');
    await seedDemo(t.db, { now: NOW });
    await seedDemoIfEmpty(t.db, (line) => log.push(line));
  }, 120_000);
  afterAll(async () => t?.close());

  const count = async (
    table:
      | 'cities'
      | 'restaurants'
      | 'orders'
      | 'order_items'
      | 'order_messages'
      | 'districts'
      | 'bots'
      | 'referral_links'
      | 'cuisines'
      | 'tags',
  ) =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('has three cities with different currencies, each with districts and a bot', async () => {
    const cities = await t.db.selectFrom('cities').select(['id', 'currency']).execute();
    expect(cities).toHaveLength(3);
    expect(new Set(cities.map((c) => c.currency)).size).toBe(3);
    for (const city of cities) {
      const districts = await t.db.selectFrom('districts').select('id').where('city_id', '=', city.id).execute();
      const bots = await t.db.selectFrom('bots').select('id').where('city_id', '=', city.id).execute();
      expect(districts.length).toBeGreaterThan(1);
      expect(bots).toHaveLength(1);
    }
    expect(await count('cuisines')).toBeGreaterThan(0);
    expect(await count('tags')).toBeGreaterThan(0);
  });

  it('leaves some config keys out in one city, so the settings check has something to show', async () => {
    const rows = await t.db.selectFrom('city_configs').select(['city_id', 'key']).execute();
    const perCity = new Map<number, number>();
    for (const row of rows) perCity.set(row.city_id, (perCity.get(row.city_id) ?? 0) + 1);
    const counts = [...perCity.values()].sort((a, b) => a - b);
    expect(counts[0]).toBeLessThan(CITY_CONFIG_KEYS.length);
    expect(counts[counts.length - 1]).toBe(CITY_CONFIG_KEYS.length);
  });

  it('has about twelve restaurants with working days, district prices, categories and dishes', async () => {
    expect(await count('restaurants')).toBeGreaterThanOrEqual(10);
    const withoutDays = await t.db
      .selectFrom('restaurants')
      .leftJoin('restaurant_working_days', 'restaurant_working_days.restaurant_id', 'restaurants.id')
      .select('restaurants.id')
      .where('restaurant_working_days.value', 'is', null)
      .execute();
    expect(withoutDays).toHaveLength(0);
    const stock = await t.db.selectFrom('dishes').select('id').where('amount', 'is not', null).execute();
    expect(stock.length).toBeGreaterThan(0);
    const tagged = await t.db.selectFrom('dish_tags').select('dish_id').execute();
    expect(tagged.length).toBeGreaterThan(0);
    const prices = await t.db.selectFrom('district_restaurants').select('restaurant_id').execute();
    expect(prices.length).toBeGreaterThan(0);
  });

  it('has about 500 customers and 3,000 orders over 90 days in every status, with items and chats', async () => {
    const customers = await t.db.selectFrom('users').select('id').where('role_id', '=', Role.USER).execute();
    expect(customers).toHaveLength(500);
    expect(await count('orders')).toBe(3000);
    const statuses = await t.db.selectFrom('orders').select('status').distinct().execute();
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(ORDER_STATUS_VALUES));
    const range = await t.db
      .selectFrom('orders')
      .select((eb) => [eb.fn.min('created_at').as('first'), eb.fn.max('created_at').as('last')])
      .executeTakeFirstOrThrow();
    expect(new Date(range.first).getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 91 * DAY);
    expect(new Date(range.last).getTime()).toBeLessThanOrEqual(NOW.getTime());
    const withoutItems = await t.db
      .selectFrom('orders')
      .leftJoin('order_items', 'order_items.order_id', 'orders.id')
      .select('orders.id')
      .where('order_items.id', 'is', null)
      .execute();
    expect(withoutItems).toHaveLength(0);
    expect(await count('order_messages')).toBeGreaterThan(1000);
    // Totals add up.
    const wrong = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM orders o
      WHERE o.sum <> (SELECT sum(i.sum) FROM order_items i WHERE i.order_id = o.id)
         OR o.total_sum <> o.sum + o.delivery_cost - o.discount + o.service_fee`.execute(t.db);
    expect(wrong.rows[0].n).toBe(0);
  });

  it('has reviews in every lifecycle state, ads in every status, referral links and mailings', async () => {
    const reviews = await t.db.selectFrom('reviews').selectAll().execute();
    expect(reviews.some((r) => !r.approved_at && !r.published_at && !r.deleted_at)).toBe(true);
    expect(reviews.some((r) => r.approved_at && !r.published_at && !r.deleted_at)).toBe(true);
    expect(reviews.some((r) => r.published_at && !r.answer)).toBe(true);
    expect(reviews.some((r) => r.published_at && r.answer)).toBe(true);
    expect(reviews.some((r) => r.deleted_at)).toBe(true);
    const ads = await t.db.selectFrom('advertisements').select('status').distinct().execute();
    expect(new Set(ads.map((a) => a.status))).toEqual(new Set(Object.values(AdStatus)));
    // Mailings that ended (finished, stopped, failed in the messenger): nothing of the demo is left to send.
    const mailings = await t.db.selectFrom('mailings').select(['status', 'failure']).distinct().execute();
    expect(new Set(mailings.map((m) => `${m.status}:${m.failure}`))).toEqual(
      new Set([`${MailingStatus.FINISHED}:null`, `${MailingStatus.FAILED}:stopped`, `${MailingStatus.FAILED}:messenger`]),
    );
    expect(await count('referral_links')).toBeGreaterThan(2);
    const couriers = await t.db.selectFrom('users').select('id').where('role_id', '=', Role.COURIER).execute();
    expect(couriers.length).toBeGreaterThan(1);
  });

  it('leaves nothing to send to its invented customers: the pending work is its ads, for its own ad chats', async () => {
    const open = await t.db
      .selectFrom('mailings')
      .select('id')
      .where('status', 'in', [MailingStatus.CREATED, MailingStatus.PROCESSING])
      .execute();
    expect(open).toEqual([]);
    expect(await t.db.selectFrom('mailing_recipients').select('user_id').execute()).toEqual([]);
    const pending = await t.db
      .selectFrom('events')
      .select('type')
      .distinct()
      .where('status', 'in', [EventStatus.PENDING, EventStatus.PROCESSING])
      .execute();
    expect(pending.map((e) => e.type).sort()).toEqual(['ad_publish', 'ad_unpublish']);
    // Every restaurant can be written to from its orders' chats.
    const unreachable = await t.db
      .selectFrom('restaurants')
      .leftJoin('users', 'users.id', 'restaurants.notification_user_id')
      .select('restaurants.id')
      .where('users.telegram_id', 'is', null)
      .execute();
    expect(unreachable).toEqual([]);
  });

  it('the staff accounts log in with the demo password; the courier is refused', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/login',
        payload: { username: account.username, password: DEMO_PASSWORD },
      });
      expect(response.statusCode, account.username).toBe(STAFF_ROLES.includes(account.roleId) ? 200 : 403);
    }
    expect(log.join('\n')).toMatch(/admin/);
  });

  it('has the order timers’ history of its finished orders: periods end to end within each, a few escalations', async () => {
    const { rows } = await sql<{ periods: number; outside: number; gaps: number; escalations: number; unearned: number }>`
      SELECT (SELECT count(*)::int FROM order_status_periods) AS periods,
        (SELECT count(*)::int FROM order_status_periods AS p JOIN orders AS o ON o.id = p.order_id
          WHERE p.started_at < o.created_at OR p.ended_at > o.updated_at OR p.ended_at <= p.started_at OR p.city_id <> o.city_id) AS outside,
        (SELECT count(*)::int FROM (
          SELECT started_at <> lag(ended_at) OVER (PARTITION BY order_id ORDER BY started_at) AS gap FROM order_status_periods
        ) AS x WHERE gap) AS gaps,
        (SELECT count(*)::int FROM order_late_escalations) AS escalations,
        (SELECT count(*)::int FROM order_late_escalations AS e
          WHERE NOT EXISTS (SELECT 1 FROM order_status_periods AS p WHERE p.order_id = e.order_id AND p.status = e.status
            AND p.ended_at - p.started_at > make_interval(mins => e.minutes))) AS unearned`.execute(t.db);
    expect(rows[0]).toMatchObject({ outside: 0, gaps: 0, unearned: 0 });
    expect(rows[0].periods).toBeGreaterThan(10_000);
    expect(rows[0].escalations).toBeGreaterThan(0);
    const login = await t.app.inject({ method: 'POST', url: '/login', payload: { username: 'cityadmin', password: DEMO_PASSWORD } });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/stats/orderTimes?${new URLSearchParams({ dateFrom: '2026-10-21', dateTo: '2026-11-20' }).toString()}`,
      headers: { authorization: `Bearer ${login.json<{ jwtToken: string }>().jwtToken}` },
    });
    const times = response.json<StatsOrderTimes>();
    expect(times.lateOrders).toBeGreaterThan(0);
    expect(times.lateOrders).toBeLessThan(times.orders / 4);
    expect(times.stages.every((stage) => stage.periods > 0 && stage.medianMinutes !== null)).toBe(true);
  });

  it('new rows get fresh ids after the seed', async () => {
    const city = await t.db
      .insertInto('cities')
      .values({ name: 'Porto', currency: 'EUR', auth_key: 'porto-key' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(city.id).toBe(4);
  });

  it('seeding again does nothing when data exists', async () => {
    const before = await count('orders');
    await seedDemoIfEmpty(t.db, () => undefined);
    expect(await count('orders')).toBe(before);
  });
});
