import { createReadStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { sql, type Kysely } from 'kysely';
import { migrateToLatest, migrateUpTo, migrationNames } from '../db/migrate';
import { BACKUP_END, BACKUP_MAGIC, type BackupHeader } from './backup';
import { countRows, dataTables, ident, migrationLevel } from './dataTables';

/** A restore that cannot go on; its message is for the operator. */
export class RestoreError extends Error {}

export interface RestoreResult {
  header: BackupHeader;
  /** Rows per table after the restore, in the file's order. */
  tables: { name: string; rows: number }[];
  sequences: number;
  /** The target's level after the restore (newer than the backup's when this version has newer migrations). */
  migration: string;
}

const lines = (file: string) => createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });

/** The header of a backup file: what it was taken from and how many rows each table had. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  if (!existsSync(file)) throw new RestoreError(`No such file: ${file}`);
  const header: BackupHeader = { appVersion: '', migration: '', createdAt: '', tables: [] };
  let first = true;
  for await (const line of lines(file)) {
    if (first && line !== BACKUP_MAGIC) throw new RestoreError(`${file} is not a backup made by npm run db -- backup`);
    first = false;
    if (line === '') break;
    const [, key, value] = /^-- ([a-z-]+): (.*)$/.exec(line) ?? [];
    if (key === 'app-version') header.appVersion = value;
    if (key === 'migration') header.migration = value;
    if (key === 'created-at') header.createdAt = value;
    if (key === 'table') {
      const [name, rows] = value.split(' ');
      header.tables.push({ name, rows: Number(rows) });
    }
  }
  if (first || !header.migration) throw new RestoreError(`${file} is not a backup made by npm run db -- backup`);
  return header;
}

/** Only what backup writes runs: rows going in and sequences set. */
const isBackupStatement = (line: string) =>
  (line.startsWith('INSERT INTO "') || line.startsWith('SELECT pg_catalog.setval(')) && line.endsWith(';');

const errorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

/**
 * Restores a backup into `db`: migrates the target to the backup's level, checks it is empty
 * (or, with `force`, empties it), then writes every row and sets the sequences in one
 * transaction with triggers off (`session_replication_role = replica`): the derived tables come
 * from the file as they were, and nothing is counted twice; a failure leaves the target as it
 * was. Then migrates on to this version's newest level.
 */
export async function restoreDatabase<DB>(db: Kysely<DB>, file: string, options: { force?: boolean } = {}): Promise<RestoreResult> {
  const header = await readBackupHeader(file);
  const known = migrationNames();
  if (!known.includes(header.migration)) {
    throw new RestoreError(
      `The backup is at migration ${header.migration}, which this version (up to ${known.at(-1)}) does not know: restore it with the version that made it (${header.appVersion}) or a newer one`,
    );
  }
  const current = await migrationLevel(db);
  if (current !== null && current > header.migration) {
    throw new RestoreError(
      `The target is already at migration ${current}, newer than the backup's ${header.migration}: restore into an empty DATA_DIR or database`,
    );
  }
  await migrateUpTo(db, header.migration);

  const tables = await dataTables(db);
  const names = new Set(tables.map((t) => t.name));
  const missing = header.tables.filter((t) => !names.has(t.name)).map((t) => t.name);
  if (missing.length > 0) throw new RestoreError(`The target has no table ${missing.join(', ')} at migration ${header.migration}`);
  if (!options.force) {
    const filled = [...(await countRows(db, tables))].filter(([, rows]) => rows > 0);
    if (filled.length > 0) {
      const listed = filled.map(([name, rows]) => `${name} ${rows}`).join(', ');
      throw new RestoreError(`The target is not empty (${listed}): restore with --force to replace everything in it`);
    }
  }

  let sequences = 0;
  const counts = await db.transaction().execute(async (trx) => {
    try {
      // Triggers (foreign key checks included) stay off for this transaction only.
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    } catch (error) {
      if (errorCode(error) !== '42501') throw error;
      throw new RestoreError(
        'Restore turns triggers off (SET session_replication_role = replica): connect as a superuser, or GRANT SET ON PARAMETER session_replication_role to this role',
      );
    }
    if (options.force) await sql`TRUNCATE ${sql.raw(tables.map((t) => ident(t.name)).join(', '))} RESTART IDENTITY CASCADE`.execute(trx);
    let number = 0;
    let ended = false;
    for await (const line of lines(file)) {
      number++;
      if (line === '' || line.startsWith('--')) {
        ended ||= line === BACKUP_END;
        continue;
      }
      if (ended || !isBackupStatement(line)) throw new RestoreError(`Line ${number} of ${file} is not a statement of a backup`);
      await sql.raw(line.slice(0, -1)).execute(trx);
      if (line.startsWith('SELECT')) sequences++;
    }
    if (!ended) throw new RestoreError(`${file} is incomplete (it has no end line): nothing was restored`);
    const counted = await countRows(trx, tables);
    for (const { name, rows } of header.tables) {
      if (counted.get(name) !== rows) {
        throw new RestoreError(`${name} has ${counted.get(name)} rows after the restore, the backup says ${rows}: nothing was restored`);
      }
    }
    return header.tables.map(({ name }) => ({ name, rows: counted.get(name) ?? 0 }));
  });
  await migrateToLatest(db);
  return { header, tables: counts, sequences, migration: (await migrationLevel(db)) ?? header.migration };
}
