import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { ROOT_DIR } from '../../server/config';
import { openDatabase } from '../../server/db/connect';
import { lockDataDir } from '../../server/db/lock';
import { migrationNames } from '../../server/db/migrate';
import { backends, TEST_SECRET, TEST_VERSION, type Backend } from './harness';
import { openEmptyDatabase, type EmptyDatabase } from './opsFixtures';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npx tsx server/ops/cli.ts ...` as an operator runs it: no terminal, the environment given. */
function cli(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'server/ops/cli.ts', ...args], {
      cwd: ROOT_DIR,
      env: { ...process.env, DATABASE_URL: '', ADMIN_PASSWORD: '', JWT_SECRET: TEST_SECRET, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** An error as the operator sees it: one line, no stack trace. */
const expectOneLine = (run: Run, message: RegExp) => {
  expect(run.code, run.stdout + run.stderr).toBe(1);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr).toMatch(message);
  expect(run.stderr).not.toMatch(/\n\s+at /);
};

describe.each(backends)('npm run db on %s', (backend: Backend) => {
  const folder = mkdtempSync(join(tmpdir(), 'backoffice-cli-'));
  const dataDir = join(folder, 'data');
  const file = join(folder, 'backup.sql');
  let server: EmptyDatabase | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    if (backend === 'postgres') server = await openEmptyDatabase(backend);
    env = { DATA_DIR: dataDir, ...(server?.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}) };
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** The database the commands worked on, opened after they ended. */
  const open = () =>
    server?.databaseUrl ? openDatabase({ databaseUrl: server.databaseUrl }) : openDatabase({ dataDir: join(dataDir, 'db') });

  it('migrates an empty database, and says so when there is nothing left to do', async () => {
    const first = await cli(['migrate'], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`Migrated from an empty database to ${migrationNames().at(-1)}`);
    const again = await cli(['migrate'], env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`Already at migration ${migrationNames().at(-1)}`);
  }, 120_000);

  it('creates an admin with the password of ADMIN_PASSWORD, who can then log in', async () => {
    const run = await cli(['create-admin', ' chief '], { ...env, ADMIN_PASSWORD: 'a long enough password' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Admin chief created \(user id \d+\)/);
    const db = open();
    try {
      const app = await buildApp({ db, jwtSecret: TEST_SECRET, version: TEST_VERSION });
      const login = await app.inject({ method: 'POST', url: '/login', payload: { username: 'chief', password: 'a long enough password' } });
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json()).toMatchObject({ user: { username: 'chief', roleId: 10 } });
      await app.close();
    } finally {
      await db.destroy();
    }
  }, 60_000);

  it('refuses a taken name (whatever its case), a weak password and a missing one, each in one line', async () => {
    expectOneLine(
      await cli(['create-admin', 'CHIEF'], { ...env, ADMIN_PASSWORD: 'a long enough password' }),
      /^The username CHIEF is already taken$/m,
    );
    expectOneLine(await cli(['create-admin', 'deputy'], { ...env, ADMIN_PASSWORD: 'short' }), /^password: more than 7 and less than 256$/m);
    expectOneLine(await cli(['create-admin', 'deputy'], env), /set ADMIN_PASSWORD/);
  }, 60_000);

  it('prints the usage and exits with 2 on an unknown command or a missing argument', async () => {
    for (const args of [['frobnicate'], ['backup'], []]) {
      const run = await cli(args, env);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('Usage: npm run db -- <command>');
    }
    const help = await cli(['--help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('restore FILE [--force]');
  }, 60_000);

  it('backs up, refuses to restore over data without --force, restores with it, and rebuilds', async () => {
    const backup = await cli(['backup', file], env);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^ {2}users +1$/m);
    expectOneLine(await cli(['restore', file], env), /^The target is not empty \(.*users 1\): restore with --force/);
    const forced = await cli(['restore', file, '--force'], env);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(/^ {2}users +1$/m);
    const rebuild = await cli(['rebuild'], env);
    expect(rebuild.code, rebuild.stderr).toBe(0);
    expect(rebuild.stdout).toMatch(/^ {2}order_day_totals +0$/m);
  }, 120_000);

  it.runIf(backend === 'pglite')(
    'restores into an empty DATA_DIR',
    async () => {
      const other = { ...env, DATA_DIR: join(folder, 'restored') };
      const run = await cli(['restore', file], other);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`now at migration ${migrationNames().at(-1)}`);
    },
    120_000,
  );

  it.runIf(backend === 'pglite')(
    'stays out of a DATA_DIR a running server holds',
    async () => {
      const lock = await lockDataDir(dataDir);
      try {
        expectOneLine(await cli(['migrate'], env), /is in use by another back-office process \(pid \d+\).*Stop the server first/);
      } finally {
        await lock.release();
      }
    },
    60_000,
  );
});
