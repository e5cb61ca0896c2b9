import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../server/config';

const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-ops-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const read = (env: Record<string, string>) => readConfig({ DATA_DIR: dataDir, ...env });
const errorOf = (env: Record<string, string>): string => {
  try {
    read(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error instanceof Error ? error.message : '';
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
};

/** METRICS_TOKEN, the live stream caps and SHUTDOWN_TIMEOUT. */
describe('the operations settings of the environment', () => {
  it('default to no token (loopback only), 8 streams per user, 1000 in all, and a 10 s stop', () => {
    expect(read({})).toMatchObject({ metricsToken: undefined, liveStreams: { perUser: 8, total: 1000 }, shutdownTimeoutMs: 10_000 });
    expect(read({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
  });

  it('take the values given', () => {
    const config = read({
      METRICS_TOKEN: 'a-scraper-token-of-some-length',
      LIVE_STREAMS_PER_USER: '3',
      LIVE_STREAMS_MAX: '50',
      SHUTDOWN_TIMEOUT: '25',
    });
    expect(config).toMatchObject({
      metricsToken: 'a-scraper-token-of-some-length',
      liveStreams: { perUser: 3, total: 50 },
      shutdownTimeoutMs: 25_000,
    });
  });

  it('refuse wrong values, naming each, and never echo the token', () => {
    const message = errorOf({ METRICS_TOKEN: 'short token', LIVE_STREAMS_PER_USER: '0', LIVE_STREAMS_MAX: 'many', SHUTDOWN_TIMEOUT: '-1' });
    expect(message).toContain('METRICS_TOKEN must be at least 16 characters long');
    expect(message).not.toContain('short token');
    expect(message).toContain('LIVE_STREAMS_PER_USER must be a whole number from 1 to 1000 (got "0")');
    expect(message).toContain('LIVE_STREAMS_MAX must be a whole number from 1 to 1000000 (got "many")');
    expect(message).toContain('SHUTDOWN_TIMEOUT must be a whole number from 1 to 3600 (got "-1")');
  });
});
