import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../../server/db/connect';
import type { Database } from '../../server/db/schema';
import type { Backend } from './harness';

/**
 * Another connection to a test database, as a second API process would open: a new pool on the
 * same PostgreSQL database, or (PGlite being one process's database) the same handle.
 */
export async function openSecondHandle(
  db: Kysely<Database>,
  backend: Backend,
): Promise<{ db: Kysely<Database>; close: () => Promise<void> }> {
  if (backend !== 'postgres') return { db, close: async () => undefined };
  const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(db);
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${rows[0].name}`;
  const second = openDatabase({ databaseUrl: url.toString() });
  return { db: second, close: () => second.destroy() };
}
