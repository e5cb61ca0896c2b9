import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { withActor } from '../audit/actorDriver';
import { registerBackend } from './backend';
import { pgliteNotifications, pgNotifications, registerNotifications } from './notifications';
import { registerPool } from './poolStats';
import type { Database } from './schema';
import { reportingUnavailable } from './unreachable';

const INT8 = 20;
const NUMERIC = 1700;

/** Money and counts come back as numbers: amounts fit a double, ids and counts fit 2^53. */
const toNumber = (value: string): number => Number(value);

export interface DatabaseOptions {
  /** A postgres:// URL: use that server. Otherwise the embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  /** Folder of the embedded database; omitted means in memory. */
  dataDir?: string;
  /** How long a query waits for a pool connection (a new one included) before it fails as unavailable. */
  connectTimeoutMs?: number;
}

/**
 * How long a request may wait for a connection of the pool: a server that refuses answers at
 * once, one that does not answer (a network cut, a host gone) fails after this, so that a
 * request answers 503 within a few seconds instead of hanging.
 */
export const CONNECT_TIMEOUT_MS = 3000;

/**
 * The embedded database's page cache. PostgreSQL's default (128 MB) is written through at its
 * start, and WebAssembly memory is never given back: that alone was a third of the process's
 * memory. The demo's tables and indexes fit in a fraction of it, and a page it misses is read
 * again from the data directory, which the system keeps cached anyway.
 */
const EMBEDDED_SHARED_BUFFERS = '16MB';

/**
 * With the demo on, an empty embedded `dataDir` is created, migrated and seeded by a process
 * of its own (prepareDemo.ts). PGlite creates a database with a second, throwaway instance
 * whose memory the instance that goes on serving keeps until it closes (some 300 MB), and the
 * seed's peak would stay too; made apart, the server's process never holds them. Without the
 * demo (a production's first start, once) the server creates its database itself, as before.
 */
export async function createEmbeddedDatabase(dataDir: string, options: { demo?: boolean } = {}): Promise<void> {
  if (!options.demo || existsSync(join(dataDir, 'PG_VERSION'))) return;
  mkdirSync(dataDir, { recursive: true });
  const script = fileURLToPath(new URL('./prepareDemo.ts', import.meta.url));
  const child = spawn(process.execPath, [...process.execArgv, script, dataDir], { stdio: 'inherit' });
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`Preparing the demo database in ${dataDir} failed (exit code ${String(code)})`);
}

const startParams = (): string[] => [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`];

export function openDatabase(options: DatabaseOptions): Kysely<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      // A peer that vanished without closing the socket is noticed by the system's keepalive.
      keepAlive: true,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8 || oid === NUMERIC ? toNumber : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection the server drops (a restart, an administrator's termination) is
    // replaced by the pool on the next query; it must not take the process down.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    // A checked-out connection has no listener of the pool's: the server's goodbye (57P01 on a
    // restart) or a reset would be an unhandled 'error' event and end the process. Its query
    // fails with the error anyway, and the pool drops the connection when it comes back.
    pool.on('connect', (client) => client.on('error', () => undefined));
    // Each pooled connection carries the actor of the request using it (the audit trail, migration 014).
    const dialect = withActor(new PostgresDialect({ pool }), (connection) => connection);
    const db = new Kysely<Database>({ dialect: reportingUnavailable(dialect) });
    registerNotifications(db, pgNotifications(options.databaseUrl, options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS));
    registerPool(db, pool);
    registerBackend(db, { kind: 'server', connectionString: options.databaseUrl });
    return db;
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = new PGlite(options.dataDir, {
    parsers: { [INT8]: toNumber, [NUMERIC]: toNumber },
    startParams: startParams(),
  });
  // One embedded session, whatever connection object the dialect hands out.
  const db = new Kysely<Database>({ dialect: reportingUnavailable(withActor(new PGliteDialect(pglite), () => pglite)) });
  registerNotifications(db, pgliteNotifications(pglite));
  registerBackend(db, { kind: 'embedded' });
  return db;
}
