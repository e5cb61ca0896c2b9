import { describe, expect, it } from 'vitest';
import { newAuthKey } from '../../server/auth/password';
import { Role } from '../../src/domain';
import { backends, createRestaurant, type FieldErrorCase, useStaffApp } from './harness';

describe.each(backends)('districts on %s', (backend) => {
  const t = useStaffApp(backend);
  const { call } = t;

  const create = async (who: string, payload: Record<string, unknown>) => {
    const response = await call(who, 'POST', '/districts/', payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; cityId: number; name: string; name_ru: string };
  };

  it('an admin creates, lists, reads, renames and deletes a district in any city', async () => {
    const created = await call('admin', 'POST', '/districts/', { cityId: t.ids.otherCityId, name: 'Old town', name_ru: 'Старый город' });
    expect(created.statusCode).toBe(201);
    const district = created.json();
    expect(district).toEqual({ id: expect.any(Number), cityId: t.ids.otherCityId, name: 'Old town', name_ru: 'Старый город' });
    // The path without the trailing slash is the same call.
    const second = await call('admin', 'POST', '/districts', { cityId: t.ids.otherCityId, name: 'Harbour' });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ name: 'Harbour', name_ru: '' });

    expect((await call('admin', 'GET', `/districts/${district.id}`)).json()).toEqual(district);
    expect((await call('admin', 'GET', `/cities/${t.ids.otherCityId}/districts`)).json()).toEqual([second.json(), district]);
    expect((await call('admin', 'GET', `/districts/plain/${t.ids.otherCityId}`)).json()).toEqual([
      { id: second.json().id, name: 'Harbour', name_ru: '' },
      { id: district.id, name: 'Old town', name_ru: 'Старый город' },
    ]);

    const renamed = await call('admin', 'PUT', `/districts/${district.id}`, { name: 'Centre', name_ru: 'Центр' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...district, name: 'Centre', name_ru: 'Центр' });
    expect((await call('admin', 'PUT', `/districts/${district.id}`, {})).json()).toMatchObject({
      statusCode: 400,
      details: [{ field: 'body', message: 'name at least one field to change' }],
    });

    const deleted = await call('admin', 'DELETE', `/districts/${district.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual(renamed.json());
    expect((await call('admin', 'GET', `/districts/${district.id}`)).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/districts/${district.id}`)).statusCode).toBe(404);
  });

  it('a city admin manages the districts of their own city only', async () => {
    const own = await create('cityadmin', { name: 'North' });
    expect(own.cityId).toBe(t.ids.cityId);
    expect((await create('cityadmin', { name: 'South', cityId: t.ids.cityId })).cityId).toBe(t.ids.cityId);
    const other = await create('admin', { name: 'Elsewhere', cityId: t.ids.otherCityId });

    expect((await call('cityadmin', 'GET', `/cities/${t.ids.cityId}/districts`)).json().map((d: { id: number }) => d.id)).toContain(own.id);
    expect((await call('cityadmin', 'PUT', `/districts/${own.id}`, { name: 'Far north' })).json().name).toBe('Far north');

    expect((await call('cityadmin', 'POST', '/districts/', { name: 'X', cityId: t.ids.otherCityId })).statusCode).toBe(403);
    expect((await call('cityadmin', 'GET', `/cities/${t.ids.otherCityId}/districts`)).statusCode).toBe(404);
    expect((await call('cityadmin', 'GET', `/districts/plain/${t.ids.otherCityId}`)).statusCode).toBe(404);
    expect((await call('cityadmin', 'GET', `/districts/${other.id}`)).statusCode).toBe(404);
    expect((await call('cityadmin', 'PUT', `/districts/${other.id}`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await call('cityadmin', 'DELETE', `/districts/${other.id}`)).statusCode).toBe(403);
    expect((await call('cityadmin', 'PUT', `/districts/${own.id}`, { cityId: t.ids.otherCityId })).statusCode).toBe(403);
    expect((await call('admin', 'GET', `/districts/${other.id}`)).json().name).toBe('Elsewhere');
    expect((await call('admin', 'GET', `/districts/${own.id}`)).json().cityId).toBe(t.ids.cityId);

    expect((await call('cityadmin', 'DELETE', `/districts/${own.id}`)).statusCode).toBe(200);
  });

  it('operators and owners read their city’s districts and change nothing', async () => {
    const district = await create('admin', { name: 'Riverside', cityId: t.ids.cityId });
    const other = await create('admin', { name: 'Hills', cityId: t.ids.otherCityId });
    for (const who of ['operator', 'owner']) {
      const list = await call(who, 'GET', `/cities/${t.ids.cityId}/districts`);
      expect(list.statusCode, who).toBe(200);
      expect(list.json(), who).toContainEqual(district);
      expect((await call(who, 'GET', `/districts/plain/${t.ids.cityId}`)).json(), who).toContainEqual({
        id: district.id,
        name: 'Riverside',
        name_ru: '',
      });
      expect((await call(who, 'GET', `/districts/${district.id}`)).json(), who).toEqual(district);
      expect((await call(who, 'GET', `/cities/${t.ids.otherCityId}/districts`)).statusCode, who).toBe(404);
      expect((await call(who, 'GET', `/districts/plain/${t.ids.otherCityId}`)).statusCode, who).toBe(404);
      expect((await call(who, 'GET', `/districts/${other.id}`)).statusCode, who).toBe(404);
      expect((await call(who, 'POST', '/districts/', { name: 'Nope', cityId: t.ids.cityId })).statusCode, who).toBe(403);
      expect((await call(who, 'PUT', `/districts/${district.id}`, { name: 'Nope' })).statusCode, who).toBe(403);
      expect((await call(who, 'DELETE', `/districts/${district.id}`)).statusCode, who).toBe(403);
    }
    expect((await call('admin', 'GET', `/districts/${district.id}`)).json()).toEqual(district);
  });

  it('rejects each invalid field with its message and writes nothing', async () => {
    const count = async () => (await call('admin', 'GET', `/cities/${t.ids.otherCityId}/districts`)).json().length;
    const before = await count();
    const cases: FieldErrorCase[] = [
      [{ cityId: t.ids.otherCityId }, 'name', 'Required'],
      [{ name: '', cityId: t.ids.otherCityId }, 'name', 'Required'],
      [{ name: '   ', cityId: t.ids.otherCityId }, 'name', 'Required'],
      [{ name: 'x'.repeat(256), cityId: t.ids.otherCityId }, 'name', 'must be less than 256 symbols'],
      [{ name: 'Ok', name_ru: 'x'.repeat(256), cityId: t.ids.otherCityId }, 'name_ru', 'must be less than 256 symbols'],
      [{ name: 42, cityId: t.ids.otherCityId }, 'name', 'must be text'],
      [{ name: 'Ok', name_ru: true, cityId: t.ids.otherCityId }, 'name_ru', 'must be text'],
      [{ name: 'Ok' }, 'cityId', 'Required'],
      [{ name: 'Ok', cityId: 'one' }, 'cityId', 'must be chosen from the list'],
      [{ name: 'Ok', cityId: 0 }, 'cityId', 'must be chosen from the list'],
      [{ name: 'Ok', cityId: 1.5 }, 'cityId', 'must be a whole number'],
      [{ name: 'Ok', cityId: 999999 }, 'cityId', 'no such city'],
    ];
    await t.expectFieldErrors('POST', '/districts/', cases);
    expect(await count()).toBe(before);

    const district = await create('admin', { name: 'Kept', cityId: t.ids.otherCityId });
    for (const [payload, field, message] of [
      [{ name: '' }, 'name', 'Required'],
      [{ name: 'x'.repeat(300) }, 'name', 'must be less than 256 symbols'],
      [{ name_ru: 7 }, 'name_ru', 'must be text'],
      [{ cityId: 999999 }, 'cityId', 'no such city'],
    ] as const) {
      const response = await call('admin', 'PUT', `/districts/${district.id}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().details).toContainEqual(expect.objectContaining({ field, message }));
    }
    expect((await call('admin', 'GET', `/districts/${district.id}`)).json()).toEqual(district);
  });

  it('bad JSON, a body that is not an object and bad ids give 400; unknown districts 404', async () => {
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/districts/',
      headers: { ...t.auth.admin, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect((await call('admin', 'POST', '/districts/', [1, 2])).statusCode).toBe(400);
    const jsonText = await t.app.inject({
      method: 'POST',
      url: '/api/districts/',
      headers: { ...t.auth.admin, 'content-type': 'application/json' },
      payload: '"text"',
    });
    expect(jsonText.statusCode).toBe(400);
    expect(jsonText.json().message).toBe('The body must be a JSON object');
    expect((await call('admin', 'GET', '/districts/abc')).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/districts/-3')).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/cities/0/districts')).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/districts/plain/x')).statusCode).toBe(400);
    expect((await call('admin', 'PUT', '/districts/abc', { name: 'x' })).statusCode).toBe(400);
    expect((await call('admin', 'DELETE', '/districts/1.5')).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/districts/999999')).statusCode).toBe(404);
    expect((await call('admin', 'PUT', '/districts/999999', { name: 'x' })).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', '/districts/999999')).statusCode).toBe(404);
  });

  it('refuses to delete or move a district that prices, restaurants or orders still refer to', async () => {
    const district = await create('admin', { name: 'Busy', cityId: t.ids.cityId });
    const restaurantId = await createRestaurant(t.db, t.ids.cityId, 'District kitchen');
    const otherRestaurantId = await createRestaurant(t.db, t.ids.cityId, 'Second kitchen');
    await t.db.updateTable('restaurants').set({ district_id: district.id }).where('id', '=', restaurantId).execute();
    await t.db
      .insertInto('district_restaurants')
      .values([
        { restaurant_id: restaurantId, district_id: district.id, enabled: true, price: 5 },
        { restaurant_id: otherRestaurantId, district_id: district.id, enabled: false, price: null },
      ])
      .execute();
    const customer = await t.db
      .insertInto('users')
      .values({ role_id: Role.USER, auth_key: newAuthKey(), telegram_id: 7001, name: 'Customer' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = await t.db
      .insertInto('orders')
      .values({
        thread_id: 'D00000001',
        city_id: t.ids.cityId,
        user_id: customer.id,
        restaurant_id: restaurantId,
        district_id: district.id,
        currency: 'EUR',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const refused = await call('cityadmin', 'DELETE', `/districts/${district.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ statusCode: 409, code: 'DISTRICT_IN_USE', args: { name: 'Busy' } });
    expect(refused.json().message).toBe(
      'District "Busy" cannot be deleted: it is still used by 2 restaurant delivery prices, 1 restaurant, 1 order. Remove those references first.',
    );
    const moved = await call('admin', 'PUT', `/districts/${district.id}`, { cityId: t.ids.otherCityId });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toContain('cannot move to another city');
    expect((await call('admin', 'GET', `/districts/${district.id}`)).json()).toEqual(district);

    // Each reference on its own is enough to keep the district.
    await t.db.deleteFrom('district_restaurants').where('district_id', '=', district.id).execute();
    await t.db.updateTable('restaurants').set({ district_id: null }).where('id', '=', restaurantId).execute();
    const orderOnly = await call('admin', 'DELETE', `/districts/${district.id}`);
    expect(orderOnly.statusCode).toBe(409);
    expect(orderOnly.json().message).toContain('used by 1 order.');

    await t.db.updateTable('orders').set({ district_id: null }).where('id', '=', order.id).execute();
    await t.db.updateTable('restaurants').set({ district_id: district.id }).where('id', '=', restaurantId).execute();
    expect((await call('admin', 'DELETE', `/districts/${district.id}`)).json().message).toContain('used by 1 restaurant.');

    await t.db.updateTable('restaurants').set({ district_id: null }).where('id', '=', restaurantId).execute();
    await t.db.insertInto('district_restaurants').values({ restaurant_id: restaurantId, district_id: district.id, price: 3 }).execute();
    expect((await call('admin', 'DELETE', `/districts/${district.id}`)).json().message).toContain('used by 1 restaurant delivery price.');

    await t.db.deleteFrom('district_restaurants').where('district_id', '=', district.id).execute();
    expect((await call('admin', 'DELETE', `/districts/${district.id}`)).statusCode).toBe(200);
  });

  it('an unused district may move to another city', async () => {
    const district = await create('admin', { name: 'Wandering', cityId: t.ids.cityId });
    const moved = await call('admin', 'PUT', `/districts/${district.id}`, { cityId: t.ids.otherCityId });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ ...district, cityId: t.ids.otherCityId });
  });

  it('refuses calls without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/cities/${t.ids.cityId}/districts` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/districts/plain/${t.ids.cityId}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/districts/', payload: { name: 'x', cityId: t.ids.cityId } })).statusCode).toBe(
      401,
    );
  });
});
