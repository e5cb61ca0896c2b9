import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from './harness';

describe('the served app and the announced version', () => {
  let t: TestApp;
  const dist = mkdtempSync(join(tmpdir(), 'backoffice-dist-'));

  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    t = await openTestApp('pglite', { staticDir: dist, version: '9.9.9' });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html and assets with the version header and fitting caching', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['x-app-version']).toBe('9.9.9');
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['x-app-version']).toBe('9.9.9');
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-app-version']).toBe('9.9.9');
  });
});
