import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { withActor } from '../audit/actorDriver';
import { registerBackend } from './backend';
import { pgliteNotifications, pgNotifications, registerNotifications } from './notifications';
import type { Database } from './schema';

const INT8 = 20;
const NUMERIC = 1700;

/** Money and counts come back as numbers: amounts fit a double, ids and counts fit 2^53. */
const toNumber = (value: string): number => Number(value);

export interface DatabaseOptions {
  /** A postgres:// URL: use that server. Otherwise the embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  /** Folder of the embedded database; omitted means in memory. */
  dataDir?: string;
}

export function openDatabase(options: DatabaseOptions): Kysely<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8 || oid === NUMERIC ? toNumber : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection the server drops (a restart, an administrator's termination) is
    // replaced by the pool on the next query; it must not take the process down.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    // Each pooled connection carries the actor of the request using it (the audit trail, migration 014).
    const db = new Kysely<Database>({ dialect: withActor(new PostgresDialect({ pool }), (connection) => connection) });
    registerNotifications(db, pgNotifications(options.databaseUrl));
    registerBackend(db, { kind: 'server', connectionString: options.databaseUrl });
    return db;
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = new PGlite(options.dataDir, {
    parsers: { [INT8]: toNumber, [NUMERIC]: toNumber },
  });
  // One embedded session, whatever connection object the dialect hands out.
  const db = new Kysely<Database>({ dialect: withActor(new PGliteDialect(pglite), () => pglite) });
  registerNotifications(db, pgliteNotifications(pglite));
  registerBackend(db, { kind: 'embedded' });
  return db;
}
