import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';
import { migrationNames } from '../db/migrate';
import type { Database } from '../db/schema';

export const HEALTH_LIVE_PATH = '/health/live';
export const HEALTH_READY_PATH = '/health/ready';

/** The background workers by name, and whether each is running. */
export type WorkerStatus = Record<string, boolean>;

export interface HealthOptions {
  db: Kysely<Database>;
  /** The process's workers; omitted when the app runs none (the tests' apps). */
  workers?: () => WorkerStatus;
  /** How long the database may take to answer the readiness check. */
  timeoutMs?: number;
}

/** Each part of readiness: `ok`, or what is wrong with it (no versions, no addresses, no secrets). */
export interface Readiness {
  status: 'ok' | 'unavailable';
  checks: { database: string; migrations: string; workers?: string };
  /** The parts that are not ok. */
  failing: string[];
}

const DEFAULT_TIMEOUT_MS = 2000;

class TimedOut extends Error {}

const within = async <T>(work: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new TimedOut()), ms)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
};

/** The migrations of this build that the database lacks; null when their table cannot be read. */
async function missingMigrations(db: Kysely<Database>): Promise<string[] | null> {
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
    const applied = new Set(rows.map((row) => row.name));
    // A newer build's migrations beside ours (a rolling deploy) leave this one ready.
    return migrationNames().filter((name) => !applied.has(name));
  } catch {
    return null;
  }
}

async function checkReadiness(options: HealthOptions): Promise<Readiness> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const checks: Readiness['checks'] = { database: 'ok', migrations: 'ok' };
  try {
    const missing = await within(
      (async () => {
        await sql`SELECT 1`.execute(options.db);
        return missingMigrations(options.db);
      })(),
      timeoutMs,
    );
    if (missing === null) checks.migrations = 'not applied';
    else if (missing.length > 0) checks.migrations = `pending: ${missing.join(', ')}`;
  } catch (error) {
    checks.database = error instanceof TimedOut ? `no answer within ${timeoutMs} ms` : 'unreachable';
    checks.migrations = 'unknown';
  }
  if (options.workers) {
    const stopped = Object.entries(options.workers())
      .filter(([, running]) => !running)
      .map(([name]) => name);
    checks.workers = stopped.length === 0 ? 'ok' : `stopped: ${stopped.join(', ')}`;
  }
  const failing = Object.entries(checks)
    .filter(([, state]) => state !== 'ok')
    .map(([part]) => part);
  return { status: failing.length === 0 ? 'ok' : 'unavailable', checks, failing };
}

/**
 * `GET /health/live` (the process answers) and `GET /health/ready` (it can serve: database
 * reachable, migrations applied, workers running; 503 naming what fails). No login; not in the
 * request log. Once the server is stopping, Fastify answers every request that still reaches
 * it, these included, 503 with `Connection: close` (return503OnClosing), so a load balancer
 * takes the process out.
 */
const plugin: FastifyPluginAsync<HealthOptions> = async (app, options) => {
  /** Probes that come together share one check: a slow database is not asked once per probe. */
  let pending: Promise<Readiness> | null = null;

  app.get(HEALTH_LIVE_PATH, { logLevel: 'silent' }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get(HEALTH_READY_PATH, { logLevel: 'silent' }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    pending ??= checkReadiness(options).finally(() => {
      pending = null;
    });
    const readiness = await pending;
    return reply.status(readiness.status === 'ok' ? 200 : 503).send(readiness);
  });
};

export const health = fp(plugin, { name: 'health' });
