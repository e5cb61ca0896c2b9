import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements';
import { AUDIT_BOOKKEEPING, auditDiffFunction } from './014_audit_trail';

/**
 * Order timers (src/domain/orderTimers.ts).
 *
 * - `orders.status_since`: when the order's status last changed. A BEFORE UPDATE trigger sets
 *   it whoever writes the status (the API or the bot writing straight into the database), and
 *   records the status just left in `order_status_periods` (the statistics' minutes per
 *   status). An insert takes the column's default, so a new order costs no trigger.
 * - `city_order_timers`: a city's minutes per stage; a stage with no row takes the default.
 * - `order_late_escalations`: one row per order and status that went late, written by the
 *   timer job; its primary key is what makes the escalation happen once, whichever process
 *   gets there first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE orders ADD COLUMN status_since timestamptz NOT NULL DEFAULT now();
    UPDATE orders SET status_since = updated_at WHERE status > 0 AND status < 100;
    CREATE INDEX orders_open_status_since_idx ON orders (status_since) WHERE status > 0 AND status < 100;

    CREATE TABLE order_status_periods (
      id bigserial PRIMARY KEY,
      order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      city_id integer NOT NULL,
      restaurant_id integer NOT NULL,
      status integer NOT NULL,
      started_at timestamptz NOT NULL,
      ended_at timestamptz NOT NULL
    );
    CREATE INDEX order_status_periods_city_idx ON order_status_periods (city_id, ended_at);
    CREATE INDEX order_status_periods_order_idx ON order_status_periods (order_id);

    CREATE TABLE city_order_timers (
      city_id integer NOT NULL REFERENCES cities(id) ON DELETE CASCADE,
      stage text NOT NULL CHECK (stage IN ('new', 'confirmed', 'cooking', 'onTheWay')),
      minutes integer NOT NULL CHECK (minutes BETWEEN 1 AND 1440),
      PRIMARY KEY (city_id, stage)
    );

    CREATE TABLE order_late_escalations (
      order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      status integer NOT NULL,
      stage text NOT NULL,
      city_id integer NOT NULL,
      restaurant_id integer NOT NULL,
      status_since timestamptz NOT NULL,
      minutes integer NOT NULL,
      held_by text NOT NULL CHECK (held_by IN ('restaurant', 'operator')),
      late_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (order_id, status)
    );
    CREATE INDEX order_late_escalations_city_idx ON order_late_escalations (city_id, late_at)
  `,
  );
  // A function body holds semicolons, so it goes alone (runStatements splits on them).
  await sql`
    CREATE FUNCTION orders_status_clock() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO order_status_periods (order_id, city_id, restaurant_id, status, started_at, ended_at)
      VALUES (OLD.id, OLD.city_id, OLD.restaurant_id, OLD.status, OLD.status_since, now());
      NEW.status_since := now();
      RETURN NEW;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER orders_status_clock BEFORE UPDATE ON orders
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION orders_status_clock()`.execute(db);
  // The clock is bookkeeping: a status move is recorded as the status's change alone.
  await auditDiffFunction(AUDIT_BOOKKEEPING.concat('status_since')).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE IF EXISTS order_late_escalations;
    DROP TABLE IF EXISTS city_order_timers;
    DROP TRIGGER IF EXISTS orders_status_clock ON orders;
    DROP FUNCTION IF EXISTS orders_status_clock();
    DROP TABLE IF EXISTS order_status_periods;
    ALTER TABLE orders DROP COLUMN IF EXISTS status_since
  `,
  );
  await auditDiffFunction(AUDIT_BOOKKEEPING).execute(db);
}
