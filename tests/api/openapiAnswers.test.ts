import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo';
import { backends, bearer, login, openTestApp, type TestApp } from './harness';
import { SMALL_DEMO } from './opsFixtures';

const ROLES = ['admin', 'cityadmin', 'operator', 'owner'] as const;
type Who = (typeof ROLES)[number];

/** Reads that answer no JSON document: a live stream, files and the GraphQL endpoint (graphql*.test.ts). */
const NOT_JSON = ['/api/events', '/api/photo', '/api/video', '/api/orders/export/excel', '/api/restaurants/{id}/menu.xlsx', '/graphql'];

/** "doc#/paths/~1api~1cities/get/...": a JSON pointer into the document, as a URI fragment. */
const pointer = (...tokens: string[]) =>
  `doc#/${tokens.map((token) => encodeURIComponent(token.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}`;

interface Fixture {
  cityId: number;
  restaurantId: number;
  botId: number;
  order: { id: number; threadId: string };
  staffId: number;
}

/**
 * Every GET of the published document, called by each staff role on the demo data, and every
 * answer checked against the document: the status must be documented, the body must match its
 * schema (ajv), and the list headers must be sent exactly where they are documented. A route
 * whose answers drift from its schema fails here, whoever added it.
 */
describe.each(backends)('every read answers as the contract says, for every role, on %s', (backend) => {
  let t: TestApp;
  let document: OpenAPIV3.Document;
  const auth: Partial<Record<Who, { authorization: string }>> = {};
  let fixture: Fixture;

  beforeAll(async () => {
    t = await openTestApp(backend);
    const { seedDemo } = await import('../../server/db/demo');
    await seedDemo(t.db, { now: new Date(), size: SMALL_DEMO });
    for (const who of ROLES) auth[who] = bearer(await login(t.app, who, DEMO_PASSWORD));
    document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenAPIV3.Document>();
    const owner = await t.db
      .selectFrom('users')
      .select(['city_id', 'restaurant_id'])
      .where('username', '=', 'owner')
      .executeTakeFirstOrThrow();
    if (owner.city_id === null || owner.restaurant_id === null) throw new Error('The demo owner has no restaurant');
    const bot = await t.db.selectFrom('bots').select('id').where('city_id', '=', owner.city_id).executeTakeFirstOrThrow();
    const order = await t.db
      .selectFrom('orders')
      .select(['id', 'thread_id'])
      .where('restaurant_id', '=', owner.restaurant_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const operator = await t.db.selectFrom('users').select('id').where('username', '=', 'operator').executeTakeFirstOrThrow();
    fixture = {
      cityId: owner.city_id,
      restaurantId: owner.restaurant_id,
      botId: bot.id,
      order: { id: order.id, threadId: order.thread_id },
      staffId: operator.id,
    };
  }, 120_000);
  afterAll(async () => t?.close());

  const get = (who: Who, url: string) => t.app.inject({ method: 'GET', url, headers: auth[who] });

  /** Where the records of an area are listed when its own path is react-admin's getMany (?ids=). */
  const cityLists = (): Record<string, string> => ({
    '/api/tags': `/api/tags/cities/${fixture.cityId}`,
    '/api/districts': `/api/cities/${fixture.cityId}/districts`,
    '/api/cuisines': `/api/cuisines/city/${fixture.cityId}`,
  });

  /** The first record a role (or else an admin) lists at `listPath`. */
  const firstListed = async (who: Who, listPath: string): Promise<string> => {
    const byCity = cityLists()[listPath];
    for (const reader of [who, 'admin'] as const) {
      for (const url of [listPath, `${listPath}?cityId=${fixture.cityId}`, ...(byCity ? [byCity] : [])]) {
        const rows = (await get(reader, url)).json<unknown>();
        const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
        if (typeof first === 'object' && first !== null && 'id' in first) return String(first.id);
      }
    }
    throw new Error(`${listPath} lists nothing to read one of`);
  };

  /** The values of the path parameters, by path: ids of the demo that the city roles reach. */
  const pathValues = (): Record<string, string[]> => {
    const city = [String(fixture.cityId)];
    return {
      '/api/cities/{id}': city,
      '/api/config/{cityId}': city,
      '/api/tags/cities/{cityId}': city,
      '/api/cuisines/city/{cityId}': city,
      '/api/cities/{cityId}/districts': city,
      '/api/cities/{cityId}/setup': city,
      '/api/cities/{cityId}/orderTimers': city,
      '/api/districts/plain/{cityId}': city,
      '/api/restaurants/city/{cityId}': city,
      '/api/reviews/{id}': city,
      '/api/cities/for_bots/{botId}': [String(fixture.botId)],
      '/api/restaurants/{id}': [String(fixture.restaurantId)],
      '/api/reviews/restaurant/{restaurantId}': [String(fixture.restaurantId)],
      '/api/orders/{id}': [fixture.order.threadId],
      '/api/orders/{id}/timeline': [String(fixture.order.id)],
      '/api/cannedReplies/order/{threadId}': [fixture.order.threadId],
      '/api/language/{id}': ['ru'],
      '/api/users/{id}/secondFactor': [String(fixture.staffId)],
    };
  };

  const urlFor = async (who: Who, path: string): Promise<string> => {
    if (!path.includes('{')) return path;
    const explicit = pathValues()[path];
    if (explicit) {
      let i = 0;
      return path.replace(/\{\w+\}/g, () => explicit[i++] ?? '');
    }
    const list = /^(\/api\/\w+)\/\{id\}$/.exec(path)?.[1];
    if (list && document.paths[list]?.get) return path.replace('{id}', await firstListed(who, list));
    throw new Error(`${path}: no value for its parameters (add it to pathValues)`);
  };

  it('documents every status, body and list header it answers', async () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(document, 'doc');
    const validators = new Map<string, ValidateFunction>();
    const validatorAt = (ref: string) => {
      const known = validators.get(ref);
      if (known) return known;
      const compiled = ajv.compile({ $ref: ref });
      validators.set(ref, compiled);
      return compiled;
    };

    const failures: string[] = [];
    let checked = 0;
    const answered = new Map<string, number>();
    const check = (who: Who, path: string, url: string, response: LightMyRequestResponse) => {
      const where = `${who} GET ${url} -> ${response.statusCode}`;
      checked++;
      const responses = document.paths[path]?.get?.responses ?? {};
      const status = String(response.statusCode);
      const key = status in responses ? status : `${status[0]}XX` in responses ? `${status[0]}XX` : undefined;
      if (!key) {
        failures.push(`${where}: status not documented (${Object.keys(responses).join(', ')})`);
        return;
      }
      if (response.statusCode === 200) answered.set(path, (answered.get(path) ?? 0) + 1);
      const ref = (() => {
        const documented = responses[key];
        return documented && '$ref' in documented ? `doc${documented.$ref}` : pointer('paths', path, 'get', 'responses', key);
      })();
      const validate = validatorAt(`${ref}/content/application~1json/schema`);
      if (!validate(response.json<unknown>())) {
        failures.push(`${where}: ${ajv.errorsText(validate.errors)} in ${response.body.slice(0, 200)}`);
      }
      if (response.statusCode !== 200) return;
      const documentedResponse = responses['200'];
      const headers = documentedResponse && 'headers' in documentedResponse ? Object.keys(documentedResponse.headers ?? {}) : [];
      for (const header of ['X-Total-Count', 'X-Order-Totals']) {
        const sent = response.headers[header.toLowerCase()] !== undefined;
        if (sent !== headers.includes(header))
          failures.push(`${where}: ${header} ${sent ? 'sent but not documented' : 'documented but not sent'}`);
      }
    };

    const reads = Object.entries(document.paths).filter(([path, item]) => item?.get && !NOT_JSON.includes(path));
    expect(reads.length).toBeGreaterThan(50);
    for (const [path, item] of reads) {
      const takesCity = (item?.get?.parameters ?? []).some((p) => 'in' in p && p.in === 'query' && p.name === 'cityId');
      for (const who of ROLES) {
        const url = await urlFor(who, path);
        // Lists filtered by city are read whole and for the demo city; an admin must name the city of statistics.
        for (const asked of takesCity ? [url, `${url}?cityId=${fixture.cityId}`] : [url]) {
          check(who, path, asked, await get(who, asked));
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(ROLES.length * reads.length);
    // Every read answered at least one role with its record or list, so every 200 schema was tried.
    expect(reads.map(([path]) => path).filter((path) => !answered.has(path))).toEqual([]);
  }, 120_000);
});
