import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * Canned replies: a city's ready answers for order chats (restaurant_id null), or a restaurant
 * owner's own (restaurant_id set). `uses` counts the messages sent from a reply, so the most
 * used come first. Audited like the other tables staff edit (014_audit_trail.ts), except for
 * the count of uses: it changes with every message sent and is no edit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE canned_replies (
      id serial PRIMARY KEY,
      city_id integer NOT NULL REFERENCES cities(id),
      restaurant_id integer REFERENCES restaurants(id) ON DELETE CASCADE,
      title varchar(128) NOT NULL,
      text text NOT NULL,
      text_ru text NOT NULL DEFAULT '',
      text_es text NOT NULL DEFAULT '',
      uses integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX canned_replies_city_idx ON canned_replies (city_id, uses DESC);
    CREATE INDEX canned_replies_restaurant_idx ON canned_replies (restaurant_id) WHERE restaurant_id IS NOT NULL;
    CREATE TRIGGER canned_replies_audit AFTER INSERT OR DELETE OR UPDATE OF city_id, restaurant_id, title, text, text_ru, text_es ON canned_replies
      FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION audit_change('id', '', '', '')
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE IF EXISTS canned_replies`);
}
