import { sql, type Kysely } from 'kysely';

/** A table holding the service's rows, as the backup writes and the restore reads it. */
export interface DataTable {
  name: string;
  /** Every stored column, in the table's order (generated columns are left out: they are computed again). */
  columns: string[];
  /** The primary key's columns, in the key's order: the order rows are read and compared in. */
  key: string[];
  /** Columns whose values come from a sequence (serial, bigserial, identity). */
  sequenced: string[];
}

/** Kysely's own bookkeeping: the target writes its own when it is migrated. */
const BOOKKEEPING = ['kysely_migration', 'kysely_migration_lock'];

/** A quoted identifier, for names read from the catalog. */
export const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

interface Reference {
  child: string;
  parent: string;
  /** Every column of the foreign key is NOT NULL: the child row cannot exist without its parent. */
  required: boolean;
}

/**
 * Parents before children (foreign keys), then by name: the order a restore writes in, and the
 * order every report lists. Where references go round (users and restaurants name each other),
 * the next table is, of those whose required parents are all written (their optional ones,
 * nullable columns, left to come after), the one most tables still wait for. The restore runs
 * with foreign key checks off in any case.
 */
function dependencyOrder(names: string[], references: Reference[]): string[] {
  const parentsOf = (name: string, requiredOnly: boolean) =>
    references.filter((r) => r.child === name && r.parent !== name && (r.required || !requiredOnly)).map((r) => r.parent);
  const ordered: string[] = [];
  const left = new Set([...names].sort());
  const ready = (requiredOnly: boolean) => [...left].filter((name) => parentsOf(name, requiredOnly).every((parent) => !left.has(parent)));
  const waitingFor = (name: string) => new Set(references.filter((r) => r.parent === name && left.has(r.child)).map((r) => r.child)).size;
  const mostAwaited = (candidates: string[]) =>
    candidates.reduce<string | undefined>(
      (best, name) => (best === undefined || waitingFor(name) > waitingFor(best) ? name : best),
      undefined,
    );
  while (left.size > 0) {
    const next = ready(false)[0] ?? mostAwaited(ready(true)) ?? [...left][0];
    ordered.push(next);
    left.delete(next);
  }
  return ordered;
}

/** The data tables of the database's schema, in dependency order. */
export async function dataTables<DB>(db: Kysely<DB>): Promise<DataTable[]> {
  const { rows: columns } = await sql<{ table: string; column: string; sequenced: boolean; key_position: number | null }>`
    SELECT c.relname AS table, a.attname AS column,
      (a.attidentity <> '' OR pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) IS NOT NULL) AS sequenced,
      array_position(pk.indkey::int2[], a.attnum) AS key_position
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    LEFT JOIN pg_index pk ON pk.indrelid = c.oid AND pk.indisprimary
    WHERE n.nspname = current_schema() AND c.relkind = 'r'
    ORDER BY c.relname, a.attnum`.execute(db);
  const { rows: references } = await sql<Reference>`
    SELECT child.relname AS child, parent.relname AS parent,
      (SELECT bool_and(a.attnotnull) FROM pg_attribute a WHERE a.attrelid = f.conrelid AND a.attnum = ANY (f.conkey)) AS required
    FROM pg_constraint f
    JOIN pg_class child ON child.oid = f.conrelid
    JOIN pg_class parent ON parent.oid = f.confrelid
    JOIN pg_namespace n ON n.oid = child.relnamespace
    WHERE f.contype = 'f' AND n.nspname = current_schema()`.execute(db);

  const tables = new Map<string, DataTable & { keyAt: Map<string, number> }>();
  for (const row of columns) {
    if (BOOKKEEPING.includes(row.table)) continue;
    let table = tables.get(row.table);
    if (!table) {
      table = { name: row.table, columns: [], key: [], sequenced: [], keyAt: new Map() };
      tables.set(row.table, table);
    }
    table.columns.push(row.column);
    if (row.sequenced) table.sequenced.push(row.column);
    if (row.key_position !== null) table.keyAt.set(row.column, row.key_position);
  }
  return dependencyOrder([...tables.keys()], references).flatMap((name) => {
    const found = tables.get(name);
    if (!found) return [];
    const { keyAt, ...table } = found;
    const key = [...keyAt.keys()].sort((a, b) => (keyAt.get(a) ?? 0) - (keyAt.get(b) ?? 0));
    // Without a primary key the rows are read in the order of all their columns.
    return [{ ...table, key: key.length > 0 ? key : table.columns }];
  });
}

/** How many rows each table has, in the order given. */
export async function countRows<DB>(db: Kysely<DB>, tables: DataTable[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.raw(ident(table.name))}`.execute(db);
    counts.set(table.name, rows[0]?.n ?? 0);
  }
  return counts;
}

/**
 * The newest migration applied to the database, read from Kysely's bookkeeping (so a migration
 * this version does not know shows too), or null for a database never migrated.
 */
export async function migrationLevel<DB>(db: Kysely<DB>): Promise<string | null> {
  const { rows } = await sql<{ present: boolean }>`SELECT to_regclass('kysely_migration') IS NOT NULL AS present`.execute(db);
  if (!rows[0]?.present) return null;
  const { rows: last } = await sql<{ name: string | null }>`SELECT max(name) AS name FROM kysely_migration`.execute(db);
  return last[0]?.name ?? null;
}
