import { type Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * A mailing's audience filters (src/domain/mailingAudience.ts): `mailings.audience` holds the
 * filters it was sent with; an empty object is no filter, the audience every mailing had
 * before (active since a date, kept in `last_active_date`).
 *
 * The audience reads counted orders (CONFIRMED, 30, and above) per customer, never row by row:
 * - orders_counted_customer_idx: a city's counted orders by customer, in customer order, with
 *   their time and restaurant, so "at least N orders" (and with restaurants, "at least N from
 *   them") is one index-only pass grouped by customer;
 * - orders_counted_restaurant_idx: the chosen restaurants' counted orders by customer, so a
 *   restaurant filter reads only those restaurants' entries.
 * - users_mailable_idx: the customers a mailing can reach (a chat, the bot not blocked) by city
 *   and id, with what the filters read of them, so the audience is an index-only scan in id
 *   order, merged with the customers the order filters found.
 * "Ordered within N days" reads orders_counted_city_idx (migration 010: city and time, with the
 * customer), "never ordered" customer_milestones (migration 010: a row per customer and city
 * with a counted order).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE mailings ADD COLUMN audience jsonb NOT NULL DEFAULT '{}'::jsonb;
    CREATE INDEX orders_counted_customer_idx ON orders (city_id, user_id, created_at) INCLUDE (restaurant_id) WHERE status >= 30;
    CREATE INDEX orders_counted_restaurant_idx ON orders (restaurant_id, user_id, created_at) WHERE status >= 30;
    CREATE INDEX users_mailable_idx ON users (city_id, id) INCLUDE (last_active_at, language)
      WHERE role_id = 1000 AND telegram_id IS NOT NULL AND blocked = false AND blocked_at IS NULL;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX IF EXISTS users_mailable_idx;
    DROP INDEX IF EXISTS orders_counted_restaurant_idx;
    DROP INDEX IF EXISTS orders_counted_customer_idx;
    ALTER TABLE mailings DROP COLUMN IF EXISTS audience;
  `,
  );
}
