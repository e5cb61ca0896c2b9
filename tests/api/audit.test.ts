import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { startMailingSender } from '../../server/areas/mailings/mailingSender';
import {
  AUDIT_SECRET_MARK,
  MailingStatus,
  OrderStatus,
  Role,
  type AuditActor,
  type AuditRecord,
  type OrderTimelineEntry,
} from '../../src/domain';
import { backends, TEST_SECRET, TEST_VERSION, useStaffApp } from './harness';
import { createCustomers, createMailingCity, mailingEnded, silentLog } from './mailingFixtures';
import { createCustomer, createOrder } from './orderFixtures';
import { recordingMessenger } from './recordingMessenger';

const week = (schedule: string) =>
  [1, 2, 3, 4, 5, 6, 7].map((value) => ({ value, enabled: value < 6, schedule: value < 6 ? schedule : '' }));
const restaurantBody = (name: string) => ({
  name,
  name_ru: name,
  position: 2,
  minOrderSum: 10,
  deliveryPrice: 2.5,
  address: 'Audit street 1',
  schedule: '10:00-22:00',
  deliveryTime: '45 min',
  canDelivery: true,
  workingDays: week('10:00-22:00'),
});
const botToken = (n: number) => `${100000 + n}:${'Q'.repeat(30)}${n}secretpart`;

/** The audit trail: what each kind of change records, what it never records, and who reads it. */
describe.each(backends)('the audit trail on %s', (backend) => {
  const t = useStaffApp(backend);
  const { call } = t;

  const idOf = async (username: string) =>
    (await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const trail = (entity: string, entityId?: number | string) =>
    t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'entity', 'entity_id', 'city_id', 'restaurant_id', 'changes'])
      .where('entity', '=', entity)
      .$if(entityId !== undefined, (q) => q.where('entity_id', '=', String(entityId)))
      .orderBy('id')
      .execute();
  const created = async <T>(response: { statusCode: number; body: string; json: <J>() => J }, status = 201): Promise<T> => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json<T>();
  };

  it('a restaurant and a dish: created with the whole row, changed with only what changed, deleted with the row', async () => {
    const cityAdmin = await idOf('cityadmin');
    const restaurant = await created<{ id: number }>(await call('cityadmin', 'POST', '/restaurants', restaurantBody('Green Garden')));
    const [insert] = await trail('restaurants', restaurant.id);
    expect(insert).toMatchObject({ actor_id: cityAdmin, action: 'insert', city_id: t.ids.cityId, restaurant_id: restaurant.id });
    expect(insert.changes).toMatchObject({ id: restaurant.id, name: 'Green Garden', address: 'Audit street 1' });
    expect(await trail('restaurant_working_days', `${restaurant.id}:1`)).toMatchObject([
      { action: 'insert', changes: { schedule: '10:00-22:00' } },
    ]);

    // The week is saved whole (deleted and written again): only the day that differs is a change.
    await created(
      await call('admin', 'PUT', `/restaurants/${restaurant.id}`, { name: 'Blue Garden', workingDays: week('10:00-22:00') }),
      200,
    );
    const moved = week('10:00-22:00').map((day) => (day.value === 3 ? { ...day, schedule: '12:00-20:00' } : day));
    await created(await call('admin', 'PUT', `/restaurants/${restaurant.id}`, { workingDays: moved }), 200);
    // Saving the same values again changes nothing, and records nothing.
    await created(await call('admin', 'PUT', `/restaurants/${restaurant.id}`, { name: 'Blue Garden', workingDays: moved }), 200);
    expect((await trail('restaurants', restaurant.id)).map((r) => [r.actor_id, r.action, r.changes])).toEqual([
      [cityAdmin, 'insert', insert.changes],
      [await idOf('admin'), 'update', { name: ['Green Garden', 'Blue Garden'] }],
    ]);
    const days = await t.db
      .selectFrom('audit_log')
      .select(['entity_id', 'action', 'changes'])
      .where('entity', '=', 'restaurant_working_days')
      .where('restaurant_id', '=', restaurant.id)
      .orderBy('id')
      .execute();
    expect(days.filter((d) => d.action !== 'insert')).toEqual([
      { entity_id: `${restaurant.id}:3`, action: 'update', changes: { schedule: ['10:00-22:00', '12:00-20:00'] } },
    ]);

    const category = await created<{ id: number }>(
      await call('cityadmin', 'POST', '/dishCategories', { restaurantId: restaurant.id, name: 'Soups', name_ru: 'Супы', position: 1 }),
    );
    const dish = await created<{ id: number }>(
      await call('cityadmin', 'POST', '/dishes', {
        dishCategoryId: category.id,
        name: 'Borscht',
        position: 1,
        description: 'Beet soup',
        description_ru: 'Борщ',
        price: 7.5,
      }),
    );
    await created(await call('cityadmin', 'PUT', `/dishes/${dish.id}`, { price: 9 }), 200);
    await created(await call('admin', 'DELETE', `/dishes/${dish.id}`), 200);
    const admin = await idOf('admin');
    const dishTrail = await trail('dishes', dish.id);
    expect(dishTrail.map((r) => [r.actor_id, r.action, r.city_id, r.restaurant_id])).toEqual([
      [cityAdmin, 'insert', t.ids.cityId, restaurant.id],
      [cityAdmin, 'update', t.ids.cityId, restaurant.id],
      [admin, 'delete', t.ids.cityId, restaurant.id],
    ]);
    expect(dishTrail[0].changes).toMatchObject({ name: 'Borscht', price: 7.5, dish_category_id: category.id });
    expect(dishTrail[1].changes).toEqual({ price: [7.5, 9] });
    expect(dishTrail[2].changes).toMatchObject({ id: dish.id, name: 'Borscht', price: 9 });

    // A change nobody in the back-office made (the bot, a job) is not an audited change.
    await t.db.updateTable('restaurants').set({ name: 'Changed by a job' }).where('id', '=', restaurant.id).execute();
    expect(await trail('restaurants', restaurant.id)).toHaveLength(2);
  });

  it("an order's status moves and courier changes, the customer's cancel too, and its timeline", async () => {
    const customerId = await createCustomer(t.db, t.ids.cityId);
    const order = await createOrder(t.db, {
      cityId: t.ids.cityId,
      restaurantId: t.ids.restaurantId,
      userId: customerId,
      status: OrderStatus.CREATED,
    });
    const [operator, cityAdmin, courier] = await Promise.all([idOf('operator'), idOf('cityadmin'), idOf('courier')]);

    await created(await call('operator', 'PUT', `/orders/${order.id}`, { status: OrderStatus.CONFIRMED }), 200);
    await created(await call('cityadmin', 'PUT', `/orders/${order.id}`, { courierId: courier }), 200);
    await t.db
      .insertInto('order_messages')
      .values({ order_id: order.id, from_id: customerId, to_id: null, text: 'Where is my soup?' })
      .execute();
    // The customer cancels through the bot: no one in the back-office, still on the record.
    await t.db.updateTable('orders').set({ status: OrderStatus.CANCELED_BY_USER }).where('id', '=', order.id).execute();

    expect((await trail('orders', order.id)).map((r) => [r.actor_id, r.action, r.city_id, r.restaurant_id, r.changes])).toEqual([
      [operator, 'update', t.ids.cityId, t.ids.restaurantId, { status: [OrderStatus.CREATED, OrderStatus.CONFIRMED] }],
      [cityAdmin, 'update', t.ids.cityId, t.ids.restaurantId, { courier_id: [null, courier] }],
      [null, 'update', t.ids.cityId, t.ids.restaurantId, { status: [OrderStatus.CONFIRMED, OrderStatus.CANCELED_BY_USER] }],
    ]);

    // The owner of the order's restaurant reads the timeline, oldest first.
    const timeline = await created<OrderTimelineEntry[]>(await call('owner', 'GET', `/orders/${order.id}/timeline`), 200);
    expect(timeline.map((entry) => entry.kind)).toEqual(['created', 'status', 'courier', 'message', 'status']);
    expect(timeline[0]).toMatchObject({ kind: 'created', actor: { id: customerId } });
    expect(timeline[1]).toMatchObject({
      kind: 'status',
      from: OrderStatus.CREATED,
      to: OrderStatus.CONFIRMED,
      actor: { id: operator, name: 'operator' },
    });
    expect(timeline[2]).toMatchObject({ kind: 'courier', from: null, to: { id: courier, name: 'courier' }, actor: { id: cityAdmin } });
    expect(timeline[3]).toMatchObject({ kind: 'message', text: 'Where is my soup?', toRestaurant: true, actor: { id: customerId } });
    expect(timeline[4]).toMatchObject({ kind: 'status', to: OrderStatus.CANCELED_BY_USER, actor: null });
    const times = timeline.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    // In the order's scope only: another city's order, another restaurant's, no such order.
    const elsewhere = await createOrder(t.db, { cityId: t.ids.otherCityId, restaurantId: t.ids.restaurantId, userId: customerId });
    expect((await call('operator', 'GET', `/orders/${elsewhere.id}/timeline`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `/orders/${elsewhere.id}/timeline`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', '/orders/999999/timeline')).statusCode).toBe(404);
    expect((await call('admin', 'GET', '/orders/abc/timeline')).statusCode).toBe(400);
  });

  it("review approve, publish, answer and delete are each recorded; the worker's marks are not", async () => {
    const customerId = await createCustomer(t.db, t.ids.cityId);
    const order = await createOrder(t.db, { cityId: t.ids.cityId, restaurantId: t.ids.restaurantId, userId: customerId });
    const { id } = await t.db
      .insertInto('reviews')
      .values({ order_id: order.id, text: 'Tasty', rating: 5 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await created(await call('operator', 'POST', `/reviews/${id}`, {}), 200);
    await created(await call('operator', 'POST', `/reviews/${id}`, { publish: true }), 200);
    // What the event worker writes when the channel post is out: no actor, no record.
    await t.db.updateTable('reviews').set({ channel_message_id: '77' }).where('id', '=', id).execute();
    await created(await call('cityadmin', 'PUT', `/reviews/${id}`, { text: 'Thank you!' }), 200);
    await created(await call('admin', 'DELETE', `/reviews/${id}`), 200);

    const [operator, cityAdmin, admin] = await Promise.all([idOf('operator'), idOf('cityadmin'), idOf('admin')]);
    const records = await trail('reviews', id);
    expect(records.map((r) => [r.actor_id, r.action, r.city_id, r.restaurant_id, Object.keys(r.changes).sort()])).toEqual([
      [operator, 'update', t.ids.cityId, t.ids.restaurantId, ['approved_at']],
      [operator, 'update', t.ids.cityId, t.ids.restaurantId, ['published_at']],
      [cityAdmin, 'update', t.ids.cityId, t.ids.restaurantId, ['answer']],
      [admin, 'update', t.ids.cityId, t.ids.restaurantId, ['deleted_at']],
    ]);
    expect(records[0].changes.approved_at).toEqual([null, expect.any(String)]);
    expect(records[2].changes.answer).toEqual([null, 'Thank you!']);
  });

  it("a mailing's start and stop are recorded; the sender's progress is not", async () => {
    const admin = await idOf('admin');
    const { cityId } = await createMailingCity(t.db);
    await createCustomers(t.db, cityId, 3);
    const text = 'Dumplings tonight, twenty percent off';
    const started = await created<{ id: number }>(await call('admin', 'POST', '/spam', { cityId, text }));
    const sender = startMailingSender({ db: t.db, messenger: recordingMessenger(), rate: 200, pollMs: 20, log: silentLog });
    try {
      expect((await mailingEnded(t.db, started.id)).status).toBe(MailingStatus.FINISHED);
    } finally {
      await sender.stop();
    }
    expect((await trail('mailings', started.id)).map((r) => [r.actor_id, r.action, r.city_id, r.changes.text])).toEqual([
      [admin, 'insert', cityId, text],
    ]);

    const stopped = await created<{ id: number }>(await call('admin', 'POST', '/spam', { cityId, text }));
    await created(await call('admin', 'DELETE', `/spam/${stopped.id}`), 200);
    const [start, stop] = await trail('mailings', stopped.id);
    expect(start).toMatchObject({ actor_id: admin, action: 'insert' });
    expect(stop).toMatchObject({ actor_id: admin, action: 'update', city_id: cityId });
    expect(stop.changes).toMatchObject({ status: [MailingStatus.CREATED, MailingStatus.FAILED], stopped_by: [null, admin] });
  });

  it('staff accounts, bots, cities and settings: a secret is recorded only as changed, and appears nowhere in the trail', async () => {
    const secrets: string[] = [
      'first-secret-pass-1',
      'second-secret-pass-2',
      botToken(1),
      botToken(2),
      'webhook-secret-value-xyz',
      'provider:token:secret',
    ];
    const account = await created<{ id: number }>(
      await call('admin', 'POST', '/users', {
        username: 'audited_operator',
        password: secrets[0],
        roleId: Role.OPERATOR,
        cityId: t.ids.cityId,
      }),
    );
    const hashes = async () =>
      t.db.selectFrom('users').select(['password_hash', 'auth_key']).where('id', '=', account.id).executeTakeFirstOrThrow();
    const first = await hashes();
    await created(await call('cityadmin', 'PUT', `/users/${account.id}`, { password: secrets[1], username: 'audited_operator2' }), 200);
    const second = await hashes();
    const [insert, update] = await trail('users', account.id);
    expect(insert).toMatchObject({ action: 'insert', city_id: t.ids.cityId, actor_id: await idOf('admin') });
    expect(insert.changes).toMatchObject({ username: 'audited_operator', password_hash: AUDIT_SECRET_MARK, auth_key: AUDIT_SECRET_MARK });
    expect(insert.changes).not.toHaveProperty('session_version');
    expect(update.changes).toEqual({ username: ['audited_operator', 'audited_operator2'], password_hash: AUDIT_SECRET_MARK });

    const bot = await created<{ id: number }>(await call('admin', 'POST', '/bots', { botToken: secrets[2], cityId: t.ids.otherCityId }));
    await created(await call('admin', 'PUT', `/bots/${bot.id}`, { botToken: secrets[3] }), 200);
    expect((await trail('bots', bot.id)).map((r) => r.changes.bot_token)).toEqual([AUDIT_SECRET_MARK, AUDIT_SECRET_MARK]);
    const city = await created<{ id: number; authKey?: string }>(
      await call('admin', 'POST', '/cities', { name: 'Audit City', currency: 'EUR' }),
    );
    const cityKey = (await t.db.selectFrom('cities').select('auth_key').where('id', '=', city.id).executeTakeFirstOrThrow()).auth_key;
    await created(await call('admin', 'PUT', '/superadmin/globalSettings', { webhookSecret: secrets[4] }), 200);
    await created(await call('admin', 'PUT', `/config/${t.ids.cityId}`, [{ key: 'providerToken', value: secrets[5] }]), 200);
    expect((await trail('global_settings', 'webhookSecret'))[0].changes).toMatchObject({ value: AUDIT_SECRET_MARK });
    expect((await trail('city_configs', `${t.ids.cityId}:providerToken`))[0].changes).toMatchObject({ value: AUDIT_SECRET_MARK });

    const everything = (await sql<{ text: string }>`SELECT string_agg(changes::text, ' ') AS text FROM audit_log`.execute(t.db)).rows[0]
      .text;
    for (const secret of [...secrets, first.password_hash, second.password_hash, first.auth_key, cityKey]) {
      expect(secret && everything.includes(secret), `a secret in the trail: ${secret}`).toBe(false);
    }
  });

  it('logins and failed logins: who, from where, and never the password', async () => {
    const operator = await idOf('operator');
    const login = (username: string, password: string) => t.app.inject({ method: 'POST', url: '/login', payload: { username, password } });
    expect((await login('operator', 'secret')).statusCode).toBe(200);
    expect((await login('operator', 'not-the-password-42')).statusCode).toBe(401);
    expect((await login('nobody-at-all', 'not-the-password-43')).statusCode).toBe(401);
    expect((await login('courier', 'secret')).statusCode).toBe(403);
    const records = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'entity_id', 'city_id', 'changes'])
      .where('action', 'in', ['login', 'login_failed'])
      .orderBy('id', 'desc')
      .limit(4)
      .execute();
    const [courierTry, unknown, wrong, ok] = records;
    expect(ok).toMatchObject({ actor_id: operator, action: 'login', entity_id: String(operator), city_id: t.ids.cityId });
    expect(ok.changes).toEqual({ username: 'operator', ip: expect.any(String) });
    expect(wrong).toMatchObject({ actor_id: null, action: 'login_failed', entity_id: String(operator), city_id: t.ids.cityId });
    expect(wrong.changes).toMatchObject({ username: 'operator', reason: 'wrong_credentials' });
    expect(unknown).toMatchObject({ actor_id: null, action: 'login_failed', entity_id: null, city_id: null });
    expect(unknown.changes).toMatchObject({ username: 'nobody-at-all' });
    expect(courierTry).toMatchObject({ action: 'login_failed', changes: { username: 'courier', reason: 'role_not_allowed' } });
    expect(JSON.stringify(records)).not.toMatch(/not-the-password|secret/);
  });

  it('a failed request leaves no record: the change and its record roll back together', async () => {
    const recorded = async (name: string) =>
      (
        await t.db
          .selectFrom('audit_log')
          .select('id')
          .where('entity', '=', 'restaurants')
          .where(sql`changes->>'name'`, '=', name)
          .execute()
      ).length;
    // The restaurant is written, then its week is refused by the database: the request fails as a whole.
    await sql`ALTER TABLE restaurant_working_days ADD CONSTRAINT audit_test_no_sunday CHECK (value < 7) NOT VALID`.execute(t.db);
    try {
      expect((await call('cityadmin', 'POST', '/restaurants', restaurantBody('Rolled Back Garden'))).statusCode).toBe(400);
    } finally {
      await sql`ALTER TABLE restaurant_working_days DROP CONSTRAINT audit_test_no_sunday`.execute(t.db);
    }
    expect(await t.db.selectFrom('restaurants').select('id').where('name', '=', 'Rolled Back Garden').execute()).toEqual([]);
    expect(await recorded('Rolled Back Garden')).toBe(0);
    await created(await call('cityadmin', 'POST', '/restaurants', restaurantBody('Rolled Back Garden')));
    expect(await recorded('Rolled Back Garden')).toBe(1);
  });

  describe('work a request wakes', () => {
    const opened: { close: () => Promise<void> }[] = [];
    afterAll(async () => {
      for (const app of opened) await app.close();
    });

    it('acts for nobody: the event worker marking an answer sent is not the user’s change', async () => {
      const customerId = await createCustomer(t.db, t.ids.cityId);
      const order = await createOrder(t.db, { cityId: t.ids.cityId, restaurantId: t.ids.restaurantId, userId: customerId });
      const { id } = await t.db
        .insertInto('reviews')
        .values({ order_id: order.id, text: 'Fine', rating: 4, approved_at: new Date(), published_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const woken: Promise<unknown>[] = [];
      // As main.ts wakes the event worker, which then records the delivery on the review.
      const onEvent = () => {
        woken.push(t.db.updateTable('reviews').set({ answer_sent_at: new Date() }).where('id', '=', id).execute());
      };
      const app = await buildApp({ db: t.db, jwtSecret: TEST_SECRET, version: TEST_VERSION, onEvent });
      opened.push(app);
      const response = await app.inject({
        method: 'PUT',
        url: `/api/reviews/${id}`,
        headers: t.auth.operator,
        payload: { text: 'Thanks' },
      });
      expect(response.statusCode, response.body).toBe(200);
      await Promise.all(woken);
      expect(woken).toHaveLength(1);
      expect((await trail('reviews', id)).map((r) => Object.keys(r.changes))).toEqual([['answer']]);
    });
  });

  it('GET /audit: newest first, filtered and paged by the server; a city admin reads their city only; others are refused', async () => {
    const [admin, cityAdmin] = await Promise.all([idOf('admin'), idOf('cityadmin')]);
    const mine = await created<{ id: number }>(await call('cityadmin', 'POST', '/tags', { name: 'Audited tag', name_ru: 'Метка' }));
    const theirs = await created<{ id: number }>(
      await call('admin', 'POST', '/tags', { cityId: t.ids.otherCityId, name: 'Far tag', name_ru: 'Далеко' }),
    );
    await created(await call('cityadmin', 'PUT', `/tags/${mine.id}`, { name: 'Audited tag 2' }), 200);

    const list = async (who: string, query: string) => {
      const response = await call(who, 'GET', `/audit?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return { rows: response.json<AuditRecord[]>(), total: Number(response.headers['x-total-count']) };
    };
    const tags = await list('admin', 'entity=tags');
    expect(tags.rows.map((r) => [r.entityId, r.action])).toEqual([
      [String(mine.id), 'update'],
      [String(theirs.id), 'insert'],
      [String(mine.id), 'insert'],
    ]);
    expect(tags.rows[0]).toMatchObject({
      entity: 'tags',
      cityId: t.ids.cityId,
      actor: { id: cityAdmin, username: 'cityadmin' },
      changes: { name: ['Audited tag', 'Audited tag 2'] },
    });
    const page = await list('admin', 'entity=tags&page=2&perPage=2');
    expect(page).toMatchObject({ total: 3 });
    expect(page.rows.map((r) => r.entityId)).toEqual([String(mine.id)]);
    expect((await list('admin', `entity=tags&entityId=${theirs.id}`)).rows.map((r) => r.actor?.id)).toEqual([admin]);
    expect((await list('admin', `actorId=${cityAdmin}&perPage=200`)).rows.every((r) => r.actor?.id === cityAdmin)).toBe(true);
    expect((await list('admin', 'entity=tags&action=update')).total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await list('admin', `entity=tags&from=${yesterday}&to=${tomorrow}`)).total).toBe(3);
    expect((await list('admin', `entity=tags&from=${tomorrow}`)).total).toBe(0);
    expect((await list('admin', `entity=tags&to=${yesterday}`)).total).toBe(0);
    expect((await list('admin', `entity=tags&from=${today}&to=${today}`)).total).toBe(3);
    expect((await list('admin', `entity=tags&cityId=${t.ids.otherCityId}`)).rows.map((r) => r.entityId)).toEqual([String(theirs.id)]);

    // A city admin: their city's records only, never another city's, whoever made them.
    const city = await list('cityadmin', 'perPage=200');
    expect(city.rows.length).toBeGreaterThan(0);
    expect(city.rows.every((r) => r.cityId === t.ids.cityId)).toBe(true);
    expect((await list('cityadmin', 'entity=tags')).rows.map((r) => r.entityId)).toEqual([String(mine.id), String(mine.id)]);
    expect((await call('cityadmin', 'GET', `/audit?cityId=${t.ids.otherCityId}`)).statusCode).toBe(404);
    const actors = (await call('cityadmin', 'GET', '/audit/actors')).json<AuditActor[]>().map((a) => a.username);
    expect(actors).toEqual(expect.arrayContaining(['admin', 'cityadmin', 'operator', 'owner']));
    expect(actors).not.toContain('courier');

    for (const who of ['operator', 'owner']) {
      expect((await call(who, 'GET', '/audit')).statusCode).toBe(403);
      expect((await call(who, 'GET', '/audit/actors')).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
    for (const bad of ['from=yesterday', 'entity=passwords', 'actorId=abc', 'perPage=100000', 'entityId=%27%3B']) {
      expect((await call('admin', 'GET', `/audit?${bad}`)).statusCode, bad).toBe(400);
    }
  });
});
