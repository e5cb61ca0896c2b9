import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** package.json is the one source of the version, for the server and the browser build. */
export const packageVersion = (): string =>
  (JSON.parse(readFileSync(join(ROOT_DIR, 'package.json'), 'utf8')) as { version: string }).version;

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: string;
  demo: boolean;
  version: string;
  staticDir: string;
}

const flag = (value: string | undefined, fallback: boolean): boolean =>
  value === undefined || value === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());

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

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = resolve(env.DATA_DIR || join(ROOT_DIR, 'data'));
  const port = Number(env.PORT || 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port: ${env.PORT}`);
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// URL');
  }
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl,
    jwtSecret: jwtSecretFor(dataDir, env.JWT_SECRET),
    demo: flag(env.DEMO, false),
    version: env.APP_VERSION || packageVersion(),
    staticDir: join(ROOT_DIR, 'dist'),
  };
}
