import { sql, type Kysely, type RawBuilder } from 'kysely';
import { ORDER_SERIES, type StatsCount, type StatsExecutionTime, type StatsOrders } from '../../../src/domain';
import type { Database } from '../../db/schema';
import { splitBySlots, type StatsRange } from './statsRange';

/**
 * The figures that add up events in time (orders by group per day, carts, the bot's response
 * time): whole quarters of an hour come from stats_slots (migration 011), the odd minutes at
 * the ends of a range from the source table. One statement each.
 */
type Parts = { slots: RawBuilder<unknown> | null; edges: RawBuilder<unknown> | null };

/** The `where` of the range's quarters in stats_slots, and of its ends in a source table's `column`. */
function parts(range: StatsRange, column: RawBuilder<unknown>): Parts {
  const { slots, edges } = splitBySlots(range);
  return {
    slots: slots ? sql`s.city_id = ${range.cityId} AND s.slot >= ${slots.from} AND s.slot < ${slots.to}` : null,
    edges:
      edges.length > 0
        ? sql`(${sql.join(
            edges.map((edge) => sql`(${column} >= ${edge.from} AND ${column} < ${edge.to})`),
            sql` OR `,
          )})`
        : null,
  };
}

const unionAll = (queries: (RawBuilder<unknown> | null)[]) =>
  sql.join(
    queries.filter((q): q is RawBuilder<unknown> => q !== null),
    sql` UNION ALL `,
  );

export function slotFigures(db: Kysely<Database>) {
  /** Orders placed per day of the range (in the zone of its start), by group; days without orders are zeros. */
  const orders = async (range: StatsRange): Promise<StatsOrders> => {
    const { slots, edges } = parts(range, sql.ref('o.created_at'));
    const localDay = (column: RawBuilder<unknown>) =>
      sql`((${column} AT TIME ZONE 'UTC') + make_interval(mins => ${range.offsetMinutes}::int))::date`;
    const counted = new Map<string, { confirmed: number; unconfirmed: number; canceled: number }>();
    if (slots || edges) {
      const { rows } = await sql<{ day: string; confirmed: number; unconfirmed: number; canceled: number }>`
        SELECT to_char(d, 'YYYY-MM-DD') AS day, sum(confirmed)::int AS confirmed, sum(unconfirmed)::int AS unconfirmed, sum(canceled)::int AS canceled
        FROM (${unionAll([
          slots &&
            sql`SELECT ${localDay(sql.ref('s.slot'))} AS d, s.confirmed, s.unconfirmed, s.canceled FROM stats_slots AS s WHERE ${slots}`,
          edges &&
            sql`SELECT ${localDay(sql.ref('o.created_at'))}, (o.status >= 30)::int, (o.status >= 0 AND o.status < 30)::int, (o.status < 0)::int
              FROM orders AS o WHERE o.city_id = ${range.cityId} AND ${edges}`,
        ])}) AS x
        GROUP BY d`.execute(db);
      for (const row of rows) counted.set(row.day, row);
    }
    return {
      columns: [...ORDER_SERIES],
      data: range.days.map((date) => {
        const row = counted.get(date);
        return { date, confirmed: row?.confirmed ?? 0, unconfirmed: row?.unconfirmed ?? 0, canceled: row?.canceled ?? 0 };
      }),
    };
  };

  /** Carts opened in the range. */
  const carts = async (range: StatsRange): Promise<StatsCount> => {
    const { slots, edges } = parts(range, sql.ref('c.created_at'));
    if (!slots && !edges) return { count: 0 };
    const { rows } = await sql<{ count: number }>`
      SELECT coalesce(sum(n), 0)::int AS count FROM (${unionAll([
        slots && sql`SELECT sum(s.carts) AS n FROM stats_slots AS s WHERE ${slots}`,
        edges && sql`SELECT count(*) FROM carts AS c WHERE c.city_id = ${range.cityId} AND ${edges}`,
      ])}) AS x`.execute(db);
    return { count: rows[0]?.count ?? 0 };
  };

  /** The bot's average response time over the range (bot_responses), null when it answered nothing. */
  const executionTime = async (range: StatsRange): Promise<StatsExecutionTime> => {
    const { slots, edges } = parts(range, sql.ref('r.created_at'));
    if (!slots && !edges) return { averageMs: null, responses: 0 };
    const { rows } = await sql<{ responses: number; average: string | null }>`
      SELECT coalesce(sum(n), 0)::int AS responses, round(sum(ms)::numeric / nullif(sum(n), 0), 1)::text AS average
      FROM (${unionAll([
        slots && sql`SELECT sum(s.responses) AS n, sum(s.response_ms) AS ms FROM stats_slots AS s WHERE ${slots}`,
        edges && sql`SELECT count(*), sum(r.duration_ms) FROM bot_responses AS r WHERE r.city_id = ${range.cityId} AND ${edges}`,
      ])}) AS x`.execute(db);
    const row = rows[0];
    return { averageMs: row?.average == null ? null : Number(row.average), responses: row?.responses ?? 0 };
  };

  return { orders, carts, executionTime };
}
