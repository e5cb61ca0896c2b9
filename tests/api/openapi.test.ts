import { Ajv } from 'ajv';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATS_FIGURES } from '../../src/domain';
import { openTestApp, type TestApp } from './harness';

type OpenApiDocument = OpenAPIV3.Document;

/**
 * "/api/cities/:id" as OpenAPI writes it, "/api/cities/{id}", with the parameters' names left
 * out: the document names a parameter once per position (/orders/{id} and /orders/{threadId}
 * are one path to OpenAPI).
 */
const pathShape = (url: string) =>
  url
    .replace(/:(\w+)/g, '{}')
    .replace(/\{\w+\}/g, '{}')
    .replace(/\/$/, '');

const METHODS = ['get', 'put', 'post', 'delete'] as const;

const operationsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item?.[method];
      return operation ? [{ path, method, operation }] : [];
    }),
  );

const pathParameter = (operation: OpenAPIV3.OperationObject | undefined) =>
  operation?.parameters?.find((p): p is OpenAPIV3.ParameterObject => 'in' in p && p.in === 'path');

describe('the published contract', () => {
  let t: TestApp;
  let document: OpenApiDocument;

  beforeAll(async () => {
    t = await openTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('is served without a login at /api/openapi.json, with the bearer scheme and the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json<OpenApiDocument>();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.components?.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components?.schemas?.Error).toMatchObject({ required: ['statusCode', 'code', 'error', 'message'] });
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });

  it('lists every API call, each with its schemas (a route without one fails the start)', async () => {
    const routes = t.app.documentedRoutes;
    expect(routes.length).toBeGreaterThan(25);
    const shapes = new Map(Object.entries(document.paths).map(([path, item]) => [pathShape(path), item]));
    const missing = routes.filter((route) => {
      const [method, url] = route.split(' ');
      return !shapes.get(pathShape(url))?.[method.toLowerCase() as (typeof METHODS)[number]];
    });
    expect(missing).toEqual([]);
    // Calls with an id in the path describe it; writes describe their body; reads their answer.
    expect(document.paths['/api/tags/{id}']?.put?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]),
    );
    expect(document.paths['/api/tags']?.post?.requestBody).toBeDefined();
    expect(document.paths['/api/cities']?.get?.responses?.['200']).toBeDefined();
  });

  it('gives every operation a unique id, a summary and its refusal in the error shape', () => {
    const operations = operationsOf(document);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter(({ operation }) => !operation.summary)).toEqual([]);
    const withoutRefusal = operations.filter(({ operation }) => !Object.keys(operation.responses).some((s) => s.startsWith('4')));
    expect(withoutRefusal).toEqual([]);
    expect(document.paths['/api/cities/{id}']?.get?.responses['4XX']).toEqual({ $ref: '#/components/responses/Error' });
    expect(document.components?.responses?.Error).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
  });

  it("names a path's parameter once per position, each operation saying what it holds", () => {
    const shapes = Object.keys(document.paths).map(pathShape);
    expect(shapes.filter((shape, i) => shapes.indexOf(shape) !== i)).toEqual([]);
    // The spec's URLs stay: /orders/{threadId} and /reviews/{cityId} are the same paths as PUT /orders/{id} and /reviews/{id}.
    const orders = document.paths['/api/orders/{id}'];
    expect(Object.keys(orders ?? {})).toEqual(expect.arrayContaining(['get', 'post', 'put']));
    expect(pathParameter(orders?.get)).toMatchObject({ name: 'id', description: expect.stringContaining('thread id') });
    expect(pathParameter(orders?.put)).toMatchObject({ name: 'id', schema: { pattern: expect.stringContaining('[1-9]') } });
    expect(pathParameter(document.paths['/api/reviews/{id}']?.get)).toMatchObject({
      name: 'id',
      description: expect.stringContaining('city id'),
    });
  });

  it('lets the null through that the server accepts in a union (no nullable without a type)', () => {
    const ajv = new Ajv({ strict: false });
    const body = document.paths['/api/users']?.post?.requestBody;
    const schema = body && 'content' in body ? body.content['application/json']?.schema : undefined;
    const telegramId = schema && 'properties' in schema ? schema.properties?.telegramId : undefined;
    expect(telegramId).toBeDefined();
    const validate = ajv.compile(telegramId ?? false);
    expect([null, 12345, '12345'].map((value) => validate(value))).toEqual([true, true, true]);
    expect(JSON.stringify(document)).not.toMatch(/"nullable":true,"anyOf"/);
  });

  it('documents the list headers and that admins must name the city of statistics', () => {
    const ok = (path: string) => {
      const response = document.paths[path]?.get?.responses['200'];
      return response && 'headers' in response ? response.headers : undefined;
    };
    expect(Object.keys(ok('/api/orders') ?? {})).toEqual(['X-Total-Count', 'X-Order-Totals']);
    expect(Object.keys(ok('/api/restaurants') ?? {})).toEqual(['X-Total-Count']);
    const statsPaths = Object.keys(document.paths).filter((path) => path.startsWith('/api/stats/'));
    expect(statsPaths).toHaveLength(STATS_FIGURES.length);
    for (const path of [...statsPaths, '/api/users/top']) {
      const cityId = document.paths[path]?.get?.parameters?.find((p) => 'name' in p && p.name === 'cityId');
      expect(cityId, path).toMatchObject({ required: false, description: expect.stringMatching(/Required of admins/) });
    }
  });
});
