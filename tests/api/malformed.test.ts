import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { backends, useStaffApp, type Method } from './harness';
import { sameValueFailures } from './sameValueUpdates';

/**
 * Every write route of the published contract gets the same battery of bad bodies: wrong
 * types, control characters, huge strings, arrays for objects, empty and not JSON. None may
 * answer 5xx, and none may change a row. A new route is covered by being in the contract
 * (which openapi.test.ts demands of every route).
 */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/**
 * Tables a malformed request may still write: the sign-in records of the logins the test makes,
 * and the migrator's own bookkeeping. Every other table of the database is compared before and
 * after each request, a table added later included; of the audit trail, every entry but sign-ins.
 */
const WRITTEN_BY_LOGIN = new Set(['login_failures', 'login_addresses', 'kysely_migration', 'kysely_migration_lock']);
const rowsOf = (table: string) =>
  table === 'audit_log' ? sql`(SELECT * FROM audit_log WHERE action NOT IN ('login', 'login_failed'))` : sql.table(table);

/** Strings of every kind the database or the schemas must turn away. */
const BAD_STRINGS = ['a\u0000b', '\u0007bell', 'x'.repeat(100_000), '\ud800'];
/** Values of the wrong type for any field. */
const WRONG_TYPES: unknown[] = ['42', -1.5, true, [], {}, ['a'], { nested: { deep: 1 } }, 1e20];

/** Malformed bodies for one request schema: each field spoiled in turn, and whole-body nonsense. */
function badBodies(schema: JsonSchema | undefined): unknown[] {
  const bodies: unknown[] = [null, 0, 'text', [], [[]], {}, { unknown: 1 }];
  const objectSchema = schema?.type === 'array' ? schema.items : schema;
  const fields = Object.entries(objectSchema?.properties ?? {});
  const base = Object.fromEntries(fields.map(([name, field]) => [name, sample(field)]));
  for (const [name, field] of fields) {
    const expected = typeof sample(field);
    // Values of the field's own type may be valid (a position of 42): only those of other types are sure to be wrong.
    const wrong = WRONG_TYPES.filter((value) => typeof value !== expected || (expected === 'number' && !Number.isSafeInteger(value)));
    for (const value of [...(expected === 'string' ? BAD_STRINGS : []), ...wrong]) bodies.push({ ...base, [name]: value });
  }
  if (schema?.type === 'array')
    return [...bodies, ...bodies.filter((b) => typeof b === 'object' && b !== null && !Array.isArray(b)).map((b) => [b])];
  return bodies;
}

/** A plausible value for a field, so that only the spoiled one is wrong. */
function sample(field: JsonSchema): unknown {
  const type = Array.isArray(field.type) ? field.type[0] : (field.type ?? field.anyOf?.[0]?.type);
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  return 'Plain';
}

describe.each(backends)('malformed input on %s', (backend) => {
  const t = useStaffApp(backend);

  const snapshot = async () => {
    const { rows: tables } = await sql<{ name: string }>`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(t.db);
    const parts: string[] = [];
    for (const { name: table } of tables.filter(({ name }) => !WRITTEN_BY_LOGIN.has(name))) {
      const { rows } = await sql<{ digest: string | null; n: number }>`
        SELECT md5(string_agg(t::text, ',' ORDER BY t::text)) AS digest, count(*)::int AS n FROM ${rowsOf(table)} t`.execute(t.db);
      parts.push(`${table}:${rows[0]?.n}:${rows[0]?.digest}`);
    }
    return parts.join('\n');
  };

  it('no write route answers 5xx or changes a row, whatever the body', async () => {
    // One row of each kind, so that paths name rows that exist.
    const tag = (await t.call('admin', 'POST', '/tags', { cityId: t.ids.cityId, name: 'Spicy' })).json();
    const district = (await t.call('admin', 'POST', '/districts', { cityId: t.ids.cityId, name: 'Centre' })).json();
    const cuisine = (await t.call('admin', 'POST', '/cuisines', { cityId: t.ids.cityId, name: 'Thai' })).json();
    const bot = (await t.call('admin', 'POST', '/bots', { cityId: t.ids.cityId, botToken: `123456:${'A'.repeat(35)}` })).json();
    const ids: Record<string, number> = { tags: tag.id, districts: district.id, cuisines: cuisine.id, bots: bot.id, cities: t.ids.cityId };
    await t.db.insertInto('city_configs').values({ city_id: t.ids.cityId, key: 'adChatId', value: '-1001234567890' }).execute();
    const adTimes = {
      publishTimestamp: new Date(Date.now() + 3_600_000).toISOString(),
      unpublishTimestamp: new Date(Date.now() + 7_200_000).toISOString(),
    };
    ids.advertisements = (
      await t.call('admin', 'POST', '/advertisements', { text: 'Ad', restaurantId: t.ids.restaurantId, ...adTimes })
    ).json().id;

    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const routes: { method: Method; url: string; schema?: JsonSchema }[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [verb, operation] of Object.entries(operations)) {
        const method = verb.toUpperCase();
        // The messenger's updates are any object by design (bots.test.ts covers the rest).
        if ((method !== 'POST' && method !== 'PUT') || path.startsWith('/webhook/')) continue;
        const area = path.split('/')[2] ?? '';
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) => String(name === 'id' ? (ids[area] ?? 1) : t.ids.cityId));
        routes.push({ method, url, schema: operation.requestBody?.content?.['application/json']?.schema });
      }
    }
    // The write routes of the areas landed so far (later areas are covered by being in the contract).
    expect(routes.map((r) => `${r.method} ${r.url.replace(/\d+/g, ':n')}`)).toEqual(
      expect.arrayContaining([
        'POST /login',
        'POST /api/cities',
        'PUT /api/cities/:n',
        'PUT /api/config/:n',
        'POST /api/tags',
        'PUT /api/tags/:n',
        'POST /api/districts',
        'PUT /api/districts/:n',
        'POST /api/cuisines',
        'PUT /api/cuisines/:n',
        'POST /api/bots',
        'PUT /api/bots/:n',
        'PUT /api/superadmin/globalSettings',
        'POST /api/restaurants',
        'PUT /api/restaurants/:n',
        'PUT /api/restaurants/:n/photo',
        'POST /api/dishCategories',
        'PUT /api/dishCategories/:n',
        'POST /api/dishes',
        'PUT /api/dishes/:n',
        'POST /api/dishes/bulk',
        'POST /api/advertisements',
        'PUT /api/advertisements/:n',
        'POST /api/video',
        'POST /api/users',
        'PUT /api/users/:n',
        'POST /login/secondFactor',
        'POST /api/secondFactor/confirm',
        'POST /api/secondFactor/disable',
      ]),
    );

    const before = await snapshot();
    const failures: string[] = [];
    for (const route of routes) {
      const payloads: { body: string; contentType: string }[] = [
        ...badBodies(route.schema).map((body) => ({ body: JSON.stringify(body), contentType: 'application/json' })),
        { body: '{', contentType: 'application/json' },
        { body: '', contentType: 'application/json' },
        { body: '{"a":', contentType: 'application/json' },
        { body: 'name=x', contentType: 'application/x-www-form-urlencoded' },
      ];
      for (const { body, contentType } of payloads) {
        const { url } = route;
        const response = await t.app.inject({
          method: route.method,
          url,
          headers: { ...t.auth.admin, 'content-type': contentType },
          payload: body,
        });
        if (response.statusCode >= 500 || response.statusCode < 400) {
          failures.push(`${route.method} ${url} ${body.slice(0, 80)} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it('control characters are refused by the schemas with the field named, before the database sees them', async () => {
    const cases: [Method, string, unknown, string][] = [
      ['POST', '/tags', { cityId: t.ids.cityId, name: 'a\u0000b' }, 'name'],
      ['POST', '/cities', { name: 'Nul\u0000city', currency: 'EUR' }, 'name'],
      ['POST', '/cuisines', { cityId: t.ids.cityId, name: 'Thai', name_ru: '\u0000' }, 'name_ru'],
      ['POST', '/districts', { cityId: t.ids.cityId, name: 'x\u001b' }, 'name'],
      ['PUT', `/config/${t.ids.cityId}`, [{ key: 'infoButtonTextEn', value: 'a\u0000' }], 'infoButtonTextEn'],
      ['PUT', '/superadmin/globalSettings', { publicUrl: 'http://a\u0000b' }, 'publicUrl'],
      ['POST', '/users', { username: 'a\u0000b', password: 'long-enough', roleId: 50, cityId: t.ids.cityId }, 'username'],
    ];
    for (const [method, url, payload, field] of cases) {
      const response = await t.call('admin', method, url, payload);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().details, url).toContainEqual(
        expect.objectContaining({ field, message: 'must not contain control characters', key: 'validation.controlCharacters' }),
      );
    }
    const login = await t.app.inject({ method: 'POST', url: '/login', payload: { username: 'adm\u0000in', password: 'x' } });
    expect(login.statusCode).toBe(400);
  });

  it('an update that names no known field is a 400 saying so, for every entity', async () => {
    const tag = (await t.call('admin', 'POST', '/tags', { cityId: t.ids.cityId, name: 'Mild' })).json();
    for (const url of [`/cities/${t.ids.cityId}`, `/tags/${tag.id}`, '/superadmin/globalSettings']) {
      const response = await t.call('admin', 'PUT', url, {});
      expect(response.statusCode, url).toBe(400);
      expect(response.json().details, url).toContainEqual(
        expect.objectContaining({ field: 'body', message: 'name at least one field to change' }),
      );
      expect((await t.call('admin', 'PUT', url, { nothing: 1 })).statusCode, url).toBe(400);
    }
  });

  it('an update that names only the stored values answers 200 with the record unchanged, on every update', async () => {
    expect(await sameValueFailures(t)).toEqual([]);
  });

  it('number-like config values take decimal notation only', async () => {
    for (const value of ['0x10', ' 1.5 ', '1e3', 'Infinity', '1.', '.5', '+2']) {
      const response = await t.call('admin', 'PUT', `/config/${t.ids.cityId}`, [{ key: 'deliveryMultiplier', value }]);
      expect(response.statusCode, value).toBe(400);
      expect(response.json().details, value).toContainEqual(
        expect.objectContaining({ field: 'deliveryMultiplier', message: 'must be a number' }),
      );
    }
    expect((await t.call('admin', 'PUT', `/config/${t.ids.cityId}`, [{ key: 'deliveryMultiplier', value: '1.75' }])).statusCode).toBe(200);
    expect((await t.call('admin', 'PUT', `/config/${t.ids.cityId}`, [{ key: 'timeShift', value: '-3' }])).statusCode).toBe(200);
  });

  it('ids beyond what PostgreSQL holds are a 400, not a database error', async () => {
    for (const url of ['/tags/99999999999', '/cities/2147483648', '/cuisines/city/99999999999']) {
      expect((await t.call('admin', 'GET', url)).statusCode, url).toBe(400);
    }
    expect((await t.call('admin', 'POST', '/tags', { cityId: 99999999999, name: 'x' })).statusCode).toBe(400);
  });
});
