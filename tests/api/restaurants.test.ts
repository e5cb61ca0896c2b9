import { describe, expect, it } from 'vitest';
import { Role } from '../../src/domain';
import { backends, createCity, createStaff, useStaffApp } from './harness';
import { multipart, PIXEL_PNG } from './photoUpload';

interface RestaurantJson {
  id: number;
  name: string;
  cityId: number;
  position: number;
  enabled: boolean;
  receipt_text: string;
  recentOrdersCount: number;
  minOrderSum: number;
  deliveryPrice: number;
  telegramFileId: string | null;
  workingDays: { value: number; enabled: boolean; schedule: string }[];
  selectedCuisines: number[];
  districtRestaurants: { districtId: number; enabled: boolean; price: number | null }[];
  notificationUser: { telegramId: number | null; username: string | null; name: string } | null;
}

const days = (schedule = '10:00-22:00') =>
  [1, 2, 3, 4, 5, 6, 7].map((value) => ({ value, enabled: value < 6, schedule: value < 6 ? schedule : '' }));

describe.each(backends)('restaurants on %s', (backend) => {
  const t = useStaffApp(backend);
  const { call } = t;

  const cityRows = async (cityId: number) => {
    const cuisine = await t.db
      .insertInto('cuisines')
      .values({ city_id: cityId, name: `Cuisine ${cityId}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const district = await t.db
      .insertInto('districts')
      .values({ city_id: cityId, name: `North ${cityId}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { cuisineId: cuisine.id, districtId: district.id };
  };

  const valid = (extra: Record<string, unknown> = {}) => ({
    name: 'Green Garden',
    name_ru: 'Зелёный сад',
    position: 2,
    minOrderSum: 10.5,
    deliveryPrice: 2.5,
    schedule: '10:00-22:00',
    deliveryTime: '45 min',
    address: 'Main street 5',
    canDelivery: true,
    ...extra,
  });

  const create = async (who: string, payload: Record<string, unknown>): Promise<RestaurantJson> => {
    const response = await call(who, 'POST', '/restaurants/', payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<RestaurantJson>();
  };

  it('a city admin creates a restaurant in their city with days, cuisines, district prices and a notification account', async () => {
    const { cuisineId, districtId } = await cityRows(t.ids.cityId);
    await t.db
      .insertInto('users')
      .values({ role_id: Role.USER, telegram_id: 777001, telegram_username: 'cook', name: 'Cook', auth_key: 'k'.repeat(32) })
      .execute();
    const created = await create(
      'cityadmin',
      valid({
        workingDays: days('10:00-14:00,23:00-02:00'),
        selectedCuisines: [cuisineId],
        districtRestaurants: [{ districtId, enabled: true, price: 3 }],
        notificationAccountTelegramId: 777001,
      }),
    );
    expect(created).toMatchObject({
      cityId: t.ids.cityId,
      minOrderSum: 10.5,
      deliveryPrice: 2.5,
      selectedCuisines: [cuisineId],
      districtRestaurants: [{ districtId, enabled: true, price: 3 }],
      notificationUser: { telegramId: 777001, username: 'cook', name: 'Cook' },
    });
    expect(created.workingDays).toHaveLength(7);
    expect(created.workingDays[0]).toEqual({ value: 1, enabled: true, schedule: '10:00-14:00,23:00-02:00' });
    expect((await call('cityadmin', 'GET', `/restaurants/${created.id}`)).json()).toEqual(created);
    // Not in another city, and never by an operator or owner.
    expect((await call('cityadmin', 'POST', '/restaurants/', valid({ cityId: t.ids.otherCityId }))).statusCode).toBe(403);
    expect((await call('operator', 'POST', '/restaurants/', valid())).statusCode).toBe(403);
    expect((await call('owner', 'POST', '/restaurants/', valid())).statusCode).toBe(403);
  });

  it('an admin must name the city; both FST_ codes land on their fields', async () => {
    const response = await call('admin', 'POST', '/restaurants/', valid());
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: 'cityId', message: 'Required' }));

    const { districtId } = await cityRows(t.ids.otherCityId);
    const missing = await call(
      'admin',
      'POST',
      '/restaurants/',
      valid({ cityId: t.ids.otherCityId, districtRestaurants: [{ districtId, enabled: true, price: null }] }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'FST_KEY_IS_MISSING', details: [{ field: 'districtRestaurants.0.price' }] });
    // A disabled district needs no price.
    await create('admin', valid({ cityId: t.ids.otherCityId, districtRestaurants: [{ districtId, enabled: false }] }));

    const nobody = await call('admin', 'POST', '/restaurants/', valid({ cityId: t.ids.otherCityId, notificationAccountTelegramId: 999 }));
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json()).toMatchObject({
      code: 'FST_NOTIFICATION_ACCOUNT_NOT_FOUND',
      details: [{ field: 'notificationAccountTelegramId' }],
    });
    const onEdit = await call('admin', 'PUT', `/restaurants/${t.ids.restaurantId}`, { notificationAccountTelegramId: 999 });
    expect(onEdit.json()).toMatchObject({ code: 'FST_NOTIFICATION_ACCOUNT_NOT_FOUND' });
  });

  it('checks every rule of the add and edit forms with its message before writing', async () => {
    const before = (await call('admin', 'GET', '/restaurants')).json<RestaurantJson[]>().length;
    const city = { cityId: t.ids.cityId };
    await t.expectFieldErrors('POST', '/restaurants/', [
      [valid({ ...city, name: 'ab' }), 'name', 'must be more than 3 and less than 256'],
      [valid({ ...city, name_ru: 'x'.repeat(256) }), 'name_ru', 'must be more than 3 and less than 256'],
      [valid({ ...city, name: undefined }), 'name', 'Required'],
      [valid({ ...city, position: undefined }), 'position', 'Required'],
      [valid({ ...city, minOrderSum: undefined }), 'minOrderSum', 'Required'],
      [valid({ ...city, schedule: '' }), 'schedule', 'Required'],
      [valid({ ...city, schedule: '10-22' }), 'schedule', 'must look like 10:00-22:00, or two windows such as 10:00-14:00,18:00-02:00'],
      [
        valid({ ...city, schedule: '25:00-26:00' }),
        'schedule',
        'must look like 10:00-22:00, or two windows such as 10:00-14:00,18:00-02:00',
      ],
      [valid({ ...city, deliveryTime: '' }), 'deliveryTime', 'Required'],
      [valid({ ...city, address: '' }), 'address', 'Required'],
      [valid({ ...city, address: 'x'.repeat(256) }), 'address', 'must be less than 256 symbols'],
      [valid({ ...city, description: 'x'.repeat(512) }), 'description', 'must be less than 512 symbols'],
      [valid({ ...city, description_ru: 'x'.repeat(512) }), 'description_ru', 'must be less than 512 symbols'],
      [valid({ ...city, receipt_text: 'x'.repeat(128) }), 'receipt_text', 'must be less than 128 symbols'],
      [valid({ ...city, deliveryPrice: null, canDelivery: true }), 'deliveryPrice', 'Required'],
      [valid({ ...city, notificationAccountTelegramId: 'abc' }), 'notificationAccountTelegramId', 'must be a numeric messenger id'],
      [
        valid({ ...city, workingDays: [{ value: 1, enabled: true, schedule: '9:00' }] }),
        'workingDays.0.schedule',
        'must look like 10:00-22:00, or two windows such as 10:00-14:00,18:00-02:00',
      ],
      [valid({ ...city, workingDays: [{ value: 8, enabled: false, schedule: '' }] }), 'workingDays.0.value', 'must be between 1 and 7'],
    ]);
    // Floats on add: 10.5 is a price; integers on update.
    const id = t.ids.restaurantId;
    await t.expectFieldErrors('PUT', `/restaurants/${id}`, [
      [{ name: 'ab' }, 'name', 'must be more than 3 and less than 256'],
      [{ address: '' }, 'address', 'Required'],
      [{ deliveryTime: 'x'.repeat(256) }, 'deliveryTime', 'must be less than 256 symbols'],
      [{ receipt_text_ru: 'x'.repeat(128) }, 'receipt_text_ru', 'must be less than 128 symbols'],
      [{ minOrderSum: 1.5 }, 'minOrderSum', 'must be a whole number'],
      [{ schedule: '22:00' }, 'schedule', 'must look like 10:00-22:00, or two windows such as 10:00-14:00,18:00-02:00'],
      [{ workingDays: [{ value: 2, enabled: true, schedule: '' }] }, 'workingDays.0.schedule', 'Required'],
      [{}, 'body', 'name at least one field to change'],
    ]);
    expect((await call('admin', 'GET', '/restaurants')).json<RestaurantJson[]>().length).toBe(before);
    // A window across midnight is fine, and an empty schedule is allowed on edit.
    expect((await call('admin', 'PUT', `/restaurants/${id}`, { schedule: '23:00-02:00' })).statusCode).toBe(200);
  });

  it('enforces the field rules of each role: 403 naming the field, unchanged values pass', async () => {
    const id = t.ids.restaurantId;
    const current = (await call('admin', 'GET', `/restaurants/${id}`)).json<RestaurantJson>();
    const refused = async (who: string, body: Record<string, unknown>, field: string) => {
      const response = await call(who, 'PUT', `/restaurants/${id}`, body);
      expect(response.statusCode, `${who} ${field}`).toBe(403);
      expect(response.json()).toMatchObject({ code: 'RESTAURANT_FIELD_REFUSED', args: { field } });
    };
    await refused('operator', { name: 'Renamed by operator' }, 'name');
    await refused('operator', { position: 9 }, 'position');
    await refused('cityadmin', { name: 'Renamed by city admin' }, 'name');
    await refused('owner', { minOrderSum: 99 }, 'minOrderSum');
    await refused('owner', { enabled: !current.enabled }, 'enabled');

    // The whole record sent back unchanged, with one allowed change, is taken.
    const operatorSave = await call('operator', 'PUT', `/restaurants/${id}`, {
      name: current.name,
      position: current.position,
      receipt_text: 'Thank you!',
      receipt_text_ru: 'Спасибо!',
    });
    expect(operatorSave.statusCode, operatorSave.body).toBe(200);
    expect(operatorSave.json().receipt_text).toBe('Thank you!');
    expect((await call('cityadmin', 'PUT', `/restaurants/${id}`, { position: 7, enabled: false })).json()).toMatchObject({
      position: 7,
      enabled: false,
    });
    expect((await call('owner', 'PUT', `/restaurants/${id}`, { description: 'Home cooking', workingDays: days() })).statusCode).toBe(200);

    // Other cities and other restaurants are out of reach.
    const elsewhere = await create('admin', valid({ cityId: t.ids.otherCityId }));
    expect((await call('cityadmin', 'PUT', `/restaurants/${elsewhere.id}`, { position: 1 })).statusCode).toBe(404);
    expect((await call('operator', 'GET', `/restaurants/${elsewhere.id}`)).statusCode).toBe(404);
    const sibling = await create('admin', valid({ cityId: t.ids.cityId, name: 'Sibling kitchen' }));
    expect((await call('owner', 'GET', `/restaurants/${sibling.id}`)).statusCode).toBe(404);
    expect((await call('owner', 'PUT', `/restaurants/${sibling.id}`, { description: 'x' })).statusCode).toBe(404);
    expect((await call('owner', 'GET', `/restaurants/${id}`)).statusCode).toBe(200);
    expect((await call('owner', 'GET', `/restaurants/city/${t.ids.cityId}`)).statusCode).toBe(403);
    expect((await call('cityadmin', 'GET', `/restaurants/city/${t.ids.otherCityId}`)).statusCode).toBe(404);
  });

  it('sorts by orders of the last 30 days at CONFIRMED or above, then position, then name; filters by enabled', async () => {
    const cityId = await createCity(t.db);
    await createStaff(t.db, { username: 'sorter', roleId: Role.ADMIN });
    const a = await create('admin', valid({ cityId, name: 'Bravo', position: 1 }));
    const b = await create('admin', valid({ cityId, name: 'Alpha', position: 1 }));
    const c = await create('admin', valid({ cityId, name: 'Charlie', position: 0, enabled: false }));
    const busy = await create('admin', valid({ cityId, name: 'Zulu', position: 9 }));
    const customer = await t.db
      .insertInto('users')
      .values({ role_id: Role.USER, name: 'Customer', auth_key: 'c'.repeat(32) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = (restaurantId: number, status: number, daysAgo: number) => ({
      thread_id: String(100000000 + Math.floor(Math.random() * 899999999)),
      city_id: cityId,
      user_id: customer.id,
      restaurant_id: restaurantId,
      currency: 'EUR',
      status,
      created_at: new Date(Date.now() - daysAgo * 86400000),
    });
    await t.db
      .insertInto('orders')
      .values([order(busy.id, 30, 1), order(busy.id, 60, 29), order(a.id, 10, 1), order(a.id, 30, 31), order(a.id, 30, 40)])
      .execute();
    const listed = (await call('admin', 'GET', `/restaurants/city/${cityId}`)).json<RestaurantJson[]>();
    expect(listed.map((r) => [r.name, r.recentOrdersCount])).toEqual([
      ['Zulu', 2],
      ['Charlie', 0],
      ['Alpha', 0],
      ['Bravo', 0],
    ]);
    expect((await call('admin', 'GET', `/restaurants/city/${cityId}?enabled=true`)).json<RestaurantJson[]>().map((r) => r.id)).toEqual([
      busy.id,
      b.id,
      a.id,
    ]);
    expect((await call('admin', 'GET', `/restaurants/city/${cityId}?enabled=false`)).json<RestaurantJson[]>().map((r) => r.id)).toEqual([
      c.id,
    ]);
    const all = (await call('admin', 'GET', '/restaurants?enabled=false')).json<RestaurantJson[]>();
    expect(all.map((r) => r.id)).toContain(c.id);
    expect(all.every((r) => !r.enabled)).toBe(true);
    // A city admin sees only their city.
    const own = (await call('cityadmin', 'GET', '/restaurants')).json<RestaurantJson[]>();
    expect(own.every((r) => r.cityId === t.ids.cityId)).toBe(true);
  });

  it('only an admin deletes; a deleted restaurant leaves the lists but its orders keep it', async () => {
    const doomed = await create('admin', valid({ cityId: t.ids.cityId, name: 'Closing soon' }));
    const customer = await t.db
      .insertInto('users')
      .values({ role_id: Role.USER, name: 'Buyer', auth_key: 'b'.repeat(32) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = await t.db
      .insertInto('orders')
      .values({ thread_id: '123123123', city_id: t.ids.cityId, user_id: customer.id, restaurant_id: doomed.id, currency: 'EUR' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await call('cityadmin', 'DELETE', `/restaurants/${doomed.id}`)).statusCode).toBe(403);
    expect((await call('operator', 'DELETE', `/restaurants/${doomed.id}`)).statusCode).toBe(403);
    expect((await call('admin', 'DELETE', `/restaurants/${doomed.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/restaurants/${doomed.id}`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', '/restaurants')).json<RestaurantJson[]>().map((r) => r.id)).not.toContain(doomed.id);
    const kept = await t.db
      .selectFrom('orders')
      .innerJoin('restaurants', 'restaurants.id', 'orders.restaurant_id')
      .select('restaurants.name')
      .where('orders.id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(kept.name).toBe('Closing soon');
  });

  it('a deleted restaurant no longer keeps its cuisine or district from being deleted; a live one does', async () => {
    const { cuisineId, districtId } = await cityRows(t.ids.cityId);
    const uses = { selectedCuisines: [cuisineId], districtId, districtRestaurants: [{ districtId, enabled: true, price: 3 }] };
    const live = await create('admin', valid({ cityId: t.ids.cityId, name: 'Still open', ...uses }));
    const gone = await create('admin', valid({ cityId: t.ids.cityId, name: 'Closed down', ...uses }));
    expect((await call('admin', 'DELETE', `/restaurants/${gone.id}`)).statusCode).toBe(200);

    const cuisineInUse = await call('admin', 'DELETE', `/cuisines/${cuisineId}`);
    expect(cuisineInUse.statusCode).toBe(409);
    expect(cuisineInUse.json().message).toContain('1 restaurant');
    const districtInUse = await call('admin', 'DELETE', `/districts/${districtId}`);
    expect(districtInUse.statusCode).toBe(409);
    expect(districtInUse.json().message).toContain('1 restaurant delivery price, 1 restaurant');

    expect((await call('admin', 'DELETE', `/restaurants/${live.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', `/cuisines/${cuisineId}`)).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', `/districts/${districtId}`)).statusCode).toBe(200);
  });

  it('PUT /restaurants/{id}/photo stores the photo for those who may change it', async () => {
    const id = t.ids.restaurantId;
    const upload = (who: string) => {
      const { payload, headers } = multipart([{ field: 'photo', name: 'pixel.png', type: 'image/png', data: PIXEL_PNG }]);
      return t.app.inject({ method: 'PUT', url: `/api/restaurants/${id}/photo`, headers: { ...t.auth[who], ...headers }, payload });
    };
    const response = await upload('owner');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().telegramFileId).toEqual(expect.any(String));
    expect((await upload('operator')).statusCode).toBe(403);
  });
});
