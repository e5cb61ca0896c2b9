import { describe, expect, it } from 'vitest';
import { CITY_CONFIG_KEYS, OPERATOR_CONFIG_KEYS, PAYMENT_CONFIG_KEYS } from '../../src/domain';
import { backends, createRestaurant, type FieldErrorCase, useStaffApp } from './harness';

describe.each(backends)('cities and city config on %s', (backend) => {
  const t = useStaffApp(backend);
  const { call } = t;

  it('an admin creates a city, reads it with its auth key, updates and lists it', async () => {
    const created = await call('admin', 'POST', '/cities/', {
      name: 'Porto',
      name_ru: 'Порту',
      chatname: 'porto',
      currency: 'EUR',
      active: true,
    });
    expect(created.statusCode).toBe(201);
    const city = created.json();
    expect(city).toMatchObject({ name: 'Porto', name_ru: 'Порту', chatname: 'porto', currency: 'EUR', active: true });
    expect(city.authKey).toMatch(/^[0-9a-f]{48}$/);
    const updated = await call('admin', 'PUT', `/cities/${city.id}`, { active: false, currency: 'USD' });
    expect(updated.json()).toMatchObject({ active: false, currency: 'USD', name: 'Porto' });
    const list = (await call('admin', 'GET', '/cities')).json();
    expect(list.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([t.ids.cityId, t.ids.otherCityId, city.id]));
    expect((await call('admin', 'DELETE', `/cities/${city.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/cities/${city.id}`)).statusCode).toBe(404);
  });

  it('a city admin sees and edits only their own city and cannot create or delete cities', async () => {
    expect((await call('cityadmin', 'GET', '/cities')).json().map((c: { id: number }) => c.id)).toEqual([t.ids.cityId]);
    expect((await call('cityadmin', 'GET', `/cities/${t.ids.cityId}`)).json().authKey).toBeTruthy();
    expect((await call('cityadmin', 'GET', `/cities/${t.ids.otherCityId}`)).statusCode).toBe(404);
    expect((await call('cityadmin', 'PUT', `/cities/${t.ids.cityId}`, { chatname: 'mine' })).statusCode).toBe(200);
    expect((await call('cityadmin', 'PUT', `/cities/${t.ids.otherCityId}`, { chatname: 'theirs' })).statusCode).toBe(403);
    expect((await call('cityadmin', 'POST', '/cities', { name: 'New', currency: 'EUR' })).statusCode).toBe(403);
    expect((await call('cityadmin', 'DELETE', `/cities/${t.ids.cityId}`)).statusCode).toBe(403);
  });

  it('an operator reads their city without its auth key and cannot change it; an owner has no access', async () => {
    const own = await call('operator', 'GET', `/cities/${t.ids.cityId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().authKey).toBeUndefined();
    expect((await call('operator', 'GET', `/cities/${t.ids.otherCityId}`)).statusCode).toBe(404);
    expect((await call('operator', 'PUT', `/cities/${t.ids.cityId}`, { name: 'x' })).statusCode).toBe(403);
    expect((await call('owner', 'GET', `/cities/${t.ids.cityId}`)).statusCode).toBe(403);
    expect((await call('owner', 'GET', `/config/${t.ids.cityId}`)).statusCode).toBe(403);
  });

  it('rejects each invalid city field with its message', async () => {
    const cases: FieldErrorCase[] = [
      [{ currency: 'EUR' }, 'name', 'Required'],
      [{ name: 'x'.repeat(256), currency: 'EUR' }, 'name', 'must be less than 256 symbols'],
      [{ name: 'A', currency: 'euro' }, 'currency', 'must be a three-letter currency code, such as EUR'],
      [{ name: 'A' }, 'currency', 'Required'],
      [{ name: 'A', currency: 'EUR', active: 'yes' }, 'active', 'must be yes or no'],
      [{ name: 'A', currency: 'EUR', chatname: 5 }, 'chatname', 'must be text'],
    ];
    await t.expectFieldErrors('POST', '/cities', cases);
    expect((await call('admin', 'PUT', `/cities/${t.ids.cityId}`, { name: '' })).statusCode).toBe(400);
    expect((await call('admin', 'PUT', `/cities/abc`, { name: 'x' })).statusCode).toBe(400);
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/cities',
      headers: { ...t.auth.admin, 'content-type': 'application/json' },
      payload: '{',
    });
    expect(raw.statusCode).toBe(400);
  });

  it('a city that restaurants or districts still refer to is not deleted: 409 says why', async () => {
    const city = (await call('admin', 'POST', '/cities', { name: 'Busy', currency: 'EUR' })).json();
    await createRestaurant(t.db, city.id, 'Still here');
    await t.db.insertInto('districts').values({ city_id: city.id, name: 'Centre' }).execute();
    const response = await call('admin', 'DELETE', `/cities/${city.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Busy cannot be deleted: it still has 1 restaurant, 1 district. Move or delete them first.');
    expect((await call('admin', 'GET', `/cities/${city.id}`)).statusCode).toBe(200);
  });

  it('config is read and written as key-value pairs, empty strings for "not set"', async () => {
    const put = await call('admin', 'PUT', `/config/${t.ids.cityId}`, [
      { key: 'deliveryDiscountPercent', value: '5' },
      { key: 'hideMoney', value: 'true' },
      { key: 'cityDisabledReason', value: null },
      { key: 'providerToken', value: '123:TEST:abc' },
    ]);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual(
      expect.arrayContaining([
        { key: 'deliveryDiscountPercent', value: '5' },
        { key: 'hideMoney', value: 'true' },
        { key: 'cityDisabledReason', value: '' },
        { key: 'providerToken', value: '123:TEST:abc' },
      ]),
    );
    await call('admin', 'PUT', `/config/${t.ids.cityId}`, [{ key: 'deliveryDiscountPercent', value: '7' }]);
    const read = (await call('admin', 'GET', `/config/${t.ids.cityId}`)).json();
    expect(read).toContainEqual({ key: 'deliveryDiscountPercent', value: '7' });
    expect(read).toContainEqual({ key: 'hideMoney', value: 'true' });
  });

  it('enforces the ranges of the config keys, each with its message, writing nothing', async () => {
    const cases: [string, string, string][] = [
      ['deliveryDiscountPercent', '11', 'must be between 0 and 10'],
      ['deliveryDiscountPercent', '-1', 'must be between 0 and 10'],
      ['deliveryAfterDiscountMin', '0', 'must be between 1 and 10'],
      ['deliveryAfterDiscountMin', '10.5', 'must be between 1 and 10'],
      ['deliveryMultiplier', 'fast', 'must be a number'],
      ['topInterval', '2.5', 'must be a whole number'],
      ['deliveryCostJumpStart', '25:00', 'must be a time such as 22:00'],
      ['hideMoney', 'maybe', 'must be yes or no'],
      ['telegramPaymentsStatus', '3', 'must be chosen from the list'],
      ['cityLocales', 'en,fr', 'must list languages from en, ru, es'],
      ['noSuchKey', '1', 'is not a known field'],
      ['exchangeRate', '-5', 'must be at least 0'],
    ];
    await t.expectFieldErrors(
      'PUT',
      `/config/${t.ids.cityId}`,
      cases.map(
        ([key, value, message]) =>
          [
            [
              { key: 'showOpenNow', value: 'true' },
              { key, value },
            ],
            key,
            message,
          ] as const,
      ),
    );
    const read = (await call('admin', 'GET', `/config/${t.ids.cityId}`)).json();
    expect(read.find((p: { key: string }) => p.key === 'showOpenNow')).toBeUndefined();
    expect((await call('admin', 'PUT', `/config/${t.ids.cityId}`, { key: 'hideMoney' })).statusCode).toBe(400);
    expect((await call('admin', 'PUT', `/config/${t.ids.cityId}`, [{ value: '1' }])).statusCode).toBe(400);
    expect((await call('admin', 'PUT', `/config/${t.ids.cityId}`, [{ key: 'hideMoney', value: 1 }])).statusCode).toBe(400);
  });

  it('the payments block is the admin’s; operators have the reduced form; scope holds', async () => {
    // A city admin reads everything but the payments keys, and may not write them.
    const cityAdminRead = (await call('cityadmin', 'GET', `/config/${t.ids.cityId}`)).json();
    expect(cityAdminRead.some((p: { key: string }) => PAYMENT_CONFIG_KEYS.includes(p.key as never))).toBe(false);
    expect(cityAdminRead).toContainEqual({ key: 'hideMoney', value: 'true' });
    expect((await call('cityadmin', 'PUT', `/config/${t.ids.cityId}`, [{ key: 'providerToken', value: 'x' }])).statusCode).toBe(403);
    expect((await call('cityadmin', 'PUT', `/config/${t.ids.cityId}`, [{ key: 'topInterval', value: '7' }])).statusCode).toBe(200);
    expect((await call('cityadmin', 'GET', `/config/${t.ids.otherCityId}`)).statusCode).toBe(404);
    expect((await call('cityadmin', 'PUT', `/config/${t.ids.otherCityId}`, [{ key: 'topInterval', value: '7' }])).statusCode).toBe(403);

    // An operator reads and writes only the delivery multiplier and cost-jump keys.
    const put = await call('operator', 'PUT', `/config/${t.ids.cityId}`, [
      { key: 'deliveryMultiplier', value: '1.75' },
      { key: 'deliveryCostJump', value: 'true' },
      { key: 'deliveryCostJumpAmount', value: '1500' },
    ]);
    expect(put.statusCode).toBe(200);
    const operatorRead = (await call('operator', 'GET', `/config/${t.ids.cityId}`)).json() as { key: string }[];
    expect(operatorRead.every((p) => OPERATOR_CONFIG_KEYS.includes(p.key as never))).toBe(true);
    expect(operatorRead).toContainEqual({ key: 'deliveryMultiplier', value: '1.75' });
    expect((await call('operator', 'PUT', `/config/${t.ids.cityId}`, [{ key: 'hideMoney', value: 'false' }])).statusCode).toBe(403);
    expect((await call('operator', 'PUT', `/config/${t.ids.otherCityId}`, [{ key: 'deliveryMultiplier', value: '2' }])).statusCode).toBe(
      403,
    );
    expect(CITY_CONFIG_KEYS.length).toBe(35);
  });
});
