import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { freePort } from '../support/freePort';

const ROOT = resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:port */
  url: string;
  /** Sends the signal and answers how the process ended. */
  stop(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it wrote on stderr so far. */
  output(): string;
}

/**
 * server/main.ts in one Node process with tsx's loader, `env` on top of the test's environment
 * (no demo, no request log). Not through tsx's command: it runs the server in a child process,
 * which a SIGKILL of the command would leave running.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEMO: '0', LOG: 'off', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    async stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    output: () => output,
  };
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
