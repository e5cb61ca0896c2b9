import { sql, type Kysely } from 'kysely';

/**
 * What the statistics screen and the top customers read, so that a year of a city answers in
 * milliseconds at 1,000,000 orders instead of scanning them (bench/stats.bench.ts):
 *
 * - stats_slots: per city and quarter of an hour (UTC), the orders placed by group (CONFIRMED
 *   and above, before it, cancelled or closed), the carts opened, and the bot's responses with
 *   their total time. Quarters, not days: a day in any zone of the world (all are whole
 *   quarters of an hour off UTC) is a run of whole quarters, so the chart counts the user's
 *   own days exactly. A year of a city is 35,040 rows. Triggers keep it in step with every
 *   insert, update and delete of orders, carts and bot_responses, in the same transaction.
 * - customer_milestones: per customer and city, the sign-up time and when their first, second
 *   and tenth orders at CONFIRMED or above were placed (the funnel), recomputed by a trigger
 *   from that customer's orders whenever one of their first ten changes.
 * - Indexes: orders at CONFIRMED and above by city and time with their customer (customers
 *   by orders placed, top customers); customers by city and sign-up, last activity and the
 *   moment they blocked the bot.
 *
 * Bulk loads made with triggers off (bench/orderData.ts) call rebuildStatsRollups afterwards.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE stats_slots (
      city_id integer NOT NULL,
      slot timestamptz NOT NULL,
      confirmed integer NOT NULL DEFAULT 0,
      unconfirmed integer NOT NULL DEFAULT 0,
      canceled integer NOT NULL DEFAULT 0,
      carts integer NOT NULL DEFAULT 0,
      responses integer NOT NULL DEFAULT 0,
      response_ms bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (city_id, slot)
    )`.execute(db);
  // The quarter of an hour an instant falls in.
  await sql`
    CREATE FUNCTION stats_slot(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
    $$ SELECT to_timestamp(floor(extract(epoch FROM at) / 900) * 900) $$`.execute(db);
  await sql`
    CREATE FUNCTION stats_slots_add(city integer, at timestamptz, confirmed integer, unconfirmed integer, canceled integer,
      carts integer, responses integer, response_ms bigint) RETURNS void LANGUAGE sql AS $$
      INSERT INTO stats_slots AS s (city_id, slot, confirmed, unconfirmed, canceled, carts, responses, response_ms)
      VALUES (city, stats_slot(at), confirmed, unconfirmed, canceled, carts, responses, response_ms)
      ON CONFLICT (city_id, slot) DO UPDATE SET
        confirmed = s.confirmed + EXCLUDED.confirmed,
        unconfirmed = s.unconfirmed + EXCLUDED.unconfirmed,
        canceled = s.canceled + EXCLUDED.canceled,
        carts = s.carts + EXCLUDED.carts,
        responses = s.responses + EXCLUDED.responses,
        response_ms = s.response_ms + EXCLUDED.response_ms
    $$`.execute(db);

  // Orders: +1 in its group when it arrives, -1 when it leaves (or before it changes).
  await sql`
    CREATE FUNCTION orders_stats_slots() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        PERFORM stats_slots_add(OLD.city_id, OLD.created_at, -(OLD.status >= 30)::int,
          -(OLD.status >= 0 AND OLD.status < 30)::int, -(OLD.status < 0)::int, 0, 0, 0);
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN
        PERFORM stats_slots_add(NEW.city_id, NEW.created_at, (NEW.status >= 30)::int,
          (NEW.status >= 0 AND NEW.status < 30)::int, (NEW.status < 0)::int, 0, 0, 0);
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER orders_stats_slots_insert_delete AFTER INSERT OR DELETE ON orders
    FOR EACH ROW EXECUTE FUNCTION orders_stats_slots()`.execute(db);
  // A move within a group (CREATED to PAID, CONFIRMED to DELIVERED) changes no count.
  await sql`
    CREATE TRIGGER orders_stats_slots_update AFTER UPDATE ON orders
    FOR EACH ROW WHEN (
      (OLD.status >= 0)::int + (OLD.status >= 30)::int IS DISTINCT FROM (NEW.status >= 0)::int + (NEW.status >= 30)::int
      OR OLD.city_id IS DISTINCT FROM NEW.city_id
      OR OLD.created_at IS DISTINCT FROM NEW.created_at
    )
    EXECUTE FUNCTION orders_stats_slots()`.execute(db);

  await sql`
    CREATE FUNCTION carts_stats_slots() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM stats_slots_add(OLD.city_id, OLD.created_at, 0, 0, 0, -1, 0, 0); END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM stats_slots_add(NEW.city_id, NEW.created_at, 0, 0, 0, 1, 0, 0); END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER carts_stats_slots AFTER INSERT OR DELETE OR UPDATE OF city_id, created_at ON carts
    FOR EACH ROW EXECUTE FUNCTION carts_stats_slots()`.execute(db);

  await sql`
    CREATE FUNCTION bot_responses_stats_slots() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        PERFORM stats_slots_add(OLD.city_id, OLD.created_at, 0, 0, 0, 0, -1, -OLD.duration_ms::bigint);
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN
        PERFORM stats_slots_add(NEW.city_id, NEW.created_at, 0, 0, 0, 0, 1, NEW.duration_ms::bigint);
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER bot_responses_stats_slots AFTER INSERT OR DELETE OR UPDATE OF city_id, created_at, duration_ms ON bot_responses
    FOR EACH ROW EXECUTE FUNCTION bot_responses_stats_slots()`.execute(db);

  await sql`
    CREATE TABLE customer_milestones (
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      city_id integer NOT NULL,
      signed_up_at timestamptz NOT NULL,
      first_at timestamptz NOT NULL,
      second_at timestamptz,
      tenth_at timestamptz,
      PRIMARY KEY (user_id, city_id)
    )`.execute(db);
  await sql`CREATE INDEX customer_milestones_first_idx ON customer_milestones (city_id, first_at) INCLUDE (signed_up_at)`.execute(db);
  await sql`
    CREATE INDEX customer_milestones_second_idx ON customer_milestones (city_id, second_at) INCLUDE (signed_up_at)
    WHERE second_at IS NOT NULL`.execute(db);
  await sql`
    CREATE INDEX customer_milestones_tenth_idx ON customer_milestones (city_id, tenth_at) INCLUDE (signed_up_at)
    WHERE tenth_at IS NOT NULL`.execute(db);
  // A customer's first ten counted orders in a city, read again from their orders (a customer's
  // orders are few, and found by orders_user_idx).
  await sql`
    CREATE FUNCTION customer_milestones_refresh(customer integer, city integer) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      placed timestamptz[];
    BEGIN
      SELECT array_agg(created_at ORDER BY created_at, id) INTO placed FROM (
        SELECT created_at, id FROM orders WHERE user_id = customer AND city_id = city AND status >= 30
        ORDER BY created_at, id LIMIT 10) AS firsts;
      IF placed IS NULL THEN
        DELETE FROM customer_milestones WHERE user_id = customer AND city_id = city;
        RETURN;
      END IF;
      INSERT INTO customer_milestones AS m (user_id, city_id, signed_up_at, first_at, second_at, tenth_at)
      SELECT customer, city, users.created_at, placed[1], placed[2], placed[10] FROM users WHERE users.id = customer
      ON CONFLICT (user_id, city_id) DO UPDATE SET signed_up_at = EXCLUDED.signed_up_at, first_at = EXCLUDED.first_at,
        second_at = EXCLUDED.second_at, tenth_at = EXCLUDED.tenth_at;
    END
    $$`.execute(db);
  // An order placed after the customer's tenth changes none of their milestones: most of a
  // regular customer's orders cost nothing here.
  await sql`
    CREATE FUNCTION orders_customer_milestones() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status >= 30 AND NOT EXISTS (
        SELECT 1 FROM customer_milestones WHERE user_id = OLD.user_id AND city_id = OLD.city_id AND tenth_at < OLD.created_at
      ) THEN
        PERFORM customer_milestones_refresh(OLD.user_id, OLD.city_id);
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status >= 30 AND NOT EXISTS (
        SELECT 1 FROM customer_milestones WHERE user_id = NEW.user_id AND city_id = NEW.city_id AND tenth_at < NEW.created_at
      ) THEN
        PERFORM customer_milestones_refresh(NEW.user_id, NEW.city_id);
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER orders_customer_milestones_insert_delete AFTER INSERT OR DELETE ON orders
    FOR EACH ROW EXECUTE FUNCTION orders_customer_milestones()`.execute(db);
  await sql`
    CREATE TRIGGER orders_customer_milestones_update AFTER UPDATE ON orders
    FOR EACH ROW WHEN (
      (OLD.status >= 30) IS DISTINCT FROM (NEW.status >= 30)
      OR (NEW.status >= 30 AND (OLD.user_id, OLD.city_id, OLD.created_at) IS DISTINCT FROM (NEW.user_id, NEW.city_id, NEW.created_at))
    )
    EXECUTE FUNCTION orders_customer_milestones()`.execute(db);

  await sql`CREATE INDEX orders_counted_city_idx ON orders (city_id, created_at) INCLUDE (user_id) WHERE status >= 30`.execute(db);
  await sql`CREATE INDEX users_customers_created_idx ON users (city_id, created_at) WHERE role_id = 1000`.execute(db);
  await sql`CREATE INDEX users_customers_active_idx ON users (city_id, last_active_at) WHERE role_id = 1000`.execute(db);
  await sql`CREATE INDEX users_customers_blocked_idx ON users (city_id, blocked_at) WHERE role_id = 1000 AND blocked_at IS NOT NULL`.execute(
    db,
  );

  await rebuild(db);
}

/** Recomputes both tables from the orders, carts and responses (the migration, and bulk loads made with triggers off). */
async function rebuild<DB>(db: Kysely<DB>): Promise<void> {
  await sql`DELETE FROM stats_slots`.execute(db);
  await sql`
    INSERT INTO stats_slots (city_id, slot, confirmed, unconfirmed, canceled, carts, responses, response_ms)
    SELECT city_id, slot, sum(confirmed), sum(unconfirmed), sum(canceled), sum(carts), sum(responses), sum(response_ms)
    FROM (
      SELECT city_id, stats_slot(created_at) AS slot, count(*) FILTER (WHERE status >= 30) AS confirmed,
        count(*) FILTER (WHERE status >= 0 AND status < 30) AS unconfirmed, count(*) FILTER (WHERE status < 0) AS canceled,
        0 AS carts, 0 AS responses, 0 AS response_ms
      FROM orders GROUP BY 1, 2
      UNION ALL
      SELECT city_id, stats_slot(created_at), 0, 0, 0, count(*), 0, 0 FROM carts GROUP BY 1, 2
      UNION ALL
      SELECT city_id, stats_slot(created_at), 0, 0, 0, 0, count(*), sum(duration_ms) FROM bot_responses GROUP BY 1, 2
    ) AS parts
    GROUP BY city_id, slot`.execute(db);
  await sql`DELETE FROM customer_milestones`.execute(db);
  await sql`
    INSERT INTO customer_milestones (user_id, city_id, signed_up_at, first_at, second_at, tenth_at)
    SELECT o.user_id, o.city_id, u.created_at, min(o.created_at) FILTER (WHERE o.n = 1),
      min(o.created_at) FILTER (WHERE o.n = 2), min(o.created_at) FILTER (WHERE o.n = 10)
    FROM (
      SELECT user_id, city_id, created_at, row_number() OVER (PARTITION BY user_id, city_id ORDER BY created_at, id) AS n
      FROM orders WHERE status >= 30
    ) AS o
    JOIN users AS u ON u.id = o.user_id
    WHERE o.n IN (1, 2, 10)
    GROUP BY o.user_id, o.city_id, u.created_at`.execute(db);
}
export { rebuild as rebuildStatsRollups };

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'DROP INDEX IF EXISTS users_customers_blocked_idx',
    'DROP INDEX IF EXISTS users_customers_active_idx',
    'DROP INDEX IF EXISTS users_customers_created_idx',
    'DROP INDEX IF EXISTS orders_counted_city_idx',
    'DROP TRIGGER IF EXISTS orders_customer_milestones_update ON orders',
    'DROP TRIGGER IF EXISTS orders_customer_milestones_insert_delete ON orders',
    'DROP FUNCTION IF EXISTS orders_customer_milestones()',
    'DROP FUNCTION IF EXISTS customer_milestones_refresh(integer, integer)',
    'DROP TABLE IF EXISTS customer_milestones',
    'DROP TRIGGER IF EXISTS bot_responses_stats_slots ON bot_responses',
    'DROP FUNCTION IF EXISTS bot_responses_stats_slots()',
    'DROP TRIGGER IF EXISTS carts_stats_slots ON carts',
    'DROP FUNCTION IF EXISTS carts_stats_slots()',
    'DROP TRIGGER IF EXISTS orders_stats_slots_update ON orders',
    'DROP TRIGGER IF EXISTS orders_stats_slots_insert_delete ON orders',
    'DROP FUNCTION IF EXISTS orders_stats_slots()',
    'DROP FUNCTION IF EXISTS stats_slots_add(integer, timestamptz, integer, integer, integer, integer, integer, bigint)',
    'DROP FUNCTION IF EXISTS stats_slot(timestamptz)',
    'DROP TABLE IF EXISTS stats_slots',
  ]) {
    await sql.raw(statement).execute(db);
  }
}
