import { readdirSync } from 'node:fs';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';

/**
 * Every migration is a file `NNN_<what>.ts` in ./migrations, found by folder and run in the
 * order of its name. Add new ones with the next number; never edit one that has shipped.
 */
const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
const MIGRATION_FILE = /^(\d{3}_[a-z0-9_]+)\.ts$/;

const names: readonly string[] = readdirSync(MIGRATIONS_DIR)
  .filter((file) => /^\d/.test(file))
  .map((file) => {
    // A numbered file that does not fit the pattern would otherwise be skipped without a word.
    const name = MIGRATION_FILE.exec(file)?.[1];
    if (name === undefined) throw new Error(`${file} in server/db/migrations is not named NNN_<what>.ts`);
    return name;
  })
  .sort();

const isMigration = (module: object): module is Migration => 'up' in module && typeof module.up === 'function';

let loaded: Promise<Record<string, Migration>> | undefined;
const loadMigrations = (): Promise<Record<string, Migration>> =>
  (loaded ??= Promise.all(
    names.map(async (name) => {
      const module: object = await import(new URL(`${name}.ts`, MIGRATIONS_DIR).href);
      if (!isMigration(module)) throw new Error(`Migration ${name} exports no up()`);
      return [name, module] as const;
    }),
  ).then((entries) => Object.fromEntries(entries)));

const provider: MigrationProvider = { getMigrations: loadMigrations };

/** The names of every migration this build knows, oldest first (the readiness check compares them with the database's; a backup records the one it was taken at). */
export const migrationNames = (): string[] => [...names];

/** Brings the database to the newest schema. Safe to run on every start and from two processes. */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/** Brings the database up to migration `name` and no further (a restore of an older backup, before its rows go in). */
export async function migrateUpTo<DB>(db: Kysely<DB>, name: string): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateTo(name);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
