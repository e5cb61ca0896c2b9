import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestDb, type TestDb } from './harness';

/**
 * server/db/schema.ts is typed by hand; nothing else ties it to the migrations. This test reads
 * it with the TypeScript checker and compares it with the migrated database, which is the truth.
 */

const schemaFile = fileURLToPath(new URL('../../server/db/schema.ts', import.meta.url));

interface TsColumn {
  /** The selected type includes null. */
  nullable: boolean;
  /** The column may be left out of an insert (Generated<...>, or a ColumnType whose insert type has undefined). */
  optionalOnInsert: boolean;
}

interface DbColumn {
  nullable: boolean;
  /** A default, an identity or a generated expression fills the column when an insert leaves it out. */
  filledByDatabase: boolean;
}

type Tables<C> = Map<string, Map<string, C>>;

const includesFlag = (type: ts.Type, flag: ts.TypeFlags): boolean =>
  type.isUnion() ? type.types.some((member) => includesFlag(member, flag)) : (type.flags & flag) !== 0;

/** The tables and columns of the `Database` interface, as the checker resolves them (aliases included). */
function readSchemaTypes(): Tables<TsColumn> {
  const program = ts.createProgram([schemaFile], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(schemaFile);
  if (!source) throw new Error(`${schemaFile} not found`);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  const database = moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((symbol) => symbol.name === 'Database');
  if (!database) throw new Error('schema.ts exports no Database interface');

  const tables: Tables<TsColumn> = new Map();
  for (const table of checker.getDeclaredTypeOfSymbol(database).getProperties()) {
    const columns = new Map<string, TsColumn>();
    for (const column of checker.getTypeOfSymbol(table).getProperties()) {
      const type = checker.getTypeOfSymbol(column);
      // Kysely's ColumnType<S, I, U> (and Generated<T>) is an object of __select__, __insert__, __update__.
      const selected = type.getProperty('__select__');
      const inserted = type.getProperty('__insert__');
      const selectType = selected ? checker.getTypeOfSymbol(selected) : type;
      columns.set(column.name, {
        nullable: includesFlag(selectType, ts.TypeFlags.Null),
        optionalOnInsert: inserted !== undefined && includesFlag(checker.getTypeOfSymbol(inserted), ts.TypeFlags.Undefined),
      });
    }
    tables.set(table.name, columns);
  }
  return tables;
}

interface ColumnRow {
  table_name: string;
  column_name: string;
  is_nullable: string;
  column_default: string | null;
  is_identity: string;
  is_generated: string;
}

async function readDatabase({ db }: TestDb): Promise<Tables<DbColumn>> {
  const tables: Tables<DbColumn> = new Map();
  const { rows: tableRows } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'kysely_migration%'`.execute(db);
  for (const { table_name } of tableRows) tables.set(table_name, new Map());
  const { rows } = await sql<ColumnRow>`
    SELECT table_name, column_name, is_nullable, column_default, is_identity, is_generated
    FROM information_schema.columns WHERE table_schema = 'public'`.execute(db);
  for (const row of rows) {
    tables.get(row.table_name)?.set(row.column_name, {
      nullable: row.is_nullable === 'YES',
      filledByDatabase: row.column_default !== null || row.is_identity === 'YES' || row.is_generated === 'ALWAYS',
    });
  }
  return tables;
}

/** Every difference between the hand-written types and the database, one line each. */
function mismatches(types: Tables<TsColumn>, database: Tables<DbColumn>): string[] {
  const found: string[] = [];
  for (const table of types.keys()) if (!database.has(table)) found.push(`${table}: in schema.ts, not in the database`);
  for (const [table, dbColumns] of database) {
    const tsColumns = types.get(table);
    if (!tsColumns) {
      found.push(`${table}: in the database, not in schema.ts`);
      continue;
    }
    for (const column of tsColumns.keys()) {
      if (!dbColumns.has(column)) found.push(`${table}.${column}: in schema.ts, not in the database`);
    }
    for (const [column, dbColumn] of dbColumns) {
      const tsColumn = tsColumns.get(column);
      if (!tsColumn) {
        found.push(`${table}.${column}: in the database, not in schema.ts`);
        continue;
      }
      if (tsColumn.nullable && !dbColumn.nullable) found.push(`${table}.${column}: typed with null, but NOT NULL`);
      if (!tsColumn.nullable && dbColumn.nullable) found.push(`${table}.${column}: nullable, but typed without null`);
      if (tsColumn.optionalOnInsert && !dbColumn.nullable && !dbColumn.filledByDatabase) {
        found.push(`${table}.${column}: optional on insert (Generated), but NOT NULL with no default or identity`);
      }
    }
  }
  return found;
}

const types = readSchemaTypes();

describe('the schema type file', () => {
  it('resolves tables and columns from the Database interface', () => {
    // A guard against a checker that silently resolves nothing (every check below would pass).
    expect(types.size).toBeGreaterThan(30);
    expect(types.get('cities')?.get('id')).toEqual({ nullable: false, optionalOnInsert: true });
    expect(types.get('users')?.get('username')).toEqual({ nullable: true, optionalOnInsert: false });
  });
});

describe.each(backends)('schema.ts against the migrated database on %s', (backend) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(backend);
  });
  afterAll(async () => t?.close());

  it('has the same tables, columns and nullability', async () => {
    expect(mismatches(types, await readDatabase(t))).toEqual([]);
  });
});
