import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from '../../server/db/lock';
import { isReady, killStartedServers, startServerProcess, untilReady } from './serverProcess';

const dirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'backoffice-lock-'));
  dirs.push(dir);
  return dir;
};

afterAll(() => {
  killStartedServers();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('one process per data directory', () => {
  it('a second lock on a directory is refused with the holder named, and free again once released', async () => {
    const dir = newDataDir();
    const lock = await lockDataDir(dir);
    const second = lockDataDir(join(dir, '.', ''));
    await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(second).rejects.toThrow(`${dir} is in use by another back-office process (pid ${process.pid})`);
    await lock.release();
    const again = await lockDataDir(dir);
    await again.release();
  });

  it('a second server on the same DATA_DIR exits at once with a message; the first keeps serving', async () => {
    const dataDir = newDataDir();
    const first = await startServerProcess({ DATA_DIR: dataDir });
    await untilReady(first);

    const second = await startServerProcess({ DATA_DIR: dataDir });
    const code = await Promise.race([second.exited, new Promise((r) => setTimeout(() => r('still running'), 30_000))]);
    expect(code).toBe(1);
    expect(second.output()).toContain(
      `Cannot start: DATA_DIR ${dataDir} is in use by another back-office process (pid ${first.child.pid})`,
    );
    expect(second.output()).toContain('DATABASE_URL');
    expect(await isReady(first)).toBe(true);

    // A holder killed outright leaves no lock behind.
    first.child.kill('SIGKILL');
    await first.exited;
    const third = await startServerProcess({ DATA_DIR: dataDir });
    await untilReady(third);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    // Three cold starts, each migrating a new database: slow on a loaded machine.
  }, 120_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'with DATABASE_URL several servers may share DATA_DIR',
    async () => {
      const serverUrl = process.env.TEST_DATABASE_URL ?? '';
      const name = `backoffice_lock_${process.pid}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      try {
        const url = new URL(serverUrl);
        url.pathname = `/${name}`;
        const env = { DATA_DIR: newDataDir(), DATABASE_URL: url.toString(), JWT_SECRET: 'a-shared-secret-of-at-least-32-characters' };
        const first = await startServerProcess(env);
        await untilReady(first);
        const second = await startServerProcess(env);
        await untilReady(second);
        for (const server of [first, second]) {
          server.child.kill('SIGTERM');
          expect(await server.exited).toBe(0);
        }
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
    120_000,
  );
});
