import { describe, expect, it } from 'vitest';
import { backends, type FieldErrorCase, useStaffApp } from './harness';

describe.each(backends)('tags on %s', (backend) => {
  const t = useStaffApp(backend);
  const { call } = t;

  it('an admin creates, reads, renames and deletes a tag in any city', async () => {
    const created = await call('admin', 'POST', '/tags', { name: 'Spicy', name_ru: 'Острое', cityId: t.ids.otherCityId });
    expect(created.statusCode).toBe(201);
    const tag = created.json();
    expect(tag).toEqual({ id: expect.any(Number), name: 'Spicy', name_ru: 'Острое', cityId: t.ids.otherCityId });
    expect((await call('admin', 'GET', `/tags/${tag.id}`)).json()).toEqual(tag);
    expect((await call('admin', 'GET', `/tags/cities/${t.ids.otherCityId}`)).json()).toEqual([tag]);
    const renamed = await call('admin', 'PUT', `/tags/${tag.id}`, { name: 'Hot', name_ru: 'Жгучее' });
    expect(renamed.json()).toMatchObject({ name: 'Hot', name_ru: 'Жгучее' });
    expect((await call('admin', 'DELETE', `/tags/${tag.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/tags/${tag.id}`)).statusCode).toBe(404);
  });

  it('a city admin works in their own city only; the city comes from their account', async () => {
    const created = await call('cityadmin', 'POST', '/tags', { name: 'Vegan' });
    expect(created.statusCode).toBe(201);
    expect(created.json().cityId).toBe(t.ids.cityId);
    const other = await call('admin', 'POST', '/tags', { name: 'Elsewhere', cityId: t.ids.otherCityId });
    const otherId = other.json().id;

    expect((await call('cityadmin', 'POST', '/tags', { name: 'X', cityId: t.ids.otherCityId })).statusCode).toBe(403);
    expect((await call('cityadmin', 'GET', `/tags/cities/${t.ids.otherCityId}`)).statusCode).toBe(404);
    expect((await call('cityadmin', 'GET', `/tags/${otherId}`)).statusCode).toBe(404);
    expect((await call('cityadmin', 'PUT', `/tags/${otherId}`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await call('cityadmin', 'DELETE', `/tags/${otherId}`)).statusCode).toBe(403);
    expect((await call('cityadmin', 'PUT', `/tags/${created.json().id}`, { cityId: t.ids.otherCityId })).statusCode).toBe(403);
    expect((await call('admin', 'GET', `/tags/${otherId}`)).json().name).toBe('Elsewhere');
  });

  it('operators and owners read their city’s tags and change nothing', async () => {
    const tag = (await call('admin', 'POST', '/tags', { name: 'New', cityId: t.ids.cityId })).json();
    for (const who of ['operator', 'owner']) {
      const list = await call(who, 'GET', `/tags/cities/${t.ids.cityId}`);
      expect(list.statusCode, who).toBe(200);
      expect(list.json().map((x: { id: number }) => x.id)).toContain(tag.id);
      expect((await call(who, 'GET', `/tags/cities/${t.ids.otherCityId}`)).statusCode, who).toBe(404);
      expect((await call(who, 'POST', '/tags', { name: 'Nope', cityId: t.ids.cityId })).statusCode, who).toBe(403);
      expect((await call(who, 'PUT', `/tags/${tag.id}`, { name: 'Nope' })).statusCode, who).toBe(403);
      expect((await call(who, 'DELETE', `/tags/${tag.id}`)).statusCode, who).toBe(403);
    }
  });

  it('rejects each invalid field with its message and writes nothing', async () => {
    const before = (await call('admin', 'GET', `/tags/cities/${t.ids.otherCityId}`)).json().length;
    const cases: FieldErrorCase[] = [
      [{ cityId: t.ids.otherCityId }, 'name', 'Required'],
      [{ name: '', cityId: t.ids.otherCityId }, 'name', 'Required'],
      [{ name: 'x'.repeat(256), cityId: t.ids.otherCityId }, 'name', 'must be less than 256 symbols'],
      [{ name: 'Ok', name_ru: 'x'.repeat(300), cityId: t.ids.otherCityId }, 'name_ru', 'must be less than 256 symbols'],
      [{ name: 42, cityId: t.ids.otherCityId }, 'name', 'must be text'],
      [{ name: 'Ok' }, 'cityId', 'Required'],
      [{ name: 'Ok', cityId: 'one' }, 'cityId', 'must be chosen from the list'],
      [{ name: 'Ok', cityId: 999999 }, 'cityId', 'no such city'],
    ];
    await t.expectFieldErrors('POST', '/tags', cases);
    expect((await call('admin', 'GET', `/tags/cities/${t.ids.otherCityId}`)).json().length).toBe(before);
  });

  it('bad JSON, a body that is not an object and bad ids give 400', async () => {
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: { ...t.auth.admin, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(raw.statusCode).toBe(400);
    expect((await call('admin', 'POST', '/tags', [1, 2])).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/tags/abc')).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/tags/cities/0')).statusCode).toBe(400);
    expect((await call('admin', 'PUT', '/tags/999999', { name: 'x' })).statusCode).toBe(404);
  });

  it('refuses calls without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/tags/cities/${t.ids.cityId}` })).statusCode).toBe(401);
  });
});
