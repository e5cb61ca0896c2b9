import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema';
import { insertStatement, tableRows } from '../../server/ops/backup';
import { dataTables } from '../../server/ops/dataTables';
import { DERIVED_TABLES, rebuildDerivedTables } from '../../server/ops/rebuild';
import { backends, openTestDb, type TestDb } from './harness';
import { seedEveryTable, tableChecksums } from './opsFixtures';

/** The tables whose inserts the derived tables follow. */
const TRIGGERING = ['orders', 'carts', 'bot_responses', 'order_status_periods'];

/**
 * Copies every base table of `from` into `to` (the derived tables stay empty), with the
 * triggers of `TRIGGERING` on or off: on, the derived tables fill as rows arrive; off, as an
 * operator's bulk import leaves them. Every other table goes in with triggers off, so that
 * references that go round (users and restaurants) do not stop the copy.
 */
async function copyBaseTables(from: Kysely<Database>, to: Kysely<Database>, triggers: 'on' | 'off'): Promise<void> {
  const tables = (await dataTables(from)).filter((t) => !(DERIVED_TABLES as readonly string[]).includes(t.name));
  await to.transaction().execute(async (trx) => {
    await sql`SELECT set_config('app.live_events', 'off', true)`.execute(trx);
    for (const table of tables) {
      const role = triggers === 'on' && TRIGGERING.includes(table.name) ? 'origin' : 'replica';
      await sql`SELECT set_config('session_replication_role', ${role}, true)`.execute(trx);
      for await (const page of tableRows(from, table)) await sql.raw(insertStatement(table, page).slice(0, -1)).execute(trx);
    }
  });
}

describe.each(backends)('rebuild on %s', (backend) => {
  let source: TestDb;
  let imported: TestDb;
  let maintained: TestDb;

  beforeAll(async () => {
    [source, imported, maintained] = await Promise.all([openTestDb(backend), openTestDb(backend), openTestDb(backend)]);
    await seedEveryTable(source.db);
    // History with changes after the fact: cancellations, confirmations, a moved order, deletions.
    await source.db
      .updateTable('orders')
      .set({ status: -10 })
      .where(sql<boolean>`id % 7 = 0`)
      .execute();
    await source.db
      .updateTable('orders')
      .set({ status: 30 })
      .where(sql<boolean>`id % 11 = 0`)
      .execute();
    await source.db
      .updateTable('orders')
      .set({ created_at: sql`created_at - interval '3 days'` })
      .where(sql<boolean>`id % 13 = 0`)
      .execute();
    await source.db
      .deleteFrom('orders')
      .where(sql<boolean>`id % 17 = 0`)
      .execute();
    await source.db
      .deleteFrom('carts')
      .where(sql<boolean>`id % 5 = 0`)
      .execute();
    await copyBaseTables(source.db, maintained.db, 'on');
    await copyBaseTables(source.db, imported.db, 'off');
  }, 180_000);
  afterAll(async () => Promise.all([source, imported, maintained].map((t) => t?.close())));

  it('leaves the derived tables behind after an import with triggers off (the case it is for)', async () => {
    const expected = await tableChecksums(maintained.db, DERIVED_TABLES);
    for (const name of DERIVED_TABLES) expect(expected[name]).not.toMatch(/^0:/);
    const before = await tableChecksums(imported.db, DERIVED_TABLES);
    for (const name of DERIVED_TABLES) expect(before[name]).toMatch(/^0:/);
  });

  it('recomputes every derived table as the triggers would have kept it', async () => {
    // A stale row of an earlier import goes too.
    await sql`INSERT INTO order_day_totals (city_id, restaurant_id, day, currency, orders) VALUES (1, 1, '2001-01-01', 'EUR', 5)`.execute(
      imported.db,
    );
    const rebuilt = await rebuildDerivedTables(imported.db);
    const expected = await tableChecksums(maintained.db, DERIVED_TABLES);
    expect(rebuilt.map((t) => `${t.rows}`)).toEqual(DERIVED_TABLES.map((name) => expected[name].split(':')[0]));
    expect(await tableChecksums(imported.db, DERIVED_TABLES)).toEqual(expected);
  });

  it('changes nothing where the triggers kept the tables', async () => {
    const before = await tableChecksums(maintained.db, DERIVED_TABLES);
    await rebuildDerivedTables(maintained.db);
    expect(await tableChecksums(maintained.db, DERIVED_TABLES)).toEqual(before);
  });
});
