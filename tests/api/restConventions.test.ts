import { describe, expect, it } from 'vitest';
import { backends, useStaffApp } from './harness';

/**
 * The REST conventions README states once: a query names only the parameters its route
 * declares (an unknown one is a 400 naming it, as an unknown body field is), and an update
 * may carry the record's own id (react-admin sends whole records) but no other.
 */
interface Parameter {
  name: string;
  in: string;
  schema?: { type?: string; enum?: unknown[]; pattern?: string };
}

const UNKNOWN = { field: 'bogus', key: 'validation.unknownParameter', message: 'is not a known parameter' };

/** A value the path parameter accepts, so that only the query can be wrong. */
function pathValue(parameter: Parameter, ids: { cityId: number; restaurantId: number }): string {
  const { schema = {} } = parameter;
  if (schema.enum?.length) return String(schema.enum[0]);
  if (parameter.name === 'cityId') return String(ids.cityId);
  if (parameter.name === 'restaurantId') return String(ids.restaurantId);
  const candidates = ['1', 'abcdefghi', 'x'];
  return candidates.find((value) => !schema.pattern || new RegExp(schema.pattern).test(value)) ?? '1';
}

describe.each(backends)('REST conventions on %s', (backend) => {
  const t = useStaffApp(backend);

  it('refuses an unknown query parameter on lists and single records, naming it', async () => {
    const urls = [
      '/cities?bogus=1',
      `/tags/cities/${t.ids.cityId}?page=1&perPage=5&bogus=1`,
      '/cuisines?sort=name&order=ASC&bogus=1',
      '/orders?bogus=1',
      '/users?bogus=1',
      `/cities/${t.ids.cityId}?bogus=1`,
      `/restaurants/${t.ids.restaurantId}?bogus=1`,
    ];
    for (const url of urls) {
      const response = await t.call('admin', 'GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ code: 'VALIDATION_ERROR', details: [UNKNOWN] });
    }
    // The convention's own parameters, and a filter a list declares, stay welcome.
    expect((await t.call('admin', 'GET', `/tags/cities/${t.ids.cityId}?page=1&perPage=5&sort=name&order=DESC`)).statusCode).toBe(200);
    expect((await t.call('admin', 'GET', `/cities?ids=${t.ids.cityId}`)).statusCode).toBe(200);
    expect((await t.call('admin', 'GET', `/cities/${t.ids.cityId}`)).statusCode).toBe(200);
  });

  it('names every unknown parameter, beside the other problems of the query', async () => {
    const response = await t.call('admin', 'GET', '/cuisines?perPage=0&bogus=1&other=2');
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'perPage' }),
        expect.objectContaining(UNKNOWN),
        expect.objectContaining({ ...UNKNOWN, field: 'other' }),
      ]),
    );
  });

  it('refuses an unknown query parameter on every GET of the published contract', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
    }>();
    // The REST API's reads; GraphQL's endpoint follows GraphQL over HTTP, not these conventions.
    const gets = Object.entries(document.paths).flatMap(([path, operations]) =>
      operations.get && path.startsWith('/api/') ? [{ path, operation: operations.get }] : [],
    );
    expect(gets.length).toBeGreaterThan(30);
    for (const { path, operation } of gets) {
      const parameters = operation.parameters ?? [];
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const parameter = parameters.find((p) => p.in === 'path' && p.name === name) ?? { name, in: 'path' };
        return encodeURIComponent(pathValue(parameter, t.ids));
      });
      const response = await t.app.inject({ method: 'GET', url: `${url}?bogus=1`, headers: t.auth.admin });
      expect(response.statusCode, path).toBe(400);
      expect(response.json().details, `${path} ${response.body}`).toContainEqual(expect.objectContaining(UNKNOWN));
    }
  });

  it('accepts the path’s own id in an update body and refuses another', async () => {
    const created = await t.call('admin', 'POST', '/tags', { cityId: t.ids.cityId, name: 'Spicy' });
    const tag = created.json<{ id: number; name: string }>();

    const same = await t.call('admin', 'PUT', `/tags/${tag.id}`, { id: tag.id, name: 'Hot' });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ id: tag.id, name: 'Hot' });
    // The id as text, as a form may hold it, is the same record.
    expect((await t.call('admin', 'PUT', `/tags/${tag.id}`, { id: String(tag.id), name: 'Hotter' })).statusCode).toBe(200);

    for (const id of [tag.id + 1000, 'other', null]) {
      const other = await t.call('admin', 'PUT', `/tags/${tag.id}`, { id, name: 'Mild' });
      expect(other.statusCode, String(id)).toBe(400);
      expect(other.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ field: 'id', key: 'validation.pathId', message: 'must equal the id in the path' }],
      });
    }
    expect((await t.call('admin', 'GET', `/tags/${tag.id}`)).json()).toMatchObject({ name: 'Hotter' });

    // The same on another resource's update.
    const city = (await t.call('admin', 'GET', `/cities/${t.ids.cityId}`)).json<Record<string, unknown>>();
    const whole = await t.call('admin', 'PUT', `/cities/${t.ids.cityId}`, { id: t.ids.cityId, name: city.name });
    expect(whole.statusCode, whole.body).toBe(200);
    expect((await t.call('admin', 'PUT', `/cities/${t.ids.cityId}`, { id: t.ids.cityId + 1, name: city.name })).statusCode).toBe(400);

    // Whoever may not edit hears 403 first, whatever id the body names.
    expect((await t.call('owner', 'PUT', `/tags/${tag.id}`, { id: tag.id + 1, name: 'Sweet' })).statusCode).toBe(403);
  });
});
