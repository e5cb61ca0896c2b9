import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import type { TrustProxy } from '../../server/config';
import { backends, openTestDb, TEST_SECRET, TEST_VERSION } from './harness';

interface LogEntry {
  level: number;
  msg: string;
  proxyAddress?: string;
}

describe.each(backends)('the warning about X-Forwarded-For while TRUST_PROXY is off, on %s', (backend) => {
  const withApp = async (trustProxy: TrustProxy, run: (app: FastifyInstance, advance: (minutes: number) => void) => Promise<void>) => {
    const lines: string[] = [];
    let clock = new Date('2030-01-01T10:00:00Z');
    const testDb = await openTestDb(backend);
    const app = await buildApp({
      db: testDb.db,
      jwtSecret: TEST_SECRET,
      version: TEST_VERSION,
      logger: true,
      logStream: { write: (line) => lines.push(line) },
      trustProxy,
      now: () => clock,
    });
    try {
      await run(app, (minutes) => {
        clock = new Date(clock.getTime() + minutes * 60_000);
      });
    } finally {
      await app.close();
      await testDb.close();
    }
    return lines.map((line) => JSON.parse(line) as LogEntry).filter((entry) => entry.msg.includes('X-Forwarded-For'));
  };
  const forwarded = (app: FastifyInstance) =>
    app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'x-forwarded-for': '203.0.113.7' }, remoteAddress: '10.0.0.2' });

  it('is logged at the first forwarded request and then at most once an hour, naming TRUST_PROXY and what to set', async () => {
    const warnings = await withApp(false, async (app, advance) => {
      await app.inject({ method: 'GET', url: '/api/openapi.json' });
      await forwarded(app);
      await forwarded(app);
      advance(59);
      await forwarded(app);
      advance(2);
      await forwarded(app);
    });
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatchObject({ level: 40, proxyAddress: '10.0.0.2' });
    expect(warnings[0].msg).toContain('TRUST_PROXY is off');
    expect(warnings[0].msg).toContain('TRUST_PROXY=1');
  });

  it('goes to stderr when the request log is off', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const testDb = await openTestDb(backend);
    const app = await buildApp({ db: testDb.db, jwtSecret: TEST_SECRET, version: TEST_VERSION });
    try {
      await forwarded(app);
      await forwarded(app);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0][0])).toContain('TRUST_PROXY is off');
    } finally {
      warn.mockRestore();
      await app.close();
      await testDb.close();
    }
  });

  it('is not logged when TRUST_PROXY names the proxy', async () => {
    expect(await withApp(1, async (app) => void (await forwarded(app)))).toEqual([]);
    expect(await withApp(['10.0.0.2'], async (app) => void (await forwarded(app)))).toEqual([]);
  });
});
