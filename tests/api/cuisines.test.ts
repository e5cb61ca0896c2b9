import { describe, expect, it } from 'vitest';
import { backends, createCity, createRestaurant, type FieldErrorCase, useStaffApp } from './harness';

interface CuisineJson {
  id: number;
  name: string;
  name_ru: string;
  position: number;
  enabled: boolean;
  cityId: number;
  city: { id: number; name: string };
}

describe.each(backends)('cuisines on %s', (backend) => {
  const t = useStaffApp(backend);
  const { call } = t;

  const create = async (who: string, payload: Record<string, unknown>): Promise<CuisineJson> => {
    const response = await call(who, 'POST', '/cuisines/', payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CuisineJson>();
  };

  const cityName = async (cityId: number) =>
    (await t.db.selectFrom('cities').select('name').where('id', '=', cityId).executeTakeFirstOrThrow()).name;

  const idsOf = (rows: CuisineJson[]) => rows.map((row) => row.id);

  it('an admin creates, reads, changes and deletes a cuisine in any city', async () => {
    const created = await call('admin', 'POST', '/cuisines/', {
      name: 'Georgian',
      name_ru: 'Грузинская',
      position: 3,
      enabled: false,
      cityId: t.ids.otherCityId,
    });
    expect(created.statusCode).toBe(201);
    const cuisine = created.json<CuisineJson>();
    expect(cuisine).toEqual({
      id: expect.any(Number),
      name: 'Georgian',
      name_ru: 'Грузинская',
      position: 3,
      enabled: false,
      cityId: t.ids.otherCityId,
      city: { id: t.ids.otherCityId, name: await cityName(t.ids.otherCityId) },
    });
    expect((await call('admin', 'GET', `/cuisines/${cuisine.id}`)).json()).toEqual(cuisine);
    expect((await call('admin', 'GET', `/cuisines/city/${t.ids.otherCityId}`)).json()).toContainEqual(cuisine);

    const changed = await call('admin', 'PUT', `/cuisines/${cuisine.id}`, {
      name: 'Caucasian',
      name_ru: 'Кавказская',
      position: 1,
      enabled: true,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ...cuisine, name: 'Caucasian', name_ru: 'Кавказская', position: 1, enabled: true });

    const deleted = await call('admin', 'DELETE', `/cuisines/${cuisine.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: cuisine.id, name: 'Caucasian' });
    expect((await call('admin', 'GET', `/cuisines/${cuisine.id}`)).statusCode).toBe(404);
  });

  it('takes POST with and without the trailing slash; position and enabled have defaults', async () => {
    const plain = await call('admin', 'POST', '/cuisines', { name: 'Plain', cityId: t.ids.cityId });
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).toMatchObject({ name: 'Plain', name_ru: '', position: 0, enabled: true, cityId: t.ids.cityId });
    const slash = await call('admin', 'POST', '/cuisines/', { name: 'Slash', cityId: t.ids.cityId, position: null, enabled: null });
    expect(slash.statusCode).toBe(201);
    expect(slash.json()).toMatchObject({ position: 0, enabled: true });
  });

  it('an admin lists every city, or one city through the query or the path, by position then name', async () => {
    const thirdCity = await createCity(t.db);
    const b = await create('admin', { name: 'B', position: 2, cityId: thirdCity });
    const a = await create('admin', { name: 'A', position: 2, cityId: thirdCity });
    const first = await create('admin', { name: 'Z', position: 0, cityId: thirdCity });
    const here = await create('admin', { name: 'Here', cityId: t.ids.cityId });

    const all = (await call('admin', 'GET', '/cuisines')).json<CuisineJson[]>();
    expect(idsOf(all)).toEqual(expect.arrayContaining([a.id, b.id, first.id, here.id]));
    const positions = all.map((row) => row.position);
    expect(positions).toEqual([...positions].sort((x, y) => x - y));

    expect(idsOf((await call('admin', 'GET', `/cuisines/city/${thirdCity}`)).json())).toEqual([first.id, a.id, b.id]);
    expect(idsOf((await call('admin', 'GET', `/cuisines?cityId=${thirdCity}`)).json())).toEqual([first.id, a.id, b.id]);
    expect((await call('admin', 'GET', `/cuisines?cityId=`)).json().length).toBe(all.length);
    expect((await call('admin', 'GET', '/cuisines/city/999999')).json()).toEqual([]);
  });

  it('a city admin works in their own city only; the city comes from their account', async () => {
    const created = await call('cityadmin', 'POST', '/cuisines/', { name: 'Local', position: 5 });
    expect(created.statusCode).toBe(201);
    const mine = created.json<CuisineJson>();
    expect(mine.cityId).toBe(t.ids.cityId);
    const other = await create('admin', { name: 'Elsewhere', cityId: t.ids.otherCityId });

    const list = (await call('cityadmin', 'GET', '/cuisines')).json<CuisineJson[]>();
    expect(idsOf(list)).toContain(mine.id);
    expect(idsOf(list)).not.toContain(other.id);
    expect(list.every((row) => row.cityId === t.ids.cityId)).toBe(true);
    expect(idsOf((await call('cityadmin', 'GET', `/cuisines/city/${t.ids.cityId}`)).json())).toContain(mine.id);
    expect((await call('cityadmin', 'GET', `/cuisines/${mine.id}`)).statusCode).toBe(200);
    expect((await call('cityadmin', 'PUT', `/cuisines/${mine.id}`, { enabled: false })).json().enabled).toBe(false);

    expect((await call('cityadmin', 'POST', '/cuisines/', { name: 'X', cityId: t.ids.otherCityId })).statusCode).toBe(403);
    expect((await call('cityadmin', 'GET', `/cuisines/city/${t.ids.otherCityId}`)).statusCode).toBe(404);
    expect((await call('cityadmin', 'GET', `/cuisines?cityId=${t.ids.otherCityId}`)).statusCode).toBe(404);
    expect((await call('cityadmin', 'GET', `/cuisines/${other.id}`)).statusCode).toBe(404);
    expect((await call('cityadmin', 'PUT', `/cuisines/${other.id}`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await call('cityadmin', 'DELETE', `/cuisines/${other.id}`)).statusCode).toBe(403);
    expect((await call('cityadmin', 'PUT', `/cuisines/${mine.id}`, { cityId: t.ids.otherCityId })).statusCode).toBe(403);
    expect((await call('admin', 'GET', `/cuisines/${other.id}`)).json().name).toBe('Elsewhere');
    expect((await call('admin', 'GET', `/cuisines/${mine.id}`)).json().cityId).toBe(t.ids.cityId);

    expect((await call('cityadmin', 'DELETE', `/cuisines/${mine.id}`)).statusCode).toBe(200);
  });

  it('operators and owners read their city’s cuisines and change nothing', async () => {
    const cuisine = await create('admin', { name: 'Readable', cityId: t.ids.cityId });
    const other = await create('admin', { name: 'Hidden', cityId: t.ids.otherCityId });
    for (const who of ['operator', 'owner']) {
      const list = await call(who, 'GET', '/cuisines');
      expect(list.statusCode, who).toBe(200);
      expect(idsOf(list.json()), who).toContain(cuisine.id);
      expect(idsOf(list.json()), who).not.toContain(other.id);
      expect(idsOf((await call(who, 'GET', `/cuisines/city/${t.ids.cityId}`)).json()), who).toContain(cuisine.id);
      expect((await call(who, 'GET', `/cuisines/${cuisine.id}`)).json(), who).toEqual(cuisine);
      expect((await call(who, 'GET', `/cuisines/city/${t.ids.otherCityId}`)).statusCode, who).toBe(404);
      expect((await call(who, 'GET', `/cuisines/${other.id}`)).statusCode, who).toBe(404);
      expect((await call(who, 'POST', '/cuisines/', { name: 'Nope', cityId: t.ids.cityId })).statusCode, who).toBe(403);
      expect((await call(who, 'POST', '/cuisines', { name: 'Nope' })).statusCode, who).toBe(403);
      expect((await call(who, 'PUT', `/cuisines/${cuisine.id}`, { name: 'Nope' })).statusCode, who).toBe(403);
      expect((await call(who, 'DELETE', `/cuisines/${cuisine.id}`)).statusCode, who).toBe(403);
    }
    expect((await call('admin', 'GET', `/cuisines/${cuisine.id}`)).json()).toEqual(cuisine);
  });

  it('rejects each invalid field with its message and writes nothing', async () => {
    const city = t.ids.otherCityId;
    const before = (await call('admin', 'GET', '/cuisines')).json().length;
    const cases: FieldErrorCase[] = [
      [{ cityId: city }, 'name', 'Required'],
      [{ name: '', cityId: city }, 'name', 'Required'],
      [{ name: '   ', cityId: city }, 'name', 'Required'],
      [{ name: 'x'.repeat(256), cityId: city }, 'name', 'must be less than 256 symbols'],
      [{ name: 'Ok', name_ru: 'x'.repeat(256), cityId: city }, 'name_ru', 'must be less than 256 symbols'],
      [{ name: 42, cityId: city }, 'name', 'must be text'],
      [{ name: 'Ok', name_ru: 7, cityId: city }, 'name_ru', 'must be text'],
      [{ name: 'Ok', position: 1.5, cityId: city }, 'position', 'must be a whole number'],
      [{ name: 'Ok', position: '2', cityId: city }, 'position', 'must be a number'],
      [{ name: 'Ok', position: -1, cityId: city }, 'position', 'must be between 0 and 1000000'],
      [{ name: 'Ok', enabled: 'yes', cityId: city }, 'enabled', 'must be yes or no'],
      [{ name: 'Ok', enabled: 1, cityId: city }, 'enabled', 'must be yes or no'],
      [{ name: 'Ok' }, 'cityId', 'Required'],
      [{ name: 'Ok', cityId: 'one' }, 'cityId', 'must be chosen from the list'],
      [{ name: 'Ok', cityId: 0 }, 'cityId', 'must be chosen from the list'],
      [{ name: 'Ok', cityId: 999999 }, 'cityId', 'no such city'],
    ];
    await t.expectFieldErrors('POST', '/cuisines/', cases);
    expect((await call('admin', 'GET', '/cuisines')).json().length).toBe(before);

    const cuisine = await create('admin', { name: 'Stable', position: 4, cityId: city });
    const updates: [unknown, string, string][] = [
      [{ name: '' }, 'name', 'Required'],
      [{ name: 'x'.repeat(256) }, 'name', 'must be less than 256 symbols'],
      [{ name_ru: 'x'.repeat(256) }, 'name_ru', 'must be less than 256 symbols'],
      [{ position: 'first' }, 'position', 'must be a number'],
      [{ position: 0.5 }, 'position', 'must be a whole number'],
      [{ enabled: 'no' }, 'enabled', 'must be yes or no'],
      [{ cityId: 'two' }, 'cityId', 'must be chosen from the list'],
      [{ cityId: 999999 }, 'cityId', 'no such city'],
    ];
    for (const [payload, field, message] of updates) {
      const response = await call('admin', 'PUT', `/cuisines/${cuisine.id}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().details, JSON.stringify(payload)).toContainEqual(expect.objectContaining({ field, message }));
    }
    expect((await call('admin', 'GET', `/cuisines/${cuisine.id}`)).json()).toEqual(cuisine);
  });

  it('bad JSON, a body that is not an object and bad ids give 400; unknown ids 404', async () => {
    for (const url of ['/api/cuisines', '/api/cuisines/']) {
      const raw = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...t.auth.admin, 'content-type': 'application/json' },
        payload: '{"name": ',
      });
      expect(raw.statusCode, url).toBe(400);
    }
    expect((await call('admin', 'POST', '/cuisines/', [1, 2])).statusCode).toBe(400);
    for (const payload of ['"Georgian"', 'null', '42']) {
      const scalar = await t.app.inject({
        method: 'POST',
        url: '/api/cuisines/',
        headers: { ...t.auth.admin, 'content-type': 'application/json' },
        payload,
      });
      expect(scalar.statusCode, payload).toBe(400);
    }
    expect((await call('admin', 'GET', '/cuisines/abc')).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/cuisines/city/0')).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/cuisines/city/x')).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/cuisines?cityId=-3')).statusCode).toBe(400);
    expect((await call('admin', 'PUT', '/cuisines/abc', { name: 'x' })).statusCode).toBe(400);
    expect((await call('admin', 'DELETE', '/cuisines/1.5')).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/cuisines/999999')).statusCode).toBe(404);
    expect((await call('admin', 'PUT', '/cuisines/999999', { name: 'x' })).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', '/cuisines/999999')).statusCode).toBe(404);
  });

  it('a cuisine restaurants use is neither deleted nor moved (409) and nothing changes', async () => {
    const cuisine = await create('admin', { name: 'Used', cityId: t.ids.cityId });
    const second = await createRestaurant(t.db, t.ids.cityId, 'Second kitchen');
    await t.db
      .insertInto('restaurant_cuisines')
      .values([
        { restaurant_id: t.ids.restaurantId, cuisine_id: cuisine.id },
        { restaurant_id: second, cuisine_id: cuisine.id },
      ])
      .execute();

    for (const who of ['admin', 'cityadmin']) {
      const refused = await call(who, 'DELETE', `/cuisines/${cuisine.id}`);
      expect(refused.statusCode, who).toBe(409);
      expect(refused.json(), who).toMatchObject({ statusCode: 409, code: 'CUISINE_IN_USE', args: { used: '2 restaurants' } });
      expect(refused.json().message, who).toContain('Used');
      expect(refused.json().message, who).toContain('2 restaurants');
    }
    const moved = await call('admin', 'PUT', `/cuisines/${cuisine.id}`, { cityId: t.ids.otherCityId });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toContain('2 restaurants');

    expect((await call('admin', 'GET', `/cuisines/${cuisine.id}`)).json()).toEqual(cuisine);
    const links = await t.db.selectFrom('restaurant_cuisines').select('restaurant_id').where('cuisine_id', '=', cuisine.id).execute();
    expect(links).toHaveLength(2);

    await t.db.deleteFrom('restaurant_cuisines').where('restaurant_id', '=', second).execute();
    const one = await call('admin', 'DELETE', `/cuisines/${cuisine.id}`);
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toContain('1 restaurant.');

    await t.db.deleteFrom('restaurant_cuisines').where('cuisine_id', '=', cuisine.id).execute();
    expect((await call('admin', 'DELETE', `/cuisines/${cuisine.id}`)).statusCode).toBe(200);
  });

  it('an admin moves an unused cuisine to another city', async () => {
    const cuisine = await create('admin', { name: 'Mobile', cityId: t.ids.cityId });
    const moved = await call('admin', 'PUT', `/cuisines/${cuisine.id}`, { cityId: t.ids.otherCityId });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ cityId: t.ids.otherCityId, city: { id: t.ids.otherCityId } });
  });

  it('refuses calls without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/cuisines' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/cuisines/city/${t.ids.cityId}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/cuisines/', payload: { name: 'X', cityId: t.ids.cityId } })).statusCode).toBe(
      401,
    );
  });
});
