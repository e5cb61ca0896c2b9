import { sql, type Kysely } from 'kysely';

/**
 * Everything the triggers maintain, recomputed from the base tables: for operators who load
 * history with triggers off (`SET session_replication_role = replica`), which is fast but leaves
 * these tables behind. The one place this recomputation lives for the current schema (the
 * migrations that created the tables keep their own copy, as they shipped):
 *
 * - order_day_totals (migration 006): per city, restaurant, UTC day and currency, the orders,
 *   those CONFIRMED and above, and their sum and delivery;
 * - stats_slots (migration 010): per city and quarter of an hour, orders by group, carts and
 *   the bot's responses with their total time;
 * - customer_milestones (migration 010): per customer and city, the sign-up and the first,
 *   second and tenth counted orders;
 * - order_status_minutes (migration 026): per city, UTC day, status and whole minutes, the
 *   status periods that ended then.
 *
 * The audit trail and the live events are records of changes as they happened, not derived
 * from the rows: a load with triggers off writes none, and no rebuild can make them up.
 */
export const DERIVED_TABLES = ['order_day_totals', 'stats_slots', 'customer_milestones', 'order_status_minutes'] as const;
export type DerivedTable = (typeof DERIVED_TABLES)[number];
/** The tables they are computed from, kept still while they are. */
const BASE_TABLES = ['orders', 'carts', 'bot_responses', 'order_status_periods'] as const;

const RECOMPUTE: Record<DerivedTable, ReturnType<typeof sql>> = {
  order_day_totals: sql`
    INSERT INTO order_day_totals (city_id, restaurant_id, day, currency, orders, counted, sum, delivery)
    SELECT city_id, restaurant_id, (created_at AT TIME ZONE 'UTC')::date, currency, count(*),
      count(*) FILTER (WHERE status >= 30),
      coalesce(sum(sum) FILTER (WHERE status >= 30), 0),
      coalesce(sum(delivery_cost) FILTER (WHERE status >= 30), 0)
    FROM orders
    GROUP BY 1, 2, 3, 4`,
  stats_slots: sql`
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
    GROUP BY city_id, slot`,
  customer_milestones: sql`
    INSERT INTO customer_milestones (user_id, city_id, signed_up_at, first_at, second_at, tenth_at)
    SELECT o.user_id, o.city_id, u.created_at, min(o.created_at) FILTER (WHERE o.n = 1),
      min(o.created_at) FILTER (WHERE o.n = 2), min(o.created_at) FILTER (WHERE o.n = 10)
    FROM (
      SELECT user_id, city_id, created_at, row_number() OVER (PARTITION BY user_id, city_id ORDER BY created_at, id) AS n
      FROM orders WHERE status >= 30
    ) AS o
    JOIN users AS u ON u.id = o.user_id
    WHERE o.n IN (1, 2, 10)
    GROUP BY o.user_id, o.city_id, u.created_at`,
  order_status_minutes: sql`
    INSERT INTO order_status_minutes (city_id, day, status, minutes, periods)
    SELECT city_id, (ended_at AT TIME ZONE 'UTC')::date, status, greatest(floor(extract(epoch FROM ended_at - started_at) / 60), 0)::int,
      count(*)
    FROM order_status_periods
    GROUP BY 1, 2, 3, 4`,
};

/**
 * Empties and refills every derived table in one transaction, and answers how many rows each
 * has now. The base tables are locked against writes meanwhile (reads go on), so a server
 * running on a PostgreSQL server loses no change made during the rebuild.
 */
export async function rebuildDerivedTables<DB>(db: Kysely<DB>): Promise<{ name: DerivedTable; rows: number }[]> {
  return db.transaction().execute(async (trx) => {
    // A schema migrated part of the way (a rollback) may not have every table yet: those are skipped.
    const { rows: present } = await sql<{ name: string }>`
      SELECT name FROM unnest(${sql.val([...BASE_TABLES, ...DERIVED_TABLES])}::text[]) AS name WHERE to_regclass(name) IS NOT NULL`.execute(
      trx,
    );
    const exists = new Set(present.map((row) => row.name));
    const locked = BASE_TABLES.filter((name) => exists.has(name));
    await sql`LOCK TABLE ${sql.join(locked.map((name) => sql.table(name)))} IN SHARE MODE`.execute(trx);
    const counts: { name: DerivedTable; rows: number }[] = [];
    for (const name of DERIVED_TABLES.filter((table) => exists.has(table))) {
      await sql`DELETE FROM ${sql.table(name)}`.execute(trx);
      await RECOMPUTE[name].execute(trx);
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(name)}`.execute(trx);
      counts.push({ name, rows: rows[0]?.n ?? 0 });
    }
    return counts;
  });
}
