import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { freePort } from '../support/freePort';

const ROOT = resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:port */
  url: string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Sends the signal (unless the process has ended) and answers how the process ended. */
  stop(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it wrote on stdout and stderr so far. */
  output(): string;
}

const started = new Set<ChildProcess>();

/**
 * server/main.ts in one Node process with tsx's loader, `env` on top of the test's environment
 * (no demo, no request log). Not through tsx's command: it runs the server in a child process,
 * which a SIGKILL of the command would leave running, and a signal must reach the server itself
 * (tsx's command relays it but kills its child outright if the child does not confirm within 30 ms);
 * the pid is then the server's, the one the data directory's lock names.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEMO: '0', DEMO_TRAFFIC: '0', LOG: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => {
      started.delete(child);
      done({ code, signal });
    }),
  );
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    exited: ended.then(({ code }) => code),
    async stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return ended;
    },
    output: () => output,
  };
}

/** Kills every server a test started and left running (for afterAll). */
export function killStartedServers(): void {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** Whether the server answers ready on /health/ready. */
export const isReady = (server: ServerProcess): Promise<boolean> =>
  fetch(`${server.url}/health/ready`).then(
    (response) => response.status === 200,
    () => false,
  );

/** Waits until the server is ready; fails with its output if it exits or takes over a minute. */
export async function untilReady(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await isReady(server))) {
    if (server.child.exitCode !== null) throw new Error(`The server exited:\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${server.output()}`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

/** Waits until the server answers, then logs in: answers an authorization header. */
export async function logIn(server: ServerProcess, username: string, password: string, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`${server.url}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      if (response.ok) return `Bearer ${((await response.json()) as { jwtToken: string }).jwtToken}`;
      throw new Error(`login answered ${response.status}`);
    } catch (error) {
      if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`, { cause: error });
      if (Date.now() > deadline) throw error;
      await new Promise((done) => setTimeout(done, 100));
    }
  }
}
