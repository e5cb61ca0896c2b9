import { sql, type Kysely } from 'kysely';

/** A city talks to its customers through one bot: a second bot for the same city is refused. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE UNIQUE INDEX bots_city_idx ON bots (city_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS bots_city_idx`.execute(db);
}
