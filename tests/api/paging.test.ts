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

  it('names both bounds of a page size out of range, with the maximum the README gives', async () => {
    // README: "perPage (at most 1000; 200 for orders, reviews, advertisements, mailings and the audit trail)".
    const lists: [string, number][] = [
      ['/cuisines', 1000],
      ['/users', 1000],
      ['/orders', 200],
      [`/reviews/${t.ids.cityId}`, 200],
      ['/advertisements', 200],
      ['/spam', 200],
      ['/audit', 200],
    ];
    for (const [url, max] of lists) {
      expect((await t.call('admin', 'GET', `${url}?page=1&perPage=${max}`)).statusCode, url).toBe(200);
      for (const perPage of [0, max + 1]) {
        const response = await t.call('admin', 'GET', `${url}?page=1&perPage=${perPage}`);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().details, url).toEqual([
          expect.objectContaining({ field: 'perPage', message: `must be between 1 and ${max}`, args: { min: 1, max } }),
        ]);
      }
    }
    const page = await t.call('admin', 'GET', '/cuisines?page=1000001&perPage=5');
    expect(page.json().details).toEqual([expect.objectContaining({ field: 'page', message: 'must be between 1 and 1000000' })]);
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const perPage = document.paths['/api/orders'].get.parameters.find((p: { name: string }) => p.name === 'perPage');
    expect(perPage.schema).toMatchObject({ minimum: 1, maximum: 200 });
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
