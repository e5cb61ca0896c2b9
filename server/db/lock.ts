import { createHash } from 'node:crypto';
import { mkdirSync, realpathSync, statSync, unlinkSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { join } from 'node:path';

/** Another live process serves this data directory. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | null,
  ) {
    super(
      `${dataDir} is in use by another back-office process${holderPid ? ` (pid ${holderPid})` : ''}. ` +
        'The embedded database can be opened by one process only: stop that process, use another DATA_DIR, ' +
        'or run several API processes on a PostgreSQL server (DATABASE_URL).',
    );
  }
}

export interface DataDirLock {
  release: () => Promise<void>;
}

/**
 * Where the lock lives. On Linux an abstract socket named after the directory's device and
 * inode: the kernel frees the name when the process dies however it dies, so no lock outlives
 * its holder. Elsewhere a socket file in the directory, replaced when nobody answers on it.
 */
function lockAddress(dataDir: string): { path: string; file: boolean } {
  if (process.platform === 'linux') {
    const { dev, ino } = statSync(dataDir);
    return { path: `\0food-backoffice-data-dir:${dev}:${ino}`, file: false };
  }
  const inDir = join(dataDir, '.lock.sock');
  // Socket paths are limited to about 100 bytes; a long DATA_DIR gets a short name in /tmp.
  const path = inDir.length < 100 ? inDir : `/tmp/food-backoffice-${createHash('sha256').update(dataDir).digest('hex').slice(0, 24)}.sock`;
  return { path, file: true };
}

const errorCode = (error: unknown): string | undefined =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

const listen = (server: Server, path: string): Promise<void> =>
  new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(path, () => {
      server.off('error', fail);
      done();
    });
  });

/** The pid the holder answers with; null when nobody listens (a stale socket file). */
const askHolder = (path: string): Promise<{ pid: number | null } | null> =>
  new Promise((done) => {
    let answer = '';
    const socket = connect(path);
    socket.setTimeout(2000);
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => done({ pid: /^\d+$/.test(answer.trim()) ? Number(answer.trim()) : null }));
    socket.on('timeout', () => {
      socket.destroy();
      done({ pid: null });
    });
    socket.on('error', (error) => done(['ECONNREFUSED', 'ENOENT'].includes(errorCode(error) ?? '') ? null : { pid: null }));
  });

/**
 * Takes the data directory for this process, or throws DataDirInUseError naming the process
 * that has it. Whoever connects to the lock is told this process's pid.
 */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  mkdirSync(dir, { recursive: true });
  const dataDir = realpathSync(dir);
  const { path, file } = lockAddress(dataDir);
  for (let attempt = 0; ; attempt++) {
    const server = createServer((socket) => {
      socket.on('error', () => socket.destroy());
      socket.end(String(process.pid));
    });
    try {
      await listen(server, path);
      server.unref();
      return {
        release: () => new Promise<void>((done) => server.close(() => done())),
      };
    } catch (error) {
      if (errorCode(error) !== 'EADDRINUSE') throw error;
    }
    const holder = await askHolder(path);
    if (holder) throw new DataDirInUseError(dataDir, holder.pid);
    // Nobody answers: on Linux the holder is exiting right now, elsewhere its socket file is stale.
    if (attempt >= 5) throw new DataDirInUseError(dataDir, null);
    if (file) {
      try {
        unlinkSync(path);
      } catch {
        // another starting process removed it first
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
