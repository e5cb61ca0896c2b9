import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../server/db/connect';
import type { Database } from '../../server/db/schema';
import { runUpkeep, startStatisticsUpkeep, upkeepOf, upkeepPlan } from '../../server/db/statistics';

/**
 * The embedded database has no autovacuum: the server analyses and vacuums its tables itself.
 * Without it the planner takes every table for one row (the review list joined orders by a
 * nested loop over every order of the city).
 */

const state = (over: Partial<Parameters<typeof upkeepOf>[0]>) => ({
  table: 't',
  reltuples: 1000,
  relpages: 10,
  pages: 10,
  changed: 0,
  dead: 0,
  ...over,
});

describe('what a table needs', () => {
  it('nothing when analysed and untouched, or empty and never analysed', () => {
    expect(upkeepOf(state({}))).toBeNull();
    expect(upkeepOf(state({ reltuples: -1, relpages: 0, pages: 0 }))).toBeNull();
  });
  it('an analysis when never analysed, when its size moved, or past the share of changed rows', () => {
    expect(upkeepOf(state({ reltuples: -1, relpages: 0, pages: 3 }))).toBe('analyze');
    expect(upkeepOf(state({ pages: 19 }))).toBeNull();
    expect(upkeepOf(state({ pages: 21 }))).toBe('analyze');
    expect(upkeepOf(state({ relpages: 100, pages: 60 }))).toBe('analyze');
    expect(upkeepOf(state({ changed: 150 }))).toBeNull();
    expect(upkeepOf(state({ changed: 151 }))).toBe('analyze');
  });
  it('a vacuum past the share of dead rows', () => {
    expect(upkeepOf(state({ dead: 250 }))).toBeNull();
    expect(upkeepOf(state({ dead: 251, changed: 400 }))).toBe('vacuum');
  });
});

describe('the upkeep on the embedded database', () => {
  let dir = '';
  let db: Kysely<Database>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'backoffice-upkeep-'));
    cpSync(inject('pgliteTemplate'), join(dir, 'db'), { recursive: true });
    db = openDatabase({ dataDir: join(dir, 'db') });
    await sql`CREATE TABLE upkeep_probe (id integer PRIMARY KEY, city integer NOT NULL)`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const rowsThePlannerExpects = async (): Promise<number> => {
    const { rows } = await sql<{ reltuples: number }>`
      SELECT reltuples::float8 AS reltuples FROM pg_class WHERE relname = 'upkeep_probe'`.execute(db);
    return rows[0]?.reltuples ?? Number.NaN;
  };
  const probeStep = async () => (await upkeepPlan(db)).find((step) => step.table === 'upkeep_probe');

  it('analyses a filled table, then finds nothing to do', async () => {
    await sql`INSERT INTO upkeep_probe SELECT g, g % 3 FROM generate_series(1, 5000) g`.execute(db);
    expect(await rowsThePlannerExpects()).toBe(-1);
    expect(await probeStep()).toEqual({ table: 'upkeep_probe', work: 'analyze' });

    const upkeep = await startStatisticsUpkeep({ db, log: { info: () => undefined, error: () => undefined }, everyMs: 3_600_000 });
    await upkeep.stop();
    expect(await rowsThePlannerExpects()).toBe(5000);
    expect(await upkeepPlan(db)).toEqual([]);
  });

  it('vacuums a table whose rows were mostly deleted', async () => {
    await sql`DELETE FROM upkeep_probe WHERE id > 1000`.execute(db);
    expect(await probeStep()).toEqual({ table: 'upkeep_probe', work: 'vacuum' });
    await runUpkeep(db, await upkeepPlan(db));
    const { rows } = await sql<{ dead: number }>`
      SELECT n_dead_tup::int AS dead FROM pg_stat_user_tables WHERE relname = 'upkeep_probe'`.execute(db);
    expect(rows[0]?.dead).toBe(0);
    expect(await rowsThePlannerExpects()).toBe(1000);
    expect(await probeStep()).toBeUndefined();
  });

  it('after a restart, which forgets the changes counted, a table that grew is analysed again', async () => {
    await sql`INSERT INTO upkeep_probe SELECT g, g % 3 FROM generate_series(1001, 20000) g`.execute(db);
    await db.destroy();
    db = openDatabase({ dataDir: join(dir, 'db') });
    expect(await probeStep()).toEqual({ table: 'upkeep_probe', work: 'analyze' });
    await runUpkeep(db, await upkeepPlan(db));
    expect(await rowsThePlannerExpects()).toBe(20000);
  });
});
