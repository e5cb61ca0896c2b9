import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { writeSession } from '../../src/providers/session';
import { Role } from '../../src/domain';
import { mockApi } from './mockApi';

const dataProvider = createDataProvider(RESOURCES);

const seen: URL[] = [];
const tags = Array.from({ length: 7 }, (_, i) => ({ id: i + 1, name: `Tag ${i + 1}`, name_ru: '', cityId: 3 }));

mockApi(
  http.get('http://localhost:3000/api/tags/cities/3', ({ request }) => {
    const url = new URL(request.url);
    seen.push(url);
    const page = Number(url.searchParams.get('page') ?? 1);
    const perPage = Number(url.searchParams.get('perPage') ?? tags.length);
    return HttpResponse.json(tags.slice((page - 1) * perPage, page * perPage), { headers: { 'X-Total-Count': String(tags.length) } });
  }),
  http.get('http://localhost:3000/api/tags', ({ request }) => {
    const url = new URL(request.url);
    seen.push(url);
    const ids = (url.searchParams.get('ids') ?? '').split(',');
    return HttpResponse.json(tags.filter((t) => ids.includes(String(t.id))));
  }),
  http.get('http://localhost:3000/api/tags/:id', ({ params }) => {
    seen.push(new URL(`http://localhost:3000/api/tags/${String(params.id)}`));
    return HttpResponse.json(tags.find((t) => String(t.id) === params.id));
  }),
);

beforeAll(() => {
  writeSession({
    user: { id: 1, username: 'cityadmin', roleId: Role.CITY_ADMIN, cityId: 3, restaurantId: null, authKey: 'k' },
    jwtToken: 'h.e30.s',
  });
});
afterEach(() => {
  seen.length = 0;
});

describe('lists paged on the server', () => {
  it('asks for one page, sorted, and reads the total from X-Total-Count', async () => {
    const result = await dataProvider.getList('tags', {
      filter: { cityId: 3 },
      pagination: { page: 2, perPage: 3 },
      sort: { field: 'name', order: 'DESC' },
    });
    expect(seen).toHaveLength(1);
    expect(Object.fromEntries(seen[0].searchParams)).toEqual({ page: '2', perPage: '3', sort: 'name', order: 'DESC' });
    expect(result.total).toBe(7);
    expect(result.data.map((t) => t.id)).toEqual([4, 5, 6]);
  });

  it('getMany asks once for all the ids', async () => {
    const result = await dataProvider.getMany('tags', { ids: [2, 5] });
    expect(seen.map((url) => `${url.pathname}${url.search}`)).toEqual(['/api/tags?ids=2,5']);
    expect(result.data.map((t) => t.id)).toEqual([2, 5]);
  });
});
