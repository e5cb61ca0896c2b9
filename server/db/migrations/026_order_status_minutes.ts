import { sql, type Kysely } from 'kysely';

/**
 * order_status_minutes: per city, UTC day the period ended, status and whole minutes spent
 * (floored), how many status periods (order_status_periods, migration 023) there were. The
 * statistics' median minutes per stage and status are read from this histogram instead of
 * sorting every period of the range: a year of a city is at most a few thousand rows per
 * status, whatever the number of orders. The parts of a range that are not whole UTC days are
 * read from order_status_periods (order_status_periods_city_idx), as stats_slots does with
 * quarters of an hour.
 *
 * Statement triggers with transition tables (as migration 020) add each statement's periods
 * summed by key, one upsert per statement: a period is inserted by the orders' status clock,
 * so a bulk status update writes each key once; deletes (an order's, by cascade) and updates
 * take their share away. Keys that add up to nothing are not written; rows back at zero stay
 * and read as nothing.
 *
 * orders_drafts_city_idx: the drafts of a city by time, so that the orders with a clock (all
 * but drafts) are stats_slots' orders less a few drafts rather than a scan of the range's orders.
 */

type Op = 'INSERT' | 'UPDATE' | 'DELETE';
const OPS: readonly Op[] = ['INSERT', 'UPDATE', 'DELETE'];

function signed(op: Op): string {
  const added = 'SELECT 1 AS sign, * FROM new_rows';
  const removed = 'SELECT -1 AS sign, * FROM old_rows';
  if (op === 'INSERT') return added;
  if (op === 'DELETE') return removed;
  return `${removed} UNION ALL ${added}`;
}

const transitionTables = (op: Op): string =>
  op === 'INSERT' ? 'NEW TABLE AS new_rows' : op === 'DELETE' ? 'OLD TABLE AS old_rows' : 'OLD TABLE AS old_rows NEW TABLE AS new_rows';

/** The histogram's key of a period: its UTC day and its whole minutes (never below zero). */
const DAY = `(ended_at AT TIME ZONE 'UTC')::date`;
const MINUTES = `greatest(floor(extract(epoch FROM ended_at - started_at) / 60), 0)::int`;

const changes = (op: Op): string => `
  INSERT INTO order_status_minutes AS m (city_id, day, status, minutes, periods)
  SELECT * FROM (
    SELECT city_id, ${DAY} AS day, status, ${MINUTES} AS minutes, sum(sign)::int AS periods
    FROM (${signed(op)}) AS c
    GROUP BY 1, 2, 3, 4
  ) AS summed
  WHERE periods <> 0
  ON CONFLICT (city_id, day, status, minutes) DO UPDATE SET periods = m.periods + EXCLUDED.periods;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE order_status_minutes (
      city_id integer NOT NULL,
      day date NOT NULL,
      status integer NOT NULL,
      minutes integer NOT NULL,
      periods integer NOT NULL,
      PRIMARY KEY (city_id, day, status, minutes)
    )`.execute(db);
  await sql`CREATE INDEX orders_drafts_city_idx ON orders (city_id, created_at) WHERE status = 0`.execute(db);
  const branches = OPS.map((op) => `${op === 'INSERT' ? 'IF' : 'ELSIF'} TG_OP = '${op}' THEN${changes(op)}`).join('\n');
  await sql
    .raw(
      `CREATE FUNCTION order_status_minutes_changes() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${branches}
      END IF;
      RETURN NULL;
    END
    $$`,
    )
    .execute(db);
  for (const op of OPS) {
    await sql
      .raw(
        `CREATE TRIGGER order_status_minutes_${op.toLowerCase()} AFTER ${op} ON order_status_periods
        REFERENCING ${transitionTables(op)} FOR EACH STATEMENT EXECUTE FUNCTION order_status_minutes_changes()`,
      )
      .execute(db);
  }
  await rebuild(db);
}

/** Recomputes the histogram from order_status_periods (the migration, and loads made with triggers off). */
async function rebuild<DB>(db: Kysely<DB>): Promise<void> {
  await sql`DELETE FROM order_status_minutes`.execute(db);
  await sql
    .raw(
      `INSERT INTO order_status_minutes (city_id, day, status, minutes, periods)
    SELECT city_id, ${DAY}, status, ${MINUTES}, count(*) FROM order_status_periods GROUP BY 1, 2, 3, 4`,
    )
    .execute(db);
}
export { rebuild as rebuildOrderStatusMinutes };

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const op of OPS)
    await sql.raw(`DROP TRIGGER IF EXISTS order_status_minutes_${op.toLowerCase()} ON order_status_periods`).execute(db);
  await sql`DROP FUNCTION IF EXISTS order_status_minutes_changes()`.execute(db);
  await sql`DROP TABLE IF EXISTS order_status_minutes`.execute(db);
  await sql`DROP INDEX IF EXISTS orders_drafts_city_idx`.execute(db);
}
