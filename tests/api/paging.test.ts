import { describe, expect, it } from 'vitest';
import { backends, useStaffApp } from './harness';

/** Every list is paged, sorted and counted by the server; the spec's calls still answer whole. */
describe.each(backends)('lists paged on the server on %s', (backend) => {
  const t = useStaffApp(backend);

  it('answers one page in the asked order with the total in X-Total-Count', async () => {
    for (const name of ['Echo', 'Alpha', 'Delta', 'Bravo', 'Charlie']) {
      expect((await t.call('admin', 'POST', '/tags', { cityId: t.ids.cityId, name })).statusCode).toBe(201);
    }
    const whole = await t.call('admin', 'GET', `/tags/cities/${t.ids.cityId}`);
    expect(whole.json().map((tag: { name: string }) => tag.name)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
    expect(whole.headers['x-total-count']).toBe('5');

    const page = await t.call('admin', 'GET', `/tags/cities/${t.ids.cityId}?page=2&perPage=2&sort=name&order=DESC`);
    expect(page.statusCode).toBe(200);
    expect(page.json().map((tag: { name: string }) => tag.name)).toEqual(['Charlie', 'Bravo']);
    expect(page.headers['x-total-count']).toBe('5');

    const beyond = await t.call('admin', 'GET', `/tags/cities/${t.ids.cityId}?page=9&perPage=2`);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('5');
  });

  it('refuses a sort field that is not offered, and page sizes out of bounds', async () => {
    for (const query of ['sort=city_id;drop', 'sort=password_hash', 'perPage=0', 'perPage=100000', 'page=-1', 'order=sideways']) {
      const response = await t.call('admin', 'GET', `/cuisines?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    expect((await t.call('admin', 'GET', '/cities?page=1&perPage=1&sort=name')).headers['x-total-count']).toBe('2');
  });

  it('answers several rows by id in one call, within the user’s scope', async () => {
    const mine = (await t.call('admin', 'POST', '/tags', { cityId: t.ids.cityId, name: 'Mine' })).json();
    const theirs = (await t.call('admin', 'POST', '/tags', { cityId: t.ids.otherCityId, name: 'Theirs' })).json();
    const asAdmin = await t.call('admin', 'GET', `/tags?ids=${mine.id},${theirs.id}`);
    expect(asAdmin.json().map((tag: { id: number }) => tag.id)).toEqual([mine.id, theirs.id]);
    const asCityAdmin = await t.call('cityadmin', 'GET', `/tags?ids=${mine.id},${theirs.id}`);
    expect(asCityAdmin.json().map((tag: { id: number }) => tag.id)).toEqual([mine.id]);
    expect((await t.call('cityadmin', 'GET', '/tags?ids=1,abc')).statusCode).toBe(400);
    expect((await t.call('cityadmin', 'GET', `/cities?ids=${t.ids.cityId},${t.ids.otherCityId}`)).json()).toHaveLength(1);
  });
});
