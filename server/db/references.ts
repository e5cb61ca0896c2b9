import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema';

/**
 * What may still refer to a row: a label for the message, the table and column that hold its id,
 * and optionally a condition the referring rows must also meet to count (e.g. a live restaurant).
 */
export type Reference = readonly [what: string, table: keyof Database & string, column: string, only?: RawBuilder<unknown>];

/** Rows whose `restaurant_id` is a restaurant not deleted: a deleted restaurant no longer uses its city's rows. */
export const ofLiveRestaurant = sql`restaurant_id IN (SELECT id FROM restaurants WHERE deleted_at IS NULL)`;

/** "1 restaurant, 2 orders": what still refers to row `id`, in one query; '' when nothing does. */
export async function countReferences(db: Kysely<Database>, id: number, references: readonly Reference[]): Promise<string> {
  const counts = references.map(
    ([what, table, column, only]) =>
      sql`SELECT ${what}::text AS what, count(*)::int AS n FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${id}${only ? sql` AND ${only}` : sql``}`,
  );
  const { rows } = await sql<{ what: string; n: number }>`${sql.join(counts, sql` UNION ALL `)}`.execute(db);
  const found = new Map(rows.map((row) => [row.what, Number(row.n)]));
  return listReferences(Object.fromEntries(references.map(([what]) => [what, found.get(what) ?? 0])));
}

/** "2 restaurants, 1 district": the parts of a 409 that say what still refers to a row. */
function listReferences(counts: Record<string, number>): string {
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([what, n]) => `${n} ${n === 1 ? what.replace(/ies$/, 'y').replace(/s$/, '') : what}`)
    .join(', ');
}
