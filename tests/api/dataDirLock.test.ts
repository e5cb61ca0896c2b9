import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/freePort';
import { DataDirInUseError, lockDataDir } from '../../server/db/lock';

const ROOT = resolve(import.meta.dirname, '../..');

interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

const started: ChildProcess[] = [];

/** `npm run serve` as a child process: the real server on a free port, without demo data. */
async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  // tsx as a loader, not its CLI: the server is then this very process, the pid the lock names.
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG: 'off', DEMO: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Whether the server answers HTTP at all (a 401 from the API counts). */
const answers = async (url: string): Promise<boolean> => {
  try {
    return (await fetch(`${url}/api/cities`)).status === 401;
  } catch {
    return false;
  }
};

async function untilServing(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await answers(server.url))) {
    if (server.child.exitCode !== null) throw new Error(`The server exited:\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const dirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'backoffice-lock-'));
  dirs.push(dir);
  return dir;
};

afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
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
    const first = await spawnServer({ DATA_DIR: dataDir });
    await untilServing(first);

    const second = await spawnServer({ DATA_DIR: dataDir });
    const code = await Promise.race([second.exited, new Promise((r) => setTimeout(() => r('still running'), 30_000))]);
    expect(code).toBe(1);
    expect(second.output()).toContain(
      `Cannot start: DATA_DIR ${dataDir} is in use by another back-office process (pid ${first.child.pid})`,
    );
    expect(second.output()).toContain('DATABASE_URL');
    expect(await answers(first.url)).toBe(true);

    // A holder killed outright leaves no lock behind.
    first.child.kill('SIGKILL');
    await first.exited;
    const third = await spawnServer({ DATA_DIR: dataDir });
    await untilServing(third);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('with DATABASE_URL several servers may share DATA_DIR', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL ?? '';
    const name = `backoffice_lock_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const env = { DATA_DIR: newDataDir(), DATABASE_URL: url.toString(), JWT_SECRET: 'a-shared-secret-of-at-least-32-characters' };
      const first = await spawnServer(env);
      await untilServing(first);
      const second = await spawnServer(env);
      await untilServing(second);
      for (const server of [first, second]) {
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
