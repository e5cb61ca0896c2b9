import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationNames } from '../../server/db/migrate';
import { backupDatabase, type BackupResult } from '../../server/ops/backup';
import { createAdmin } from '../../server/ops/createAdmin';
import { dataTables } from '../../server/ops/dataTables';
import { readBackupHeader, restoreDatabase } from '../../server/ops/restore';
import { backends, createCity, openTestDb, TEST_VERSION, type TestDb } from './harness';
import { openEmptyDatabase, seedEveryTable, tableChecksums } from './opsFixtures';

const folder = mkdtempSync(join(tmpdir(), 'backoffice-backup-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe.each(backends)('a backup taken on %s', (source) => {
  let from: TestDb;
  let file: string;
  let backup: BackupResult;
  let sums: Record<string, string>;
  let maxIds: { city: number; user: number };

  beforeAll(async () => {
    from = await openTestDb(source);
    await seedEveryTable(from.db);
    file = join(folder, `${source}.sql`);
    backup = await backupDatabase(from.db, file, TEST_VERSION);
    sums = await tableChecksums(from.db);
    const city = await from.db
      .selectFrom('cities')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    const user = await from.db
      .selectFrom('users')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    maxIds = { city: Number(city.id), user: Number(user.id) };
  }, 120_000);
  afterAll(async () => from?.close());

  it('holds every table, each with rows, under a header naming the version and the migration level', async () => {
    const tables = await dataTables(from.db);
    expect(backup.tables.map((t) => t.name).sort()).toEqual(tables.map((t) => t.name).sort());
    expect(backup.tables.filter((t) => t.rows === 0)).toEqual([]);
    const header = await readBackupHeader(file);
    expect(header).toMatchObject({ appVersion: TEST_VERSION, migration: migrationNames().at(-1), tables: backup.tables });
    // Parents come before their children.
    const position = (name: string) => backup.tables.findIndex((t) => t.name === name);
    expect(position('cities')).toBeLessThan(position('restaurants'));
    expect(position('orders')).toBeLessThan(position('order_items'));
    expect(position('users')).toBeLessThan(position('orders'));
  });

  describe.each(backends)('restored into an empty %s database', (target) => {
    let to: Awaited<ReturnType<typeof openEmptyDatabase>>;
    beforeAll(async () => {
      to = await openEmptyDatabase(target);
    }, 60_000);
    afterAll(async () => to?.close());

    it('has the same rows in every table', async () => {
      const result = await restoreDatabase(to.db, file);
      expect(result.tables).toEqual(backup.tables);
      expect(result.migration).toBe(migrationNames().at(-1));
      expect(result.sequences).toBeGreaterThan(20);
      expect(await tableChecksums(to.db)).toEqual(sums);
    }, 120_000);

    it('continues the sequences: new rows take new ids', async () => {
      const cityId = await createCity(to.db, 'After the restore');
      expect(cityId).toBeGreaterThan(maxIds.city);
      const admin = await createAdmin(to.db, 'restored_admin', 'a long password');
      expect(admin.id).toBeGreaterThan(maxIds.user);
    });

    it('refuses to restore into a database that is not empty, and replaces everything with --force', async () => {
      await expect(restoreDatabase(to.db, file)).rejects.toThrow(/^The target is not empty \(.*cities \d+.*\): restore with --force/);
      const forced = await restoreDatabase(to.db, file, { force: true });
      expect(forced.tables).toEqual(backup.tables);
      expect(await tableChecksums(to.db)).toEqual(sums);
      expect(await createCity(to.db, 'Again')).toBe(maxIds.city + 1);
    }, 120_000);

    it('refuses a file cut short and leaves the target as it was', async () => {
      const before = await tableChecksums(to.db);
      const lines = readFileSync(file, 'utf8').split('\n');
      const cut = join(folder, `${source}-to-${target}-cut.sql`);
      writeFileSync(cut, lines.slice(0, Math.floor(lines.length * 0.8)).join('\n'));
      await expect(restoreDatabase(to.db, cut, { force: true })).rejects.toThrow(/is incomplete/);
      expect(await tableChecksums(to.db)).toEqual(before);
    }, 60_000);
  });
});
