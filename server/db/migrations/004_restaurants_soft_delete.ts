import { sql, type Kysely } from 'kysely';

/**
 * A deleted restaurant is only marked deleted: its orders keep pointing at it, so the order
 * history still shows its name, address and city. Lists and forms leave marked rows out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE restaurants ADD COLUMN deleted_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE restaurants DROP COLUMN IF EXISTS deleted_at`.execute(db);
}
