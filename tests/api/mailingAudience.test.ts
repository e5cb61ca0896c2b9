import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailingSender } from '../../server/areas/mailings/mailingSender';
import { MailingStatus, NO_AUDIENCE_RECORD, OrderStatus, type Mailing, type MailingAudienceInput } from '../../src/domain';
import { backends, createRestaurant, openStaffApp, type StaffApp } from './harness';
import { createCustomers, createMailing, mailingEnded, silentLog } from './mailingFixtures';
import { createOrder } from './orderFixtures';
import { recordingMessenger } from './recordingMessenger';

const DAY = 24 * 3600_000;
const TEXT = 'Dumplings tonight, 20% off!';
const ago = (days: number) => new Date(Date.now() - days * DAY);

type Who = 'A' | 'B' | 'C' | 'D' | 'E' | 'F';

/** The count's query string of the filters a POST /spam body carries. */
const queryOf = (audience: MailingAudienceInput): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(audience)) {
    if (value === null || value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params.toString();
};

/**
 * The audience filters of a mailing (src/domain/mailingAudience.ts): for each filter and some
 * combinations, the count the screen shows, the count the mailing is made with and the chats
 * the sender sends to are the same customers, exactly.
 */
describe.each(backends)('mailing audience filters on %s', (backend) => {
  let t: StaffApp;
  const people = new Map<Who, { id: number; chatId: string }>();
  let r1 = 0;
  let r2 = 0;
  let otherCityRestaurant = 0;

  beforeAll(async () => {
    t = await openStaffApp(backend);
    const cityId = t.ids.cityId;
    await t.db
      .insertInto('bots')
      .values({ bot_token: `${cityId}1:audience-token`, city_id: cityId })
      .execute();
    r1 = t.ids.restaurantId;
    r2 = await createRestaurant(t.db, cityId, 'Sushi place');
    otherCityRestaurant = await createRestaurant(t.db, t.ids.otherCityId, 'Far away');
    for (const [who, language] of [
      ['A', 'ru'],
      ['B', 'en'],
      ['C', 'es'],
      ['D', 'en'],
      ['E', 'en'],
      ['F', 'en'],
    ] as const) {
      const [customer] = await createCustomers(t.db, cityId, 1, { blocked: who === 'F' });
      await t.db.updateTable('users').set({ language }).where('id', '=', customer.id).execute();
      people.set(who, customer);
    }
    const order = (who: Who, restaurantId: number, daysAgo: number, status: number = OrderStatus.DELIVERED) =>
      createOrder(t.db, { cityId, restaurantId, userId: people.get(who)?.id ?? 0, status, createdAt: ago(daysAgo) });
    // A: three from R1, the last 5 days ago. B: one from R2, 40 days ago. C: none.
    await order('A', r1, 50);
    await order('A', r1, 20);
    await order('A', r1, 5);
    await order('B', r2, 40);
    // D only ever cancelled one: that is no order.
    await order('D', r1, 1, OrderStatus.CANCELED_BY_USER);
    // E: R1 60 days ago, R2 2 days ago. F blocked the bot: never in an audience.
    await order('E', r1, 60);
    await order('E', r2, 2);
    await order('F', r1, 3);
    // An order in another city does not make a customer of this one a buyer here.
    await createOrder(t.db, { cityId: t.ids.otherCityId, restaurantId: otherCityRestaurant, userId: people.get('C')?.id ?? 0 });
  });
  afterAll(async () => t.close());

  const chats = (whos: Who[]) => whos.map((who) => people.get(who)?.chatId).sort();

  const cases: [string, MailingAudienceInput, Who[]][] = [
    ['no filter (as before)', {}, ['A', 'B', 'C', 'D', 'E']],
    ['ordered within 30 days', { orderedWithinDays: 30 }, ['A', 'E']],
    ['ordered from R1', { restaurantIds: [-1] }, ['A', 'E']],
    ['ordered from R2', { restaurantIds: [-2] }, ['B', 'E']],
    ['never ordered', { neverOrdered: true }, ['C', 'D']],
    ['at least 2 orders', { minOrders: 2 }, ['A', 'E']],
    ['at least 3 orders', { minOrders: 3 }, ['A']],
    ['languages ru', { languages: ['ru'] }, ['A']],
    ['languages en and es', { languages: ['en', 'es'] }, ['B', 'C', 'D', 'E']],
    ['from R1 within 30 days (orders from R1 only)', { restaurantIds: [-1], orderedWithinDays: 30 }, ['A']],
    ['from R2 within 30 days', { restaurantIds: [-2], orderedWithinDays: 30 }, ['E']],
    ['at least 2 within 10 days', { minOrders: 2, orderedWithinDays: 10 }, ['A', 'E']],
    ['at least 2 from R1', { minOrders: 2, restaurantIds: [-1] }, ['A']],
    ['at least 2, in en', { minOrders: 2, languages: ['en'] }, ['E']],
    ['never ordered, in es', { neverOrdered: true, languages: ['es'] }, ['C']],
  ];

  /** -1 and -2 in a case stand for the restaurants made in beforeAll. */
  const resolved = (audience: MailingAudienceInput): MailingAudienceInput =>
    audience.restaurantIds ? { ...audience, restaurantIds: audience.restaurantIds.map((id) => (id === -1 ? r1 : r2)) } : audience;

  it.each(cases)('%s: the count and the recipients sent to are the same customers', async (_name, filters, expected) => {
    const audience = resolved(filters);
    const counted = await t.call('cityadmin', 'GET', `/users/count?${queryOf(audience)}`);
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json()).toBe(expected.length);

    const created = await t.call('cityadmin', 'POST', '/spam', { text: TEXT, audience });
    expect(created.statusCode, created.body).toBe(201);
    const mailing = created.json<Mailing>();
    expect(mailing.count).toBe(expected.length);

    const messenger = recordingMessenger();
    const sender = startMailingSender({ db: t.db, messenger, rate: 500, pollMs: 10, log: silentLog });
    try {
      const ended = await mailingEnded(t.db, mailing.id);
      expect(ended.status).toBe(MailingStatus.FINISHED);
      expect(ended.count).toBe(expected.length);
    } finally {
      await sender.stop();
    }
    expect(messenger.calls.map((call) => call.message.chatId).sort()).toEqual(chats(expected));
  });

  it('stores the filters it was sent with and answers them, with the restaurants named; older mailings have none', async () => {
    const audience = { orderedWithinDays: 30, restaurantIds: [r2, r1, r1], minOrders: 1, languages: ['en', 'ru'] as const };
    const created = await t.call('cityadmin', 'POST', '/spam', {
      text: TEXT,
      audience: { ...audience, languages: [...audience.languages] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const expected = {
      orderedWithinDays: 30,
      restaurantIds: [r1, r2].sort((a, b) => a - b),
      restaurants: [
        { id: r2, name: 'Sushi place', name_ru: 'Sushi place' },
        { id: r1, name: 'Test kitchen', name_ru: 'Test kitchen' },
      ],
      neverOrdered: false,
      minOrders: 1,
      languages: ['en', 'ru'],
    };
    expect(created.json<Mailing>().audience).toEqual(expected);
    const old = await createMailing(t.db, t.ids.cityId);
    const list = (await t.call('cityadmin', 'GET', '/spam')).json<Mailing[]>();
    expect(list.find((m) => m.id === created.json<Mailing>().id)?.audience).toEqual(expected);
    expect(list.find((m) => m.id === old)?.audience).toEqual(NO_AUDIENCE_RECORD);
  });

  it('refuses "never ordered" with an order filter, naming the field, on the count and on the mailing', async () => {
    for (const [query, field] of [
      ['neverOrdered=true&minOrders=2', 'minOrders'],
      ['neverOrdered=true&orderedWithinDays=7', 'orderedWithinDays'],
      [`neverOrdered=true&restaurantIds=${r1}`, 'restaurantIds'],
    ] as const) {
      const response = await t.call('cityadmin', 'GET', `/users/count?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([expect.objectContaining({ field, message: 'cannot be combined with “never ordered”' })]);
    }
    const before = await t.db
      .selectFrom('mailings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await t.call('cityadmin', 'POST', '/spam', { text: TEXT, audience: { neverOrdered: true, minOrders: 3 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field: 'audience.minOrders' })]);
    const after = await t.db
      .selectFrom('mailings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses bad filters with the field: out of range, unknown language, not an id', async () => {
    for (const [query, field] of [
      ['minOrders=0', 'minOrders'],
      ['orderedWithinDays=99999', 'orderedWithinDays'],
      ['languages=xx', 'languages'],
      ['restaurantIds=abc', 'restaurantIds'],
      ['neverOrdered=maybe', 'neverOrdered'],
    ] as const) {
      const response = await t.call('cityadmin', 'GET', `/users/count?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().details, query).toContainEqual(expect.objectContaining({ field: expect.stringContaining(field) }));
    }
    const response = await t.call('cityadmin', 'POST', '/spam', { text: TEXT, audience: { languages: ['de'] } });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: expect.stringContaining('audience.languages') }));
  });

  it("keeps the restaurants to the mailing's city and the user's reach; only admins and city admins count and send", async () => {
    const foreign = await t.call('cityadmin', 'GET', `/users/count?restaurantIds=${r1},${otherCityRestaurant}`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details).toContainEqual(expect.objectContaining({ field: 'restaurantIds' }));
    // An admin too: the restaurants are those of the city the mailing goes to.
    const admin = await t.call('admin', 'GET', `/users/count?cityId=${t.ids.cityId}&restaurantIds=${otherCityRestaurant}`);
    expect(admin.statusCode).toBe(400);
    expect((await t.call('admin', 'GET', `/users/count?cityId=${t.ids.otherCityId}&restaurantIds=${otherCityRestaurant}`)).statusCode).toBe(
      200,
    );
    const missing = await t.call('cityadmin', 'GET', '/users/count?restaurantIds=999999');
    expect(missing.statusCode).toBe(400);
    const post = await t.call('cityadmin', 'POST', '/spam', { text: TEXT, audience: { restaurantIds: [otherCityRestaurant] } });
    expect(post.statusCode).toBe(400);
    expect(post.json().details).toContainEqual(expect.objectContaining({ field: 'audience.restaurantIds' }));
    // Another city's count, or the count at all for roles without mailings.
    expect((await t.call('cityadmin', 'GET', `/users/count?cityId=${t.ids.otherCityId}&minOrders=1`)).statusCode).toBe(404);
    for (const who of ['operator', 'owner']) {
      expect((await t.call(who, 'GET', `/users/count?minOrders=1`)).statusCode).toBe(403);
      expect((await t.call(who, 'POST', '/spam', { text: TEXT, audience: { minOrders: 1 } })).statusCode).toBe(403);
    }
  });
});
