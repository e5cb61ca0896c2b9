import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateUpTo, migrationNames } from '../../server/db/migrate';
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

describe('a backup of an older version', () => {
  it('restores at its own migration level, then migrates on to the newest', async () => {
    const older = migrationNames().at(-2) ?? '';
    const [from, to] = await Promise.all([openEmptyDatabase('pglite'), openEmptyDatabase('pglite')]);
    try {
      await migrateUpTo(from.db, older);
      const cityId = await createCity(from.db, 'Old times');
      const file = join(folder, 'older.sql');
      const backup = await backupDatabase(from.db, file, '2.5.0');
      expect(backup.migration).toBe(older);
      const restored = await restoreDatabase(to.db, file);
      expect(restored.migration).toBe(migrationNames().at(-1));
      expect(await to.db.selectFrom('cities').select(['id', 'name']).execute()).toEqual([{ id: cityId, name: 'Old times' }]);
      expect(await createCity(to.db, 'New times')).toBe(cityId + 1);
    } finally {
      await Promise.all([from.close(), to.close()]);
    }
  }, 120_000);

  it('is refused when a newer version made it', async () => {
    const source = readFileSync(join(folder, `${backends[0]}.sql`), 'utf8');
    const file = join(folder, 'newer.sql');
    writeFileSync(file, source.replace(/^-- migration: .*$/m, '-- migration: 999_from_the_future'));
    const to = await openTestDb('pglite');
    try {
      await expect(restoreDatabase(to.db, file)).rejects.toThrow(/at migration 999_from_the_future, which this version .* does not know/);
    } finally {
      await to.close();
    }
  });
});
