import { describe, expect, it } from 'vitest';
import { CITY_CONFIG_DEFAULTS, CITY_SETUP_ITEMS, Role, type CitySetup } from '../../src/domain';
import { backends, createRestaurant, createStaff, useStaffApp } from './harness';

const item = (setup: CitySetup, id: string) => setup.items.find((x) => x.id === id);

describe.each(backends)('a new city: its defaults and its setup checklist on %s', (backend) => {
  const t = useStaffApp(backend);
  const { call } = t;

  it('creating a city writes every default, and its checklist names what it still lacks', async () => {
    const created = await call('admin', 'POST', '/cities', { name: 'Lisbon', currency: 'EUR' });
    expect(created.statusCode).toBe(201);
    const cityId: number = created.json().id;
    const config = (await call('admin', 'GET', `/config/${cityId}`)).json() as { key: string; value: string }[];
    expect(Object.fromEntries(config.map((pair) => [pair.key, pair.value]))).toEqual(CITY_CONFIG_DEFAULTS);

    const setup = await call('admin', 'GET', `/cities/${cityId}/setup`);
    expect(setup.statusCode).toBe(200);
    const body = setup.json<CitySetup>();
    expect(body.cityId).toBe(cityId);
    expect(body.items.map((x) => x.id)).toEqual([...CITY_SETUP_ITEMS]);
    expect(body.items.every((x) => !x.done)).toBe(true);
    // Only what no default can say: the time shift, the two channels of the orders, and (inactive) the reason.
    expect(item(body, 'settings')?.missing).toEqual(['cityDisabledReason', 'timeShift', 'notifyChannelId', 'courierChannelId']);
    expect(item(body, 'channels')?.missing).toEqual(['reviewChannelId', 'adChatId']);
  });

  it('each part is done once the city has it; a restaurant counts once it has a dish', async () => {
    const cityId: number = (await call('admin', 'POST', '/cities', { name: 'Faro', currency: 'EUR', active: true })).json().id;
    await call('admin', 'PUT', `/config/${cityId}`, [
      { key: 'timeShift', value: '0' },
      { key: 'notifyChannelId', value: '-1001' },
      { key: 'courierChannelId', value: '-1002' },
      { key: 'reviewChannelId', value: '-1003' },
    ]);
    await t.db.insertInto('districts').values({ city_id: cityId, name: 'Centre', name_ru: '' }).execute();
    await t.db.insertInto('tags').values({ city_id: cityId, name: 'Vegan', name_ru: '' }).execute();
    const restaurantId = await createRestaurant(t.db, cityId, 'Sardinha');
    const second = await createRestaurant(t.db, cityId, 'Polvo');
    await createStaff(t.db, { username: 'faro_operator', roleId: Role.OPERATOR, cityId });
    const category = await t.db
      .insertInto('dish_categories')
      .values({ restaurant_id: restaurantId, name: 'Fish', name_ru: 'Рыба', position: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('dishes')
      .values({ dish_category_id: category.id, name: 'Sardines', name_ru: 'Сардины', description: 'Grilled', description_ru: '', price: 9 })
      .execute();

    const setup = (await call('admin', 'GET', `/cities/${cityId}/setup`)).json<CitySetup>();
    const done = Object.fromEntries(setup.items.map((x) => [x.id, x.done]));
    expect(done).toEqual({
      settings: true,
      districts: true,
      bot: false,
      cuisines: false,
      tags: true,
      restaurants: false,
      staff: true,
      channels: false,
    });
    expect(item(setup, 'restaurants')).toMatchObject({ count: 2, pending: 1, targetId: second });
    expect(item(setup, 'channels')?.missing).toEqual(['adChatId']);
    expect(item(setup, 'districts')?.count).toBe(1);
  });

  it('admins read any city’s checklist, city admins their own, the others none', async () => {
    expect((await call('admin', 'GET', `/cities/${t.ids.otherCityId}/setup`)).statusCode).toBe(200);
    const own = await call('cityadmin', 'GET', `/cities/${t.ids.cityId}/setup`);
    expect(own.statusCode).toBe(200);
    // The seeded city has its city admin and operator, and one restaurant without a dish.
    expect(item(own.json<CitySetup>(), 'staff')).toMatchObject({ done: true, count: 2 });
    expect(item(own.json<CitySetup>(), 'restaurants')).toMatchObject({ done: false, count: 1, pending: 1, targetId: t.ids.restaurantId });
    expect((await call('cityadmin', 'GET', `/cities/${t.ids.otherCityId}/setup`)).statusCode).toBe(404);
    expect((await call('operator', 'GET', `/cities/${t.ids.cityId}/setup`)).statusCode).toBe(403);
    expect((await call('owner', 'GET', `/cities/${t.ids.cityId}/setup`)).statusCode).toBe(403);
    expect((await call('admin', 'GET', '/cities/999999/setup')).statusCode).toBe(404);
    expect((await call('admin', 'GET', '/cities/abc/setup')).statusCode).toBe(400);
  });
});
