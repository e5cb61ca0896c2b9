import { type Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * The order list, its count and its totals read only these indexes, never the table: each
 * filter the list allows (a city, restaurants, all cities for an admin, always with a time
 * range) has an index in the list's order that also holds what the totals add up and the other
 * filter's column. A page's ids come from an index-only scan (a deep OFFSET skips index
 * entries, not rows). At 1,000,000 orders (bench/orderData.ts) on PostgreSQL a restaurant's
 * year of totals takes 15 ms instead of 95 and page 4,000 of a city 17 ms instead of 60; on
 * PGlite a city's year of totals takes 350 ms instead of 600.
 *
 * Ascending, read backwards for `created_at DESC, id DESC`: orders arrive in time order, and
 * an ascending index fills its last page before splitting it, where a descending one splits
 * every page in half for good (the admins' index came out 101 MB instead of 57).
 *
 * Then the foreign keys that lacked an index: deleting a user or a district checks (or sets to
 * null) the orders and messages pointing at it, a sequential scan of each table without them
 * (0.4 s to delete a customer, now 4 ms). Couriers and districts are null on many orders,
 * which their indexes leave out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX orders_city_created_idx;
    DROP INDEX orders_restaurant_created_idx;
    DROP INDEX orders_created_idx;
    CREATE INDEX orders_city_created_idx ON orders (city_id, created_at, id)
      INCLUDE (status, sum, delivery_cost, currency, restaurant_id);
    CREATE INDEX orders_restaurant_created_idx ON orders (restaurant_id, created_at, id)
      INCLUDE (status, sum, delivery_cost, currency, city_id);
    CREATE INDEX orders_created_idx ON orders (created_at, id)
      INCLUDE (status, sum, delivery_cost, currency, city_id, restaurant_id);

    CREATE INDEX orders_courier_idx ON orders (courier_id) WHERE courier_id IS NOT NULL;
    CREATE INDEX orders_district_idx ON orders (district_id) WHERE district_id IS NOT NULL;
    CREATE INDEX order_messages_from_idx ON order_messages (from_id);
    CREATE INDEX order_messages_to_idx ON order_messages (to_id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX IF EXISTS order_messages_to_idx;
    DROP INDEX IF EXISTS order_messages_from_idx;
    DROP INDEX IF EXISTS orders_district_idx;
    DROP INDEX IF EXISTS orders_courier_idx;
    DROP INDEX IF EXISTS orders_created_idx;
    DROP INDEX IF EXISTS orders_restaurant_created_idx;
    DROP INDEX IF EXISTS orders_city_created_idx;
    CREATE INDEX orders_city_created_idx ON orders (city_id, created_at DESC);
    CREATE INDEX orders_restaurant_created_idx ON orders (restaurant_id, created_at DESC);
    CREATE INDEX orders_created_idx ON orders (created_at DESC);
  `,
  );
}
