import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, packageVersion, readConfig } from '../../server/config';

const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-config-'));
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

describe('the environment configuration', () => {
  it('has defaults for everything; the JWT secret is generated once and kept in DATA_DIR', () => {
    const config = read({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: undefined,
      demo: false,
      log: true,
      trustProxy: false,
      version: packageVersion(),
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(config.jwtSecret);
    expect(read({}).jwtSecret).toBe(config.jwtSecret);
    // Set but empty is the same as unset.
    expect(read({ PORT: '', DEMO: '', TRUST_PROXY: '' })).toMatchObject({ port: 3000, demo: false, trustProxy: false });
  });

  it('reads every variable', () => {
    const config = read({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://user@db:5432/backoffice',
      JWT_SECRET: 'x'.repeat(40),
      DEMO: 'yes',
      APP_VERSION: '9.9.9-rc.1',
      LOG: 'off',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://user@db:5432/backoffice',
      jwtSecret: 'x'.repeat(40),
      demo: true,
      version: '9.9.9-rc.1',
      log: false,
    });
  });

  it('TRUST_PROXY is off, a hop count or a list of proxy addresses', () => {
    expect(read({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(read({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(read({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(read({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'loopback',
    ]);
    for (const wrong of ['true', 'everyone', '10.0.0.300', '10.0.0.0/33', '10.0.0.1,', 'example.com']) {
      expect(errorOf({ TRUST_PROXY: wrong }), wrong).toContain('TRUST_PROXY must be off, a hop count');
    }
  });

  it('refuses the demo data with the Telegram messenger, naming both variables', () => {
    for (const demo of ['on', 'true', '1']) {
      const message = errorOf({ DEMO: demo, MESSENGER: 'telegram' });
      expect(message).toContain('DEMO must be off with MESSENGER=telegram');
      expect(message).toContain('MESSENGER=local');
    }
    expect(read({ DEMO: 'on', MESSENGER: 'local' })).toMatchObject({ demo: true, messenger: 'local' });
    expect(read({ DEMO: 'off', MESSENGER: 'telegram' })).toMatchObject({ demo: false, messenger: 'telegram' });
  });

  it('refuses a bad environment with one message naming every wrong variable', () => {
    const message = errorOf({
      PORT: '0x10',
      HOST: 'local host',
      DATABASE_URL: 'mysql://db/x',
      JWT_SECRET: 'short',
      DEMO: 'maybe',
      APP_VERSION: 'one two',
      LOG: 'verbose',
    });
    expect(message).toContain('The environment is not valid');
    expect(message).toContain('PORT must be a port number (0 to 65535) (got "0x10")');
    expect(message).toContain('HOST must be a host name or an address');
    expect(message).toContain('DATABASE_URL must be a postgres:// URL');
    expect(message).toContain('JWT_SECRET must be at least 32 characters long');
    expect(message).toContain('DEMO must be one of on, off');
    expect(message).toContain('APP_VERSION must be a version without spaces');
    expect(message).toContain('LOG must be one of on, off');
    // Secrets are named, never shown.
    expect(message).not.toContain('short');
    expect(message).not.toContain('mysql://db/x');
    for (const port of ['70000', '-1', ' 80', '1.5', 'abc']) expect(errorOf({ PORT: port }), port).toContain('PORT must be a port number');
  });

  it("reads the mailing sender's rate and lease with the rest, so one message names them beside any other wrong variable", () => {
    expect(read({}).mailing).toEqual({ rate: 25, leaseSeconds: 300 });
    expect(read({ MAILING_RATE: '12.5', MAILING_SEND_LEASE: '60' }).mailing).toEqual({ rate: 12.5, leaseSeconds: 60 });
    const message = errorOf({ PORT: 'abc', MAILING_RATE: '-1', MAILING_SEND_LEASE: '0' });
    expect(message).toContain('PORT must be a port number');
    expect(message).toContain('MAILING_RATE must be a number above 0 and at most 10000 (got "-1")');
    expect(message).toContain('MAILING_SEND_LEASE must be a number above 0 and at most 86400 (got "0")');
    for (const rate of ['0', '10001', 'fast', '1e3'])
      expect(errorOf({ MAILING_RATE: rate }), rate).toContain('MAILING_RATE must be a number above 0');
  });
});

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
