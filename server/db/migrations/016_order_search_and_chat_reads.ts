import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * Finding an order, and the unread messages of its chat.
 *
 * Search (server/areas/orders/filters.ts): an order number is matched by its start, a phone by
 * the start or the end of its digits, a name by any part. The number and the phone have btree
 * indexes on the very expressions the search compares (`text_pattern_ops`, so that `LIKE 'x%'`
 * uses them whatever the collation); both work on PostgreSQL and PGlite alike. A name's middle
 * needs trigrams: the index is made where the pg_trgm extension is available (PostgreSQL), and
 * left out where it is not (PGlite, which then reads the customers one by one).
 *
 * Unread messages: `order_messages.incoming` marks what a customer or a restaurant wrote (not
 * staff), set by a trigger from the sender's role, so that counting them is an index range;
 * `order_chat_reads` holds when each staff member last opened each order's chat.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE INDEX orders_thread_search_idx ON orders (upper(thread_id) text_pattern_ops);
    CREATE INDEX users_phone_digits_idx ON users (regexp_replace(phone, '[^0-9]', '', 'g') text_pattern_ops)
      WHERE phone IS NOT NULL;
    CREATE INDEX users_phone_digits_reversed_idx ON users (reverse(regexp_replace(phone, '[^0-9]', '', 'g')) text_pattern_ops)
      WHERE phone IS NOT NULL;

    ALTER TABLE order_messages ADD COLUMN incoming boolean NOT NULL DEFAULT false;
    CREATE TABLE order_chat_reads (
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      read_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, order_id)
    );
    CREATE INDEX order_chat_reads_order_idx ON order_chat_reads (order_id)
  `,
  );
  // Customers (1000) and restaurant owners (20, who speak for their restaurant) write incoming messages.
  await sql`
    CREATE FUNCTION order_messages_incoming() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.incoming := NEW.from_id IS NOT NULL
        AND EXISTS (SELECT 1 FROM users WHERE id = NEW.from_id AND role_id IN (1000, 20));
      RETURN NEW;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER order_messages_incoming BEFORE INSERT OR UPDATE OF from_id ON order_messages
    FOR EACH ROW EXECUTE FUNCTION order_messages_incoming()`.execute(db);
  await sql`
    UPDATE order_messages m SET incoming = true
    FROM users u WHERE u.id = m.from_id AND u.role_id IN (1000, 20)`.execute(db);
  // The unread of a user: the incoming messages of the last days, newest part of the index only.
  await sql`CREATE INDEX order_messages_incoming_idx ON order_messages (created_at) INCLUDE (order_id) WHERE incoming`.execute(db);
  await sql`
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
        CREATE INDEX users_name_search_idx ON users USING gin (lower(name) gin_trgm_ops);
      END IF;
    EXCEPTION WHEN OTHERS THEN
      -- No right to create the extension: names are then searched without an index.
      RAISE NOTICE 'pg_trgm unavailable: %', SQLERRM;
    END
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX IF EXISTS users_name_search_idx;
    DROP INDEX IF EXISTS order_messages_incoming_idx;
    DROP TRIGGER IF EXISTS order_messages_incoming ON order_messages;
    DROP FUNCTION IF EXISTS order_messages_incoming();
    DROP TABLE IF EXISTS order_chat_reads;
    ALTER TABLE order_messages DROP COLUMN IF EXISTS incoming;
    DROP INDEX IF EXISTS users_phone_digits_reversed_idx;
    DROP INDEX IF EXISTS users_phone_digits_idx;
    DROP INDEX IF EXISTS orders_thread_search_idx
  `,
  );
}
