import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import {
  backends,
  bearer,
  login,
  openTestApp,
  openTestDb,
  seedRoles,
  TEST_SECRET,
  TEST_VERSION,
  type TestApp,
  type TestDb,
} from './harness';
import { multipart, PIXEL_PNG } from './photoUpload';

const SCRIPT = `console.log(${JSON.stringify('the app '.repeat(500))});\n`;

const EXPECTED_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
];

function expectSecurityHeaders(response: LightMyRequestResponse, what: string) {
  const csp = String(response.headers['content-security-policy']);
  for (const directive of EXPECTED_CSP) expect(csp, what).toContain(directive);
  expect(csp, what).not.toContain('upgrade-insecure-requests');
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['x-frame-options'], what).toBe('DENY');
  expect(response.headers['referrer-policy'], what).toBe('no-referrer');
}

describe.each(backends)('security headers, compression and 404s on %s', (backend) => {
  let t: TestApp;
  let auth: { authorization: string };
  let cityId: number;
  const dist = mkdtempSync(join(tmpdir(), 'backoffice-dist-'));

  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), `<!doctype html><title>app</title>${'<!-- padding -->'.repeat(100)}`);
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'app-1234.js'), SCRIPT);
    t = await openTestApp(backend, { staticDir: dist });
    ({ cityId } = await seedRoles(t.db));
    auth = bearer(await login(t.app, 'admin'));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('every response carries the CSP, nosniff, frame and referrer protection', async () => {
    const body = multipart([{ field: 'photo_0', name: 'dot.png', type: 'image/png', data: PIXEL_PNG }]);
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/photo?cityId=${cityId}`,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(200);
    const [fileId] = upload.json<string[]>();
    const responses: [string, LightMyRequestResponse][] = [
      ['page', await t.app.inject({ method: 'GET', url: '/' })],
      ['asset', await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' })],
      ['api', await t.app.inject({ method: 'GET', url: '/api/cities', headers: auth })],
      ['api without a token', await t.app.inject({ method: 'GET', url: '/api/cities' })],
      ['photo', await t.app.inject({ method: 'GET', url: `/api/photo?telegramFileId=${fileId}`, headers: auth })],
      ['404', await t.app.inject({ method: 'GET', url: '/no/such/page' })],
      ['api 404', await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: auth })],
      ['400', await t.app.inject({ method: 'POST', url: '/login', payload: 'not json', headers: { 'content-type': 'application/json' } })],
      ['graphql', await t.app.inject({ method: 'POST', url: '/graphql', headers: auth, payload: { query: '{ me { id } }' } })],
    ];
    expect(responses.map(([what, r]) => [what, r.statusCode])).toEqual([
      ['page', 200],
      ['asset', 200],
      ['api', 200],
      ['api without a token', 401],
      ['photo', 200],
      ['404', 404],
      ['api 404', 404],
      ['400', 400],
      ['graphql', 200],
    ]);
    for (const [what, response] of responses) expectSecurityHeaders(response, what);
  });

  it('serves the page, scripts and JSON compressed when the client accepts it', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gzip = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    for (let i = 0; i < 20; i++)
      await t.db
        .insertInto('cuisines')
        .values({ city_id: cityId, name: `Cuisine ${i}`, name_ru: `Кухня ${i}` })
        .execute();
    const json = await t.app.inject({ method: 'GET', url: '/api/cuisines', headers: { ...auth, 'accept-encoding': 'gzip' } });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(json.rawPayload).toString())).toEqual(expect.any(Array));
  });

  it('a 404 echoes at most the first 100 characters of the path', async () => {
    const long = `/${'a'.repeat(5000)}`;
    const response = await t.app.inject({ method: 'GET', url: `${long}?token=secret` });
    expect(response.statusCode).toBe(404);
    const { message } = response.json<{ message: string }>();
    expect(message).toBe(`Route GET /${'a'.repeat(99)}... not found`);
    const short = await t.app.inject({ method: 'GET', url: '/missing?token=secret' });
    expect(short.json().message).toBe('Route GET /missing not found');
  });
});

describe('TRUST_PROXY', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb('pglite');
  });
  afterAll(async () => testDb?.close());

  async function clientAddress(trustProxy: false | number | string[] | undefined, forwardedFor: string, remoteAddress = '10.0.0.1') {
    const app = await buildApp({
      db: testDb.db,
      jwtSecret: TEST_SECRET,
      version: TEST_VERSION,
      ...(trustProxy === undefined ? {} : { trustProxy }),
    });
    app.get('/address-probe', async (request) => ({ ip: request.ip }));
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/address-probe',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      });
      return response.json<{ ip: string }>().ip;
    } finally {
      await app.close();
    }
  }

  it('X-Forwarded-For is ignored unless proxies are configured', async () => {
    expect(await clientAddress(undefined, '10.30.1.1')).toBe('10.0.0.1');
    expect(await clientAddress(false, '10.30.1.1')).toBe('10.0.0.1');
  });

  it('a hop count or a list of proxy addresses is believed that far', async () => {
    expect(await clientAddress(1, '203.0.113.9, 10.30.1.1')).toBe('10.30.1.1');
    expect(await clientAddress(2, '203.0.113.9, 10.30.1.1')).toBe('203.0.113.9');
    expect(await clientAddress(['10.0.0.1'], '203.0.113.9')).toBe('203.0.113.9');
    expect(await clientAddress(['10.0.0.2'], '203.0.113.9')).toBe('10.0.0.1');
  });
});
