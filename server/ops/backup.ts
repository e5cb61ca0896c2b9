import { createWriteStream, renameSync, rmSync, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { sql, type Kysely } from 'kysely';
import { dataTables, ident, migrationLevel, type DataTable } from './dataTables';

/**
 * The backup file: plain SQL the same on PGlite and a PostgreSQL server, so a backup of either
 * restores into either. A header of comments (the format, the app version, the migration level,
 * each table's row count), then per table, parents first, INSERT statements of up to PAGE rows
 * each, then the sequences' positions, then an end line (a file cut short is refused). Each
 * statement is one line: the rows travel as PostgreSQL's own JSON of each row
 * (`row_to_json`), read back by `json_populate_recordset` with the types of the target's
 * columns, so every value (timestamps to the microsecond, numerics, JSON, bigints) comes back
 * exactly, whatever the server's settings.
 */
export const BACKUP_MAGIC = '-- food-backoffice backup, format 1';
export const BACKUP_END = '-- end of backup';
const PAGE = 500;

export interface BackupHeader {
  appVersion: string;
  migration: string;
  createdAt: string;
  /** Row counts per table, in the order the file holds them. */
  tables: { name: string; rows: number }[];
}

export interface BackupResult extends BackupHeader {
  bytes: number;
}

/** A header line: `-- key: value`. */
const headerLine = (key: string, value: string) => `-- ${key}: ${value}`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** One INSERT of a page of rows, given as the JSON texts of the rows. */
export function insertStatement(table: DataTable, rowsJson: string[]): string {
  const columns = table.columns.map(ident).join(', ');
  return (
    // OVERRIDING SYSTEM VALUE: an identity column, should a table get one, takes the saved id too.
    `INSERT INTO ${ident(table.name)} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} ` +
    `FROM json_populate_recordset(NULL::${ident(table.name)}, ${literal(`[${rowsJson.join(',')}]`)});`
  );
}

/** The rows of a table in key order, a page at a time: only one page is ever in memory. */
export async function* tableRows<DB>(db: Kysely<DB>, table: DataTable): AsyncGenerator<string[]> {
  const name = sql.raw(ident(table.name));
  const key = sql.raw(table.key.map((column) => `t.${ident(column)}`).join(', '));
  const keyOf = sql.raw(table.key.map(ident).join(', '));
  let last: string | undefined;
  for (;;) {
    // After the first page: the rows whose key comes after the last row's (keyset paging).
    const after =
      last === undefined ? sql`true` : sql`(${key}) > (SELECT ${keyOf} FROM json_populate_record(NULL::${name}, ${last}::json))`;
    const { rows } = await sql<{ j: string }>`
      SELECT row_to_json(t)::text AS j FROM ${name} AS t WHERE ${after} ORDER BY ${key} LIMIT ${PAGE}`.execute(db);
    if (rows.length === 0) return;
    yield rows.map((row) => row.j);
    if (rows.length < PAGE) return;
    last = rows[rows.length - 1].j;
  }
}

/** The sequences' positions, as statements that set them again (named through their columns, like the target's). */
async function sequenceStatements<DB>(db: Kysely<DB>, tables: DataTable[]): Promise<string[]> {
  const statements: string[] = [];
  for (const table of tables) {
    for (const column of table.sequenced) {
      const { rows } = await sql<{ seq: string }>`SELECT pg_get_serial_sequence(${ident(table.name)}, ${column}) AS seq`.execute(db);
      const seq = rows[0]?.seq;
      if (!seq) continue;
      const { rows: state } = await sql<{ value: string; called: boolean }>`
        SELECT last_value::text AS value, is_called AS called FROM ${sql.raw(seq)}`.execute(db);
      const { value, called } = state[0];
      statements.push(
        `SELECT pg_catalog.setval(pg_get_serial_sequence(${literal(ident(table.name))}, ${literal(column)}), ${value}, ${called});`,
      );
    }
  }
  return statements;
}

const write = async (out: WriteStream, text: string): Promise<void> => {
  if (!out.write(text)) await once(out, 'drain');
};

/**
 * Writes a consistent copy of every table to `file` (one snapshot: a server may keep serving
 * meanwhile). The file appears only when complete: it is written beside and renamed at the end.
 */
export async function backupDatabase<DB>(db: Kysely<DB>, file: string, appVersion: string): Promise<BackupResult> {
  const partial = `${file}.partial`;
  const out = createWriteStream(partial, { mode: 0o600 });
  try {
    const result = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const migration = await migrationLevel(trx);
        if (!migration) throw new Error('The database has never been migrated: there is nothing to back up');
        const tables = await dataTables(trx);
        const header: BackupHeader = { appVersion, migration, createdAt: new Date().toISOString(), tables: [] };
        for (const table of tables) {
          const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.raw(ident(table.name))}`.execute(trx);
          header.tables.push({ name: table.name, rows: rows[0]?.n ?? 0 });
        }
        const lines = [
          BACKUP_MAGIC,
          headerLine('app-version', header.appVersion),
          headerLine('migration', header.migration),
          headerLine('created-at', header.createdAt),
          ...header.tables.map((t) => headerLine('table', `${t.name} ${t.rows}`)),
          '-- Restore with: npm run db -- restore FILE (it migrates the target to the level above first).',
          '',
        ];
        await write(out, lines.join('\n'));
        for (const table of tables) {
          await write(out, `\n-- ${table.name}\n`);
          for await (const page of tableRows(trx, table)) await write(out, `${insertStatement(table, page)}\n`);
        }
        await write(out, '\n-- sequences\n');
        for (const statement of await sequenceStatements(trx, tables)) await write(out, `${statement}\n`);
        await write(out, `${BACKUP_END}\n`);
        return header;
      });
    out.end();
    await once(out, 'finish');
    renameSync(partial, file);
    return { ...result, bytes: out.bytesWritten };
  } catch (error) {
    out.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
}
