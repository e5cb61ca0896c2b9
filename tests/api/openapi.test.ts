import { describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from './harness';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { parameters?: unknown[]; requestBody?: unknown; responses?: Record<string, unknown> }>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
}

/** "/api/cities/:id" as OpenAPI writes it: "/api/cities/{id}". */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '');

describe('the published contract', () => {
  let t: TestApp;
  let document: OpenApiDocument;

  it('is served without a login at /api/openapi.json, with the bearer scheme and the error shape', async () => {
    t = await openTestApp('pglite');
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json<OpenApiDocument>();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.schemas.Error).toMatchObject({ required: ['statusCode', 'code', 'error', 'message'] });
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });

  it('lists every API call, each with its schemas (a route without one fails the start)', async () => {
    const routes = t.app.documentedRoutes;
    expect(routes.length).toBeGreaterThan(25);
    const missing = routes.filter((route) => {
      const [method, url] = route.split(' ');
      return !document.paths[openApiPath(url)]?.[method.toLowerCase()];
    });
    expect(missing).toEqual([]);
    // Calls with an id in the path describe it; writes describe their body; reads their answer.
    expect(document.paths['/api/tags/{id}']?.put?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]),
    );
    expect(document.paths['/api/tags']?.post?.requestBody).toBeDefined();
    expect(document.paths['/api/cities']?.get?.responses?.['200']).toBeDefined();
    await t.close();
  });
});
