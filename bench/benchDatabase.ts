import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemo } from '../server/db/demo';
import type { Database } from '../server/db/schema';

export interface BenchDatabase {
  label: string;
  db: Kysely<Database>;
  close: () => Promise<void>;
}

/** The PostgreSQL server the bench uses when one answers: BENCH_DATABASE_URL, or the local one. */
const serverUrl = (): string => process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function serverAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** What a bench's database is filled with, migrations included: the demo data unless the bench brings its own. */
export type BenchFill = (db: Kysely<Database>) => Promise<void>;

const demoData: BenchFill = async (db) => {
  await migrateToLatest(db);
  await seedDemo(db);
};

async function seeded(label: string, db: Kysely<Database>, drop: () => Promise<void>, fill: BenchFill): Promise<BenchDatabase> {
  try {
    await fill(db);
  } catch (error) {
    await drop();
    throw error;
  }
  return { label, db, close: drop };
}

/** A fresh embedded database with the demo data (or `fill`'s), removed afterwards. */
export async function openPglite(fill: BenchFill = demoData): Promise<BenchDatabase> {
  const root = mkdtempSync(join(tmpdir(), 'backoffice-bench-'));
  const db = openDatabase({ dataDir: join(root, 'db') });
  return seeded(
    'PGlite',
    db,
    async () => {
      await db.destroy();
      rmSync(root, { recursive: true, force: true });
    },
    fill,
  );
}

/** A throwaway database with the demo data (or `fill`'s) on the PostgreSQL server, or null when none answers. */
export async function openPostgres(fill: BenchFill = demoData): Promise<BenchDatabase | null> {
  const url = serverUrl();
  if (!(await serverAnswers(url))) return null;
  const name = `backoffice_bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = openDatabase({ databaseUrl: target.toString() });
  return seeded(
    'PostgreSQL',
    db,
    async () => {
      await db.destroy();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
    fill,
  );
}
