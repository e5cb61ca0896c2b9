import { sql, type Kysely } from 'kysely';
import { backendOf } from './backend';
import type { Database } from './schema';

/**
 * Planner statistics and dead rows for the embedded database. A PostgreSQL server's autovacuum
 * keeps both; the embedded one runs in a single process with no background workers, so nothing
 * ever analyses or vacuums its tables. Unanalysed, the planner takes every table for one row and
 * joins by nested loops: the demo's review list, for one, took 140 ms instead of 14.
 *
 * A pass finds the tables that need it and runs one statement per table, so that requests get
 * the database between two tables. A table is analysed when it never was, when its size moved
 * since (the statistics of the running process are lost at a restart, the size on disk is not),
 * or when the rows changed since its last analysis passed autovacuum's own threshold; vacuumed
 * (and analysed) past autovacuum's dead-row threshold.
 */

/** Autovacuum's defaults: a table is analysed after 50 + 10 % of its rows changed, vacuumed after 50 + 20 % died. */
const ANALYZE_BASE = 50;
const ANALYZE_SHARE = 0.1;
const VACUUM_BASE = 50;
const VACUUM_SHARE = 0.2;
/** The share of pages a table may grow or shrink by, beyond a few, before its statistics are taken as stale. */
const SIZE_SHARE = 0.2;
const SIZE_PAGES = 8;

/** How often the running process looks again. */
export const STATISTICS_UPKEEP_EVERY_MS = 5 * 60_000;

export interface UpkeepStep {
  table: string;
  work: 'analyze' | 'vacuum';
}

interface TableState {
  table: string;
  /** Rows at the last analysis or vacuum; -1 if never. */
  reltuples: number;
  /** Pages at the last analysis or vacuum. */
  relpages: number;
  /** Pages now. */
  pages: number;
  changed: number;
  dead: number;
}

/** What a table needs, by the thresholds above; null when nothing. */
export function upkeepOf(state: TableState): UpkeepStep['work'] | null {
  const rows = Math.max(state.reltuples, 0);
  if (state.dead > VACUUM_BASE + VACUUM_SHARE * rows) return 'vacuum';
  if (state.reltuples < 0 && state.pages > 0) return 'analyze';
  if (Math.abs(state.pages - state.relpages) > SIZE_PAGES + SIZE_SHARE * state.relpages) return 'analyze';
  if (state.changed > ANALYZE_BASE + ANALYZE_SHARE * rows) return 'analyze';
  return null;
}

/** The product's tables (schema public) and what each needs now. */
export async function upkeepPlan(db: Kysely<Database>): Promise<UpkeepStep[]> {
  // A single process sends its counts of changed and dead rows to the statistics only now and
  // then (about once a minute when idle); this asks for them at the end of this statement.
  await sql`SELECT pg_stat_force_next_flush()`.execute(db);
  const { rows } = await sql<TableState>`
    SELECT c.relname AS "table", c.reltuples::float8 AS reltuples, c.relpages AS relpages,
           (pg_relation_size(c.oid) / current_setting('block_size')::int)::int AS pages,
           coalesce(s.n_mod_since_analyze, 0)::int AS changed, coalesce(s.n_dead_tup, 0)::int AS dead
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
    WHERE n.nspname = 'public' AND c.relkind = 'r'
    ORDER BY c.relname`.execute(db);
  const steps: UpkeepStep[] = [];
  for (const state of rows) {
    const work = upkeepOf(state);
    if (work) steps.push({ table: state.table, work });
  }
  return steps;
}

/** Runs a plan, one table per statement. */
export async function runUpkeep(db: Kysely<Database>, steps: readonly UpkeepStep[]): Promise<void> {
  for (const { table, work } of steps) {
    // VACUUM cannot run in a transaction: each statement goes alone.
    if (work === 'vacuum') await sql`VACUUM (ANALYZE) ${sql.table(table)}`.execute(db);
    else await sql`ANALYZE ${sql.table(table)}`.execute(db);
  }
}

export interface StatisticsUpkeep {
  /** Waits for a pass under way; no other starts. */
  stop(): Promise<void>;
}

/**
 * On the embedded database: one pass now (a new database, a restored or freshly seeded one is
 * analysed before it serves), then one every `everyMs`. On a PostgreSQL server: nothing, its
 * autovacuum does it. A failed pass is logged and the next one tries again.
 */
export async function startStatisticsUpkeep({
  db,
  log,
  everyMs = STATISTICS_UPKEEP_EVERY_MS,
}: {
  db: Kysely<Database>;
  log: { info(message: string): void; error(object: { err: unknown }, message: string): void };
  everyMs?: number;
}): Promise<StatisticsUpkeep> {
  if (backendOf(db)?.kind !== 'embedded') return { stop: async () => undefined };
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = async () => {
    const started = Date.now();
    try {
      const done = await upkeepPlan(db);
      await runUpkeep(db, done);
      if (done.length > 0) {
        const tables = done.map(({ table, work }) => (work === 'vacuum' ? `${table} (vacuum)` : table)).join(', ');
        log.info(`Database statistics brought up to date in ${Date.now() - started} ms: ${tables}`);
      }
    } catch (error) {
      log.error({ err: error }, 'could not bring the database statistics up to date; the next pass will try again');
    }
  };
  const runPass = (): Promise<void> | null => {
    if (stopped || running) return running;
    const current = pass().finally(() => {
      running = null;
    });
    running = current;
    return current;
  };
  await runPass();
  const timer = setInterval(runPass, everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
