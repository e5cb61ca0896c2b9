import { sql, type Kysely } from 'kysely';

/**
 * Runs a DDL script one statement at a time: PGlite's query call takes a single statement.
 * Scripts must not hold semicolons inside a statement; line comments are dropped.
 */
export async function runStatements(db: Kysely<unknown>, script: string): Promise<void> {
  const statements = script
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
