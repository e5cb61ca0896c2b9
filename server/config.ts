import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_MAILING_RATE, DEFAULT_SEND_LEASE_SECONDS, type MailingConfig } from './areas/mailings/mailingConfig';

export const ROOT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** package.json is the one source of the version, for the server and the browser build. */
export const packageVersion = (): string =>
  (JSON.parse(readFileSync(join(ROOT_DIR, 'package.json'), 'utf8')) as { version: string }).version;

/** Which proxies may set X-Forwarded-For: none, the nearest N hops, or these addresses (Fastify's trustProxy). */
export type TrustProxy = false | number | string[];

/** Fastify's trustProxy option for it; a hop count as the function Fastify makes of a number. */
export const trustProxyOption = (trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) =>
  typeof trust === 'number' ? (_address, hop) => hop < trust : trust;

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: string;
  /** SECOND_FACTOR_KEY: seals the staff's second-factor secrets; unset, a key derived from the JWT secret. */
  secondFactorKey?: string;
  demo: boolean;
  /** Simulated customers and restaurants at work in the demo (DEMO_TRAFFIC; only with the demo on). */
  demoTraffic: boolean;
  version: string;
  log: boolean;
  trustProxy: TrustProxy;
  staticDir: string;
  /** Which messenger gateway speaks to the customers: the local store, or the Telegram Bot API (at `telegramApiUrl`, Telegram's own by default). */
  messenger: 'local' | 'telegram';
  telegramApiUrl?: string;
  /** Health, metrics and stopping: the bearer token of GET /metrics (none: loopback only), the live stream caps, the grace of a stop. */
  metricsToken?: string;
  liveStreams: { perUser: number; total: number };
  shutdownTimeoutMs: number;
  /** Excel exports made at once by this process (one per user besides). */
  exportConcurrency: number;
  /** How the mass-mailing sender runs (MAILING_RATE, MAILING_SEND_LEASE). */
  mailing: MailingConfig;
}

/** A configuration the server cannot start with; the message names every bad variable. */
export class ConfigError extends Error {}

/** An optional variable; set to the empty string counts as unset. */
const text = () =>
  z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v));

const ON = ['1', 'true', 'yes', 'on'];
const OFF = ['0', 'false', 'no', 'off'];
const flag = (fallback: boolean) =>
  text()
    .pipe(
      z
        .string()
        .toLowerCase()
        .refine((v) => ON.includes(v) || OFF.includes(v), 'must be one of on, off, true, false, yes, no, 1, 0')
        .optional(),
    )
    .transform((v) => (v === undefined ? fallback : ON.includes(v)));

/** Proxy-addr's names for address ranges, accepted besides addresses and CIDR blocks. */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (entry: string): boolean => {
  if (RANGE_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
};

const TRUST_PROXY_HINT = 'must be off, a hop count (1, 2, ...) or a comma-separated list of proxy addresses or CIDR ranges';
const trustProxy = text().transform((value, ctx): TrustProxy => {
  const given = (value ?? '').trim();
  if (given === '' || OFF.includes(given.toLowerCase())) return false;
  if (/^\d{1,3}$/.test(given)) return Number(given);
  const entries = given.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  ctx.addIssue({ code: 'custom', message: TRUST_PROXY_HINT });
  return z.NEVER;
});

const PORT_HINT = 'must be a port number (0 to 65535)';
const EXPORT_CONCURRENCY_HINT = 'must be a number of exports from 1 to 32';
/** Excel exports made at once by one process, when EXPORT_CONCURRENCY does not say. */
export const DEFAULT_EXPORT_CONCURRENCY = 2;

/** A number above 0 and at most `max` (decimals allowed), or the fallback when unset. */
const positive = (fallback: number, max: number) => {
  const hint = `must be a number above 0 and at most ${max}`;
  return text()
    .pipe(
      z
        .string()
        .regex(/^\d+(\.\d+)?$/, hint)
        .optional(),
    )
    .transform((v) => (v === undefined ? fallback : Number(v)))
    .pipe(z.number().gt(0, hint).max(max, hint));
};

/** A whole number within bounds, or the fallback when unset. */
const count = (fallback: number, min: number, max: number) =>
  text()
    .pipe(
      z
        .string()
        .regex(/^\d{1,7}$/, `must be a whole number from ${min} to ${max}`)
        .optional(),
    )
    .transform((v) => (v === undefined ? fallback : Number(v)))
    .pipe(z.number().min(min, `must be a whole number from ${min} to ${max}`).max(max, `must be a whole number from ${min} to ${max}`));

const environment = z
  .object({
    PORT: text()
      .pipe(
        z
          .string()
          .regex(/^\d{1,5}$/, PORT_HINT)
          .optional(),
      )
      .transform((v) => (v === undefined ? 3000 : Number(v)))
      .pipe(z.number().max(65535, PORT_HINT)),
    HOST: text()
      .pipe(
        z
          .string()
          .regex(/^[^\s/]+$/, 'must be a host name or an address, e.g. 127.0.0.1 or 0.0.0.0')
          .optional(),
      )
      .transform((v) => v ?? '127.0.0.1'),
    DATA_DIR: text().transform((v) => resolve(v ?? join(ROOT_DIR, 'data'))),
    DATABASE_URL: text().pipe(
      z
        .string()
        .refine((v) => /^postgres(ql)?:\/\//.test(v) && URL.canParse(v), 'must be a postgres:// URL')
        .optional(),
    ),
    JWT_SECRET: text().pipe(z.string().min(32, 'must be at least 32 characters long (or unset, to generate one)').optional()),
    SECOND_FACTOR_KEY: text().pipe(
      z.string().min(32, 'must be at least 32 characters long (or unset, to derive one from the JWT secret)').optional(),
    ),
    DEMO: flag(false),
    // npm start turns it on with its demo (scripts/start.ts); every other start, tests included, has it off.
    DEMO_TRAFFIC: flag(false),
    APP_VERSION: text().pipe(
      z
        .string()
        .regex(/^[\x21-\x7e]{1,64}$/, 'must be a version without spaces, e.g. 2.6.0')
        .optional(),
    ),
    LOG: flag(true),
    TRUST_PROXY: trustProxy,
    MESSENGER: text().pipe(z.enum(['local', 'telegram'], { error: 'must be local or telegram' }).default('local')),
    TELEGRAM_API_URL: text().pipe(
      z
        .string()
        .refine((v) => /^https?:\/\//.test(v) && URL.canParse(v), 'must be an http(s) URL, e.g. http://127.0.0.1:8081')
        .optional(),
    ),
    METRICS_TOKEN: text().pipe(
      z
        .string()
        .regex(/^[\x21-\x7e]{16,}$/, 'must be at least 16 characters long, without spaces (or unset: metrics for loopback only)')
        .optional(),
    ),
    LIVE_STREAMS_PER_USER: count(8, 1, 1000),
    LIVE_STREAMS_MAX: count(1000, 1, 1_000_000),
    SHUTDOWN_TIMEOUT: count(10, 1, 3600),
    EXPORT_CONCURRENCY: text()
      .pipe(
        z
          .string()
          .regex(/^\d{1,2}$/, EXPORT_CONCURRENCY_HINT)
          .optional(),
      )
      .transform((v) => (v === undefined ? DEFAULT_EXPORT_CONCURRENCY : Number(v)))
      .pipe(z.number().min(1, EXPORT_CONCURRENCY_HINT).max(32, EXPORT_CONCURRENCY_HINT)),
    MAILING_RATE: positive(DEFAULT_MAILING_RATE, 10_000),
    MAILING_SEND_LEASE: positive(DEFAULT_SEND_LEASE_SECONDS, 86_400),
  })
  // The demo's customers, chats and channels are invented: its mailings, ads and chat messages
  // must never go to a real messenger, where those ids may belong to real people.
  .superRefine((e, ctx) => {
    if (e.DEMO && e.MESSENGER === 'telegram') {
      ctx.addIssue({
        code: 'custom',
        path: ['DEMO'],
        message:
          'must be off with MESSENGER=telegram: the demo data (invented customers and chats) never goes to a real messenger; ' +
          'try the demo with MESSENGER=local, or serve real data with DEMO=off',
      });
    }
  });

/** The secret from JWT_SECRET, or one generated once and kept in DATA_DIR. */
function jwtSecretFor(dataDir: string, given: string | undefined): string {
  if (given) return given;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The server's settings from the environment; a ConfigError lists every variable that is wrong. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const given = env[name];
      const secret = name === 'JWT_SECRET' || name === 'DATABASE_URL' || name === 'METRICS_TOKEN' || name === 'SECOND_FACTOR_KEY';
      const shown = secret || given === undefined ? '' : ` (got "${given}")`;
      return `  ${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(`The environment is not valid:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: jwtSecretFor(e.DATA_DIR, e.JWT_SECRET),
    secondFactorKey: e.SECOND_FACTOR_KEY,
    demo: e.DEMO,
    demoTraffic: e.DEMO && e.DEMO_TRAFFIC,
    version: e.APP_VERSION ?? packageVersion(),
    log: e.LOG,
    trustProxy: e.TRUST_PROXY,
    staticDir: join(ROOT_DIR, 'dist'),
    messenger: e.MESSENGER,
    telegramApiUrl: e.TELEGRAM_API_URL,
    metricsToken: e.METRICS_TOKEN,
    liveStreams: { perUser: e.LIVE_STREAMS_PER_USER, total: e.LIVE_STREAMS_MAX },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT * 1000,
    exportConcurrency: e.EXPORT_CONCURRENCY,
    mailing: { rate: e.MAILING_RATE, leaseSeconds: e.MAILING_SEND_LEASE },
  };
}
