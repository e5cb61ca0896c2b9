import { sql, type RawBuilder } from 'kysely';

/**
 * A condition for an UPDATE that is true only where the row differs from `changes` in some
 * column, compared by the database in each column's own type (a `time` of '10:00' equals
 * '10:00:00', a numeric 7.5 equals '7.50'). A save that names only the stored values then
 * writes nothing: no bookkeeping column moves, no trigger fires, no session ends. With no
 * changes at all it is false.
 */
export function differsFrom(changes: Readonly<Record<string, unknown>>): RawBuilder<boolean> {
  const columns = Object.entries(changes).filter(([, value]) => value !== undefined);
  if (columns.length === 0) return sql<boolean>`false`;
  return sql<boolean>`(${sql.join(
    columns.map(([column, value]) => sql`${sql.ref(column)} IS DISTINCT FROM ${value}`),
    sql` OR `,
  )})`;
}
