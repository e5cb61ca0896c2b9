import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { MailingStatus, OrderStatus, Role, type AuditRecord } from '../../src/domain';
import { backends, createRestaurant, createStaff, TEST_SECRET, TEST_VERSION, useStaffApp } from './harness';
import { createCustomer, createOrder } from './orderFixtures';

/**
 * The names the audit trail's page carries: people, restaurants, cities, orders (by number) and
 * mailings, read with the page in the reader's scope, and a stopped mailing's position.
 */
describe.each(backends)('the names of the audit trail on %s', (backend) => {
  const t = useStaffApp(backend);
  const { call } = t;

  const list = async (who: string, query: string) => {
    const response = await call(who, 'GET', `/audit?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditRecord[]>();
  };
  const idOf = async (username: string) =>
    (await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

  it('names an order by its number, its courier and restaurant by name, and the mailing a city admin stopped with its position', async () => {
    const courier = await idOf('courier');
    await t.db.updateTable('users').set({ name: 'Kolya' }).where('id', '=', courier).execute();
    const customer = await createCustomer(t.db, t.ids.cityId);
    const order = await createOrder(t.db, { cityId: t.ids.cityId, restaurantId: t.ids.restaurantId, userId: customer });
    const moved = await call('operator', 'PUT', `/orders/${order.id}`, { status: OrderStatus.CONFIRMED, courierId: courier });
    expect(moved.statusCode, moved.body).toBe(200);

    const [change] = await list('cityadmin', `entity=orders&entityId=${order.id}&action=update`);
    expect(change.changes).toMatchObject({ courier_id: [null, courier] });
    expect(change.names).toEqual({
      [`orders:${order.id}`]: { name: order.threadId, name_ru: null },
      [`users:${courier}`]: { name: 'Kolya', name_ru: null },
    });

    const { id: mailing } = await t.db
      .insertInto('mailings')
      .values({
        city_id: t.ids.cityId,
        text: 'Spring menu is here: forty new dishes for you',
        config: '{}',
        status: MailingStatus.PROCESSING,
        position: 40,
        count: 120,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await call('cityadmin', 'DELETE', `/spam/${mailing}`)).statusCode).toBe(200);
    const [stop] = await list('cityadmin', `entity=mailings&entityId=${mailing}`);
    expect(stop.changes).toMatchObject({ failure: [null, 'stopped'], stopped_by: [null, await idOf('cityadmin')] });
    expect(stop.progress).toEqual({ position: 40, count: 120 });
    expect(stop.names).toEqual({
      [`mailings:${mailing}`]: { name: 'Spring menu is here: forty new dishes f…', name_ru: null },
      [`users:${await idOf('cityadmin')}`]: { name: 'cityadmin', name_ru: null },
    });

    // A created restaurant: its city by name, Russian name too.
    const restaurant = await call('cityadmin', 'POST', '/restaurants', {
      name: 'Green Garden',
      name_ru: 'Зелёный сад',
      position: 2,
      minOrderSum: 10,
      deliveryPrice: 2.5,
      address: 'Audit street 1',
      schedule: '10:00-22:00',
      deliveryTime: '45 min',
      canDelivery: true,
    });
    expect(restaurant.statusCode, restaurant.body).toBe(201);
    const { id } = restaurant.json<{ id: number }>();
    const [insert] = await list('cityadmin', `entity=restaurants&entityId=${id}`);
    const city = await t.db.selectFrom('cities').select(['name', 'name_ru']).where('id', '=', t.ids.cityId).executeTakeFirstOrThrow();
    expect(insert.names).toMatchObject({
      [`restaurants:${id}`]: { name: 'Green Garden', name_ru: 'Зелёный сад' },
      [`cities:${t.ids.cityId}`]: city,
    });
  });

  it("never names another city's records to a city admin; an admin gets them all", async () => {
    const farRestaurant = await createRestaurant(t.db, t.ids.otherCityId, 'Far Kitchen');
    const farCourier = await createStaff(t.db, { username: 'farcourier', roleId: Role.COURIER, cityId: t.ids.otherCityId });
    const farCustomer = await createCustomer(t.db, t.ids.otherCityId);
    const farOrder = await createOrder(t.db, { cityId: t.ids.otherCityId, restaurantId: farRestaurant, userId: farCustomer });
    const admin = await idOf('admin');
    // A record of the city admin's city that mentions another city's records (as a moved account would).
    await t.db
      .insertInto('audit_log')
      .values({
        actor_id: admin,
        action: 'update',
        entity: 'users',
        entity_id: String(farCourier),
        city_id: t.ids.cityId,
        changes: JSON.stringify({
          city_id: [t.ids.otherCityId, t.ids.cityId],
          restaurant_id: [farRestaurant, t.ids.restaurantId],
          courier_id: [farCustomer, null],
          order_id: [farOrder.id, null],
          stopped_by: [admin, null],
        }),
      })
      .execute();

    const far = [
      `users:${farCourier}`,
      `cities:${t.ids.otherCityId}`,
      `restaurants:${farRestaurant}`,
      `users:${farCustomer}`,
      `orders:${farOrder.id}`,
    ];
    const [mine] = await list('cityadmin', `entity=users&entityId=${farCourier}`);
    expect(Object.keys(mine.names).sort()).toEqual(
      [`cities:${t.ids.cityId}`, `restaurants:${t.ids.restaurantId}`, `users:${admin}`].sort(),
    );
    for (const key of far) expect(mine.names, key).not.toHaveProperty(key);

    const [all] = await list('admin', `entity=users&entityId=${farCourier}`);
    expect(all.names).toMatchObject({
      [`users:${farCourier}`]: { name: 'farcourier' },
      [`restaurants:${farRestaurant}`]: { name: 'Far Kitchen' },
      [`orders:${farOrder.id}`]: { name: farOrder.threadId },
    });
    for (const key of far) expect(all.names, key).toHaveProperty(key);
  });

  it('reads the names of a page in one query per kind of record, however many records it holds', async () => {
    const admin = await idOf('admin');
    const customers = await Promise.all([1, 2, 3, 4].map(() => createCustomer(t.db, t.ids.cityId)));
    const orders = await Promise.all(
      customers.map((userId) => createOrder(t.db, { cityId: t.ids.cityId, restaurantId: t.ids.restaurantId, userId })),
    );
    await t.db
      .insertInto('audit_log')
      .values(
        Array.from({ length: 40 }, (_, n) => ({
          actor_id: admin,
          action: 'update',
          entity: 'reviews',
          entity_id: String(900_000 + n),
          city_id: t.ids.cityId,
          changes: JSON.stringify({
            order_id: [null, orders[n % orders.length].id],
            user_id: [null, customers[n % customers.length]],
            restaurant_id: [null, t.ids.restaurantId],
          }),
        })),
      )
      .execute();
    const selects: string[] = [];
    const recorder: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (node.kind === 'SelectQueryNode') selects.push(node.kind);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const app = await buildApp({ db: t.db.withPlugin(recorder), jwtSecret: TEST_SECRET, version: TEST_VERSION });
    try {
      const page = async (perPage: number) => {
        selects.length = 0;
        const response = await app.inject({ method: 'GET', url: `/api/audit?entity=reviews&perPage=${perPage}`, headers: t.auth.admin });
        expect(response.statusCode, response.body).toBe(200);
        return { rows: response.json<AuditRecord[]>(), selects: selects.length };
      };
      await page(1);
      const small = await page(2);
      const large = await page(40);
      expect(large.rows).toHaveLength(40);
      expect(large.rows.every((row) => Object.keys(row.names).length === 3)).toBe(true);
      expect(large.rows[0].names[`orders:${orders[3].id}`]).toEqual({ name: orders[3].threadId, name_ru: null });
      // The page, its count, and one query for each of orders, people and restaurants.
      expect(large.selects).toBe(small.selects);
      expect(large.selects).toBeLessThanOrEqual(6);
    } finally {
      await app.close();
    }
  });
});
