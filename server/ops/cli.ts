import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { ConfigError, readConfig, type ServerConfig } from '../config';
import { openDatabase } from '../db/connect';
import { DataDirInUseError, lockDataDir, type DataDirLock } from '../db/lock';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { askNewPassword, PromptCancelled } from './askPassword';
import { backupDatabase } from './backup';
import { checkAdminName, createAdmin, CreateAdminError } from './createAdmin';
import { migrationLevel } from './dataTables';
import { rebuildDerivedTables } from './rebuild';
import { restoreDatabase, RestoreError } from './restore';

/**
 * `npm run db -- <command>`: the maintenance commands, on the database the server would use
 * (the embedded one in DATA_DIR/db, or the PostgreSQL server of DATABASE_URL). Each prints what
 * it did; an error is one line on stderr and a non-zero exit code.
 */
const USAGE = `Usage: npm run db -- <command>

Commands:
  migrate                 apply this version's migrations (the server also does at start)
  create-admin NAME       create an admin account; the password is asked on the terminal
                          (hidden) or read from ADMIN_PASSWORD
  backup FILE             write every table to FILE: plain SQL that restores on PGlite and
                          on a PostgreSQL server alike
  restore FILE [--force]  load FILE into an empty database; --force empties it first
  rebuild                 recompute the tables the triggers maintain, from the base tables

The database: the embedded one in DATA_DIR/db, or the PostgreSQL server of DATABASE_URL.
Exit codes: 0 done, 1 failed, 2 wrong usage.`;

/** A command line this program does not take: the usage follows the message. */
class UsageError extends Error {}
/** A failure whose message says it all (no stack). */
class OpsError extends Error {}

const EXPECTED = [ConfigError, CreateAdminError, RestoreError, PromptCancelled, OpsError, DataDirInUseError];

interface Session {
  config: ServerConfig;
  db: Kysely<Database>;
  say: (line: string) => void;
}

/** A file named on the command line, relative to where npm was run (npm runs scripts from the package's folder). */
const fromCaller = (file: string) => resolve(process.env.INIT_CWD ?? process.cwd(), file);

const rowsLine = (name: string, rows: number) => `  ${name.padEnd(28)} ${String(rows).padStart(9)}`;
const total = (tables: { rows: number }[]) => tables.reduce((sum, t) => sum + t.rows, 0);

type Command = { args: number; run: (session: Session, args: string[], flags: Set<string>) => Promise<void>; flags?: string[] };

const COMMANDS: Record<string, Command> = {
  migrate: {
    args: 0,
    run: async ({ db, say }) => {
      const before = await migrationLevel(db);
      await migrateToLatest(db);
      const after = await migrationLevel(db);
      say(before === after ? `Already at migration ${after}` : `Migrated from ${before ?? 'an empty database'} to ${after}`);
    },
  },
  'create-admin': {
    args: 1,
    run: async ({ db, say }, [name]) => {
      await migrateToLatest(db);
      await checkAdminName(db, name);
      const password = process.env.ADMIN_PASSWORD || (await passwordFromTerminal());
      const admin = await createAdmin(db, name, password);
      say(`Admin ${admin.username} created (user id ${admin.id}): log in with it at /`);
    },
  },
  backup: {
    args: 1,
    run: async ({ db, say, config }, [file]) => {
      const result = await backupDatabase(db, fromCaller(file), config.version);
      say(`Backup of migration ${result.migration} written to ${fromCaller(file)} (${result.bytes} bytes):`);
      for (const table of result.tables) say(rowsLine(table.name, table.rows));
      say(`${result.tables.length} tables, ${total(result.tables)} rows`);
    },
  },
  restore: {
    args: 1,
    flags: ['--force'],
    run: async ({ db, say }, [file], flags) => {
      const result = await restoreDatabase(db, fromCaller(file), { force: flags.has('--force') });
      const { header } = result;
      say(`Restored ${fromCaller(file)} (taken ${header.createdAt} by version ${header.appVersion}, migration ${header.migration}):`);
      for (const table of result.tables) say(rowsLine(table.name, table.rows));
      say(
        `${result.tables.length} tables, ${total(result.tables)} rows, ${result.sequences} sequences set; now at migration ${result.migration}`,
      );
    },
  },
  rebuild: {
    args: 0,
    run: async ({ db, say }) => {
      await migrateToLatest(db);
      const started = Date.now();
      const tables = await rebuildDerivedTables(db);
      say(`Rebuilt from the base tables in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
      for (const table of tables) say(rowsLine(table.name, table.rows));
    },
  },
};

async function passwordFromTerminal(): Promise<string> {
  if (!process.stdin.isTTY) throw new OpsError('No terminal to ask the password on: set ADMIN_PASSWORD');
  return askNewPassword();
}

/** The database the server would open, with the embedded one's data directory taken as the server takes it. */
async function openSession(config: ServerConfig): Promise<{ db: Kysely<Database>; lock: DataDirLock | null }> {
  let lock: DataDirLock | null = null;
  if (!config.databaseUrl) {
    try {
      lock = await lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirInUseError) throw new OpsError(`DATA_DIR ${error.message} Stop the server first.`);
      throw error;
    }
  }
  return { db: openDatabase({ databaseUrl: config.databaseUrl, dataDir: join(config.dataDir, 'db') }), lock };
}

function parse(argv: string[]): { command: Command; args: string[]; flags: Set<string> } {
  const [name, ...rest] = argv;
  const command = name === undefined ? undefined : COMMANDS[name];
  if (!command) throw new UsageError(name === undefined ? 'No command given' : `Unknown command: ${name}`);
  const flags = new Set(rest.filter((a) => a.startsWith('--')));
  const args = rest.filter((a) => !a.startsWith('--'));
  const unknown = [...flags].filter((f) => !(command.flags ?? []).includes(f));
  if (unknown.length > 0) throw new UsageError(`Unknown option for ${name}: ${unknown.join(', ')}`);
  if (args.length !== command.args) throw new UsageError(`${name} takes ${command.args === 0 ? 'no argument' : 'one argument'}`);
  return { command, args, flags };
}

/**
 * An error as one line: the message of an expected refusal as it is (the environment's problems
 * joined), anything else (a lost connection, a bad URL) after "Failed:", never a stack trace.
 */
function oneLine(error: unknown): string {
  const text =
    error instanceof AggregateError && !error.message
      ? error.errors.map((e) => (e instanceof Error ? e.message : String(e))).join('; ')
      : error instanceof Error
        ? error.message
        : String(error);
  const [first = '', ...more] = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const joined = more.length > 0 ? `${first} ${more.join('; ')}` : first;
  return EXPECTED.some((kind) => error instanceof kind) ? joined : `Failed: ${joined}`;
}

/** Runs one command line; the exit code. */
async function runCli(argv: string[]): Promise<number> {
  if (argv.length === 1 && ['help', '--help', '-h'].includes(argv[0])) {
    console.log(USAGE);
    return 0;
  }
  let session: { db: Kysely<Database>; lock: DataDirLock | null } | undefined;
  try {
    const { command, args, flags } = parse(argv);
    const config = readConfig();
    session = await openSession(config);
    // Which server and database, without the credentials.
    const server = config.databaseUrl ? new URL(config.databaseUrl) : undefined;
    const where = server
      ? `the PostgreSQL server of DATABASE_URL (${server.host}${server.pathname})`
      : `the embedded database in ${config.dataDir}`;
    console.log(`Database: ${where}`);
    await command.run({ config, db: session.db, say: (line) => console.log(line) }, args, flags);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    console.error(oneLine(error));
    return 1;
  } finally {
    await session?.db.destroy().catch(() => undefined);
    await session?.lock?.release();
  }
}

process.exit(await runCli(process.argv.slice(2)));
