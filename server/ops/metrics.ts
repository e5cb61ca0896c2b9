import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { poolStats, type PoolStats } from '../db/poolStats';
import type { Database } from '../db/schema';
import { forbidden, HttpError } from '../errors';
import { outboxBacklog } from './outboxBacklog';

export const METRICS_PATH = '/metrics';

/** Mailing messages the messenger took, in this process since it started (every app of the process reads it). */
let mailingMessagesSent = 0;

/** Called once per mailing message recorded as sent. */
export const countMailingMessageSent = (): void => {
  mailingMessagesSent += 1;
};

export interface MetricsOptions {
  db: Kysely<Database>;
  /** The bearer token a scraper must send; none: only clients on the loopback address may read. */
  token?: string;
  /** The live streams open in this app. */
  liveStreams?: { readonly size: number };
  now?: () => Date;
}

/**
 * Node's default metrics (event loop lag, memory, CPU, handles, garbage collection) describe
 * the process, not an app, and each collection keeps a monitor running: one per process.
 */
let processRegistry: Registry | null = null;
const processMetrics = (): Registry => {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
};

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** Same time whatever the token given, its length included. */
const sameToken = (given: string, expected: string): boolean => timingSafeEqual(digest(given), digest(expected));

const isLoopback = (address: string | undefined): boolean =>
  !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

/** The route pattern a request matched (`/api/orders/:id`), never the URL with its ids and queries. */
const routeOf = (request: FastifyRequest): string => request.routeOptions.url ?? '(no route)';

/** Throws 401 or 403 unless the scraper may read the metrics (the connection's address, not X-Forwarded-For). */
function assertMayScrape(request: FastifyRequest, token: string | undefined): void {
  if (token === undefined) {
    if (!isLoopback(request.socket.remoteAddress))
      throw forbidden('Metrics are served to the loopback address only while METRICS_TOKEN is unset');
    return;
  }
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  if (!sameToken(given, token)) {
    throw new HttpError(401, 'UNAUTHORIZED', 'Metrics need the METRICS_TOKEN bearer token', undefined, { 'www-authenticate': 'Bearer' });
  }
}

/**
 * `GET /metrics` in Prometheus's text format: the process's default metrics, and a registry of
 * this app's own (so that two apps in one process, as in the tests, keep separate counts):
 * request durations by route pattern and status, 429s by route, failed logins, the database
 * pool, open live streams, the outbox's due events and the age of the oldest, mailing messages
 * sent. Not public: see assertMayScrape.
 */
const plugin: FastifyPluginAsync<MetricsOptions> = async (app, options) => {
  const registry = new Registry();
  const now = options.now ?? (() => new Date());

  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const tooMany = new Counter({
    name: 'http_too_many_requests_total',
    help: 'Requests refused with 429 Too Many Requests, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  const loginFailures = new Counter({
    name: 'login_failures_total',
    help: 'POST /login answered 401 (refused: wrong name or password, or a role that may not log in) or 429 (throttled)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  for (const reason of ['refused', 'throttled']) loginFailures.inc({ reason }, 0);

  const pool = (name: string, help: string, read: (stats: PoolStats) => number | null) => {
    // Not measurable (the embedded database keeps its queue private): no metric rather than a made-up one.
    if (read(poolStats(options.db)) === null) return;
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read(poolStats(options.db)) ?? Number.NaN);
      },
    });
  };
  pool('db_pool_connections', 'Database connections open (the embedded database: its one session)', (stats) => stats.total);
  pool('db_pool_connections_in_use', 'Database connections running a query or transaction', (stats) => stats.inUse);
  pool('db_pool_waiting', 'Queries waiting for a free database connection', (stats) => stats.waiting);

  new Gauge({
    name: 'live_streams_open',
    help: 'Live event streams (GET /api/events) open in this process',
    registers: [registry],
    collect() {
      this.set(options.liveStreams?.size ?? 0);
    },
  });

  /** Both outbox gauges of one scrape share one query. */
  let backlog: ReturnType<typeof outboxBacklog> | null = null;
  const readBacklog = () => {
    backlog ??= outboxBacklog(options.db, now()).finally(() => {
      backlog = null;
    });
    return backlog;
  };
  new Gauge({
    name: 'outbox_due_events',
    help: 'Outbox events due for delivery and not yet delivered (counted up to 10000; NaN when the database did not answer)',
    registers: [registry],
    async collect() {
      this.set((await readBacklog())?.due ?? Number.NaN);
    },
  });
  new Gauge({
    name: 'outbox_oldest_due_age_seconds',
    help: 'How long the oldest due outbox event has waited (0 when none waits; NaN when the database did not answer)',
    registers: [registry],
    async collect() {
      this.set((await readBacklog())?.oldestAgeSeconds ?? Number.NaN);
    },
  });

  new Counter({
    name: 'mailing_messages_sent_total',
    help: 'Mailing messages the messenger took, since this process started',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(mailingMessagesSent);
    },
  });

  const exposed = Registry.merge([processMetrics(), registry]);

  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    const status = reply.statusCode;
    durations.observe({ method: request.method, route, status_code: String(status) }, reply.elapsedTime / 1000);
    if (status === 429) tooMany.inc({ method: request.method, route });
    if (request.method === 'POST' && route === '/login' && (status === 401 || status === 429)) {
      loginFailures.inc({ reason: status === 401 ? 'refused' : 'throttled' });
    }
  });

  app.get(METRICS_PATH, { logLevel: 'silent' }, async (request, reply) => {
    assertMayScrape(request, options.token);
    const text = await exposed.metrics();
    return reply.header('content-type', exposed.contentType).header('cache-control', 'no-store').send(text);
  });
};

export const metrics = fp(plugin, { name: 'metrics' });
