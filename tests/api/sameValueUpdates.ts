import { sql } from 'kysely';
import { Role } from '../../src/domain';
import { createStaff, type Method, type StaffApp } from './harness';
import { createCustomer, createOrder } from './orderFixtures';

/**
 * Saves that change nothing, on every update of the contract: each field sent alone with the
 * value it has, then all of them at once. Each must answer 200 with the record as it was
 * (its time included: nothing is written). The answer is the list of what did not.
 */
type Call = StaffApp['call'];
type Body = Record<string, unknown>;

interface Operation {
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

/** Updates answered by a GET of the same path, checked field by field from the contract. */
const RECORD_PATHS = /^\/api\/(\w+)\/\{id\}$/;
/** Updates checked by hand below, and the two that always change something (a new photo, a new pause). */
const BY_HAND = [
  '/api/config/{cityId}',
  '/api/cities/{cityId}/orderTimers',
  '/api/superadmin/globalSettings',
  '/api/orders/{id}',
  '/api/reviews/{id}',
  '/api/users/{id}/address',
];
const NOT_SAVES = ['/api/restaurants/{id}/photo', '/api/restaurants/{id}/pause'];

const week = [1, 2, 3, 4, 5, 6, 7].map((value) => ({ value, enabled: value < 6, schedule: value < 6 ? '10:00-22:00' : '' }));

async function fixtures(t: Pick<StaffApp, 'db' | 'ids' | 'call'>): Promise<Record<string, number>> {
  const made = async (url: string, body: Body): Promise<number> => {
    const response = await t.call('admin', 'POST', url, body);
    if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json<{ id: number }>().id;
  };
  const cityId = t.ids.cityId;
  const ids: Record<string, number> = { cities: cityId };
  ids.tags = await made('/tags', { cityId, name: 'Same tag' });
  ids.districts = await made('/districts', { cityId, name: 'Same district' });
  ids.cuisines = await made('/cuisines', { cityId, name: 'Same cuisine', position: 3 });
  ids.cannedReplies = await made('/cannedReplies', { cityId, title: 'Same reply', text: 'Order {order}', text_ru: 'Заказ {order}' });
  ids.bots = await made('/bots', { cityId: t.ids.otherCityId, botToken: `654321:${'S'.repeat(35)}` });
  ids.restaurants = await made('/restaurants', {
    cityId,
    name: 'Same kitchen',
    name_ru: 'Same kitchen',
    position: 2,
    minOrderSum: 10,
    deliveryPrice: 3,
    address: 'Same street 1',
    schedule: '10:00-22:00',
    deliveryTime: '45 min',
    canDelivery: true,
    workingDays: week,
    selectedCuisines: [ids.cuisines],
  });
  ids.dishCategories = await made('/dishCategories', {
    restaurantId: ids.restaurants,
    name: 'Soups',
    name_ru: 'Soups',
    position: 1,
    startDisplayingAt: '10:00',
    stopDisplayingAt: '12:30',
  });
  ids.dishes = await made('/dishes', {
    dishCategoryId: ids.dishCategories,
    name: 'Borscht',
    position: 1,
    description: 'Beet soup',
    description_ru: 'Beet soup',
    price: 7.5,
    tags: [ids.tags],
  });
  await t.db
    .insertInto('city_configs')
    .values({ city_id: cityId, key: 'adChatId', value: '-1001234567890' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  ids.advertisements = await made('/advertisements', {
    text: 'Same ad',
    restaurantId: ids.restaurants,
    publishTimestamp: new Date(Date.now() + 3_600_000).toISOString(),
    unpublishTimestamp: new Date(Date.now() + 7_200_000).toISOString(),
  });
  // The case of the report: a courier saved with the role they have.
  ids.users = await createStaff(t.db, { username: 'same-courier', roleId: Role.COURIER, cityId });
  return ids;
}

export async function sameValueFailures(t: Pick<StaffApp, 'db' | 'app' | 'ids' | 'auth' | 'call'>): Promise<string[]> {
  const failures: string[] = [];
  const ids = await fixtures(t);
  /** Sends each body twice (the first may be the first save) and expects `read()` as before each time. */
  const expectNoChange = async (url: string, bodies: unknown[], read: () => Promise<unknown>, method: Method = 'PUT', who = 'admin') => {
    for (const body of bodies) {
      const before = JSON.stringify(await read());
      for (const attempt of [1, 2]) {
        const response = await t.call(who, method, url, body);
        const after = JSON.stringify(await read());
        if (response.statusCode !== 200 || after !== before) {
          failures.push(
            `${method} ${url} ${JSON.stringify(body).slice(0, 120)} (#${attempt}) -> ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
        }
      }
    }
  };
  const get = (call: Call, url: string) => async () => (await call('admin', 'GET', url)).json<unknown>();

  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  for (const [path, operations] of Object.entries(document.paths)) {
    const put = operations.put;
    if (!put || BY_HAND.includes(path) || NOT_SAVES.includes(path)) continue;
    const area = RECORD_PATHS.exec(path)?.[1];
    if (!area || ids[area] === undefined) {
      failures.push(`PUT ${path}: not covered (add it here)`);
      continue;
    }
    const url = `/${area}/${ids[area]}`;
    const record = await get(t.call, url)();
    if (typeof record !== 'object' || record === null) throw new Error(`GET ${url} answered ${JSON.stringify(record)}`);
    const stored = Object.entries(record);
    const fields = Object.keys(put.requestBody?.content?.['application/json']?.schema?.properties ?? {});
    const same = stored.filter(([key]) => fields.includes(key));
    // The record answered by the update is the record read: compared through a GET after each save.
    await expectNoChange(url, [...same.map(([key, value]) => ({ [key]: value })), Object.fromEntries(same)], get(t.call, url));
  }

  const cityId = t.ids.cityId;
  await t.call('admin', 'PUT', `/config/${cityId}`, [{ key: 'deliveryMultiplier', value: '1.5' }]);
  await expectNoChange(`/config/${cityId}`, [[{ key: 'deliveryMultiplier', value: '1.5' }]], get(t.call, `/config/${cityId}`));
  await t.call('admin', 'PUT', `/cities/${cityId}/orderTimers`, { new: 7 });
  await expectNoChange(`/cities/${cityId}/orderTimers`, [{ new: 7 }], get(t.call, `/cities/${cityId}/orderTimers`));
  await t.call('admin', 'PUT', '/superadmin/globalSettings', { publicUrl: 'https://same.example.com' });
  await expectNoChange(
    '/superadmin/globalSettings',
    [{ publicUrl: 'https://same.example.com' }],
    get(t.call, '/superadmin/globalSettings'),
  );
  await t.call('admin', 'POST', '/language/es', { data: { 'menu.orders': 'Los mismos pedidos' } });
  await expectNoChange('/language/es', [{ data: { 'menu.orders': 'Los mismos pedidos' } }], get(t.call, '/language/es'), 'POST');

  const customerId = await createCustomer(t.db, cityId);
  const courierId = ids.users;
  const order = await createOrder(t.db, { cityId, restaurantId: t.ids.restaurantId, userId: customerId, status: 10, courierId });
  const orderRow = async () =>
    sql`SELECT status, courier_id, updated_at FROM orders WHERE id = ${order.id}`.execute(t.db).then((result) => result.rows);
  await expectNoChange(`/orders/${order.id}`, [{ status: 10 }, { courierId }, { status: 10, courierId }], orderRow);
  const mutation = `mutation { updateOrder(id: ${order.id}, order: { status: 10 }) { status } }`;
  for (const attempt of [1, 2]) {
    const before = JSON.stringify(await orderRow());
    const response = await t.app.inject({ method: 'POST', url: '/graphql', headers: t.auth.admin, payload: { query: mutation } });
    if (response.json<{ data?: unknown }>().data === null || JSON.stringify(await orderRow()) !== before) {
      failures.push(`graphql updateOrder (#${attempt}) -> ${response.body.slice(0, 200)}`);
    }
  }
  await t.db.updateTable('users').set({ address: '1 Same Street' }).where('id', '=', customerId).execute();
  await expectNoChange(`/users/${customerId}/address`, [{ address: '1 Same Street' }], async () =>
    t.db.selectFrom('users').select(['address', 'additional_address']).where('id', '=', customerId).execute(),
  );

  const { id: reviewId } = await t.db
    .insertInto('reviews')
    .values({ order_id: order.id, text: 'Tasty', rating: 5, approved_at: new Date(), published_at: new Date(), answer: 'Thank you' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const review = async () => ({
    row: await t.db.selectFrom('reviews').selectAll().where('id', '=', reviewId).execute(),
    events: await t.db.selectFrom('events').select('id').execute(),
  });
  await expectNoChange(`/reviews/${reviewId}`, [{ text: 'Thank you' }], review);
  return failures;
}
