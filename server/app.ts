import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Kysely } from 'kysely';
import { VERSION_HEADER } from '../src/domain';
import { openActorContext, outsideRequest } from './audit/actorContext';
import { authenticator } from './auth/authorize';
import type { Database } from './db/schema';
import { asUnavailable } from './db/unreachable';
import { HttpError, statusText } from './errors';
import { toErrorBody } from './http/errorBody';
import { openApi, PUBLIC_API_PATHS } from './http/openapi';
import { graphqlPlugin } from './graphql';
import { localMessenger } from './messenger/local';
import { compression } from './plugins/compression';
import { loggerOptions, type LogStream } from './plugins/logging';
import { proxyWarning } from './plugins/proxyWarning';
import { securityHeaders } from './plugins/securityHeaders';
import { trustProxyOption, type TrustProxy } from './config';
import type { MessengerGateway } from './messenger/gateway';
import { apiRoutes } from './areas/api';
import type { ExportOptions } from './areas/orders/exportOptions';
import { sessionRoutes } from './auth/sessionRoutes';
import { secondFactorRoutes } from './auth/secondFactor/routes';
import { sealingKey } from './auth/secondFactor/sealing';
import { webhookRoutes } from './messenger/webhookRoutes';
import { LiveStreamCaps, type LiveStreamLimits } from './live/liveStreamCaps';
import { health, type WorkerStatus } from './ops/health';
import { metrics } from './ops/metrics';

export interface AppDeps {
  db: Kysely<Database>;
  jwtSecret: string;
  /** SECOND_FACTOR_KEY: seals the staff's second-factor secrets; unset, a key derived from jwtSecret. */
  secondFactorKey?: string;
  /** The version every response announces. */
  version: string;
  /** The built browser app to serve, when it exists. */
  staticDir?: string;
  now?: () => Date;
  logger?: boolean;
  /** Where the log goes when `logger` is on; stdout by default. */
  logStream?: LogStream;
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY); none by default. */
  trustProxy?: TrustProxy;
  /** The messenger; by default the local one, keeping photos in `filesDir`. */
  messenger?: MessengerGateway;
  filesDir?: string;
  /** Called after a request has written an event for the messenger (main.ts wakes the event worker). */
  onEvent?: () => void;
  /** Health and metrics: whether the process's workers run (GET /health/ready), the bearer token of GET /metrics, the live stream caps. */
  workers?: () => WorkerStatus;
  metricsToken?: string;
  liveStreamLimits?: LiveStreamLimits;
  /** The Excel exports: how many run at once (EXPORT_CONCURRENCY), and their worker; each app has its own limit. */
  exports?: ExportOptions;
}

/** The path of a URL as a 404 may echo it: without the query, cut to 100 characters. */
const shortPath = (url: string): string => {
  const path = url.split('?')[0];
  return path.length > 100 ? `${path.slice(0, 100)}...` : path;
};

/** Paths that need a valid bearer token. */
const isProtected = (url: string): boolean =>
  !PUBLIC_API_PATHS.some((path) => url === path || url.startsWith(`${path}/`) || url.startsWith(`${path}?`)) &&
  (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || url === '/graphql' || url.startsWith('/graphql?'));

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger: deps.logger ? loggerOptions(deps.logStream) : false,
    trustProxy: trustProxyOption(deps.trustProxy ?? false),
    // `POST /cities/` and `POST /cities` are the same call (the spec writes both).
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
  });

  app.decorateRequest('user', null);
  // First, so that every response carries the headers, also one refused by a later hook.
  await app.register(securityHeaders);
  await app.register(compression);
  // Before the routes: its request timing hook must reach every one of them.
  const liveStreams = new LiveStreamCaps(deps.liveStreamLimits);
  await app.register(metrics, { db: deps.db, token: deps.metricsToken, liveStreams, now });
  await app.register(health, { db: deps.db, workers: deps.workers });

  // Every response, errors, static files and 404s included, says which version is running.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header(VERSION_HEADER, deps.version);
    return payload;
  });

  // Requests under way when the server stops are answered with `Connection: close`, so that
  // their clients reconnect elsewhere rather than keep a connection to a stopping process.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing && !reply.raw.headersSent) reply.header('connection', 'close');
    return payload;
  });

  await app.register(proxyWarning, { trustProxy: deps.trustProxy ?? false, now, logOff: !deps.logger });
  // Each request acts for its user (set by authenticate) in the audit trail; what it wakes acts for nobody.
  app.addHook('onRequest', openActorContext);
  const onEvent = deps.onEvent && outsideRequest(deps.onEvent);
  const { authenticate, close: stopAuthenticator } = authenticator({ db: deps.db, jwtSecret: deps.jwtSecret, now });
  app.addHook('onClose', stopAuthenticator);
  app.addHook('onRequest', async (request) => {
    if (isProtected(request.url)) await authenticate(request);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toErrorBody(error);
    if (body.statusCode >= 500) request.log.error(error);
    // A raw driver error that names an unreachable database (one raised outside the wrapped
    // driver, such as a stop in progress) is answered with the same Retry-After as the others.
    const known = asUnavailable(error, 'unknown');
    if (known instanceof HttpError && known.headers) reply.headers(known.headers);
    reply.status(body.statusCode).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      statusCode: 404,
      code: 'NOT_FOUND',
      error: statusText(404),
      message: `Route ${request.method} ${shortPath(request.url)} not found`,
    });
  });

  await app.register(openApi, { version: deps.version });
  await app.register(sessionRoutes, { db: deps.db, jwtSecret: deps.jwtSecret, now });
  const secondFactorKey = sealingKey(deps.secondFactorKey, deps.jwtSecret);
  await app.register(secondFactorRoutes, { db: deps.db, jwtSecret: deps.jwtSecret, sealingKey: secondFactorKey, now });
  await app.register(graphqlPlugin, { db: deps.db, now, onEvent });
  const messenger = deps.messenger ?? localMessenger(deps.db, deps.filesDir ?? join(tmpdir(), `backoffice-files-${process.pid}`));
  await app.register(apiRoutes, { prefix: '/api', db: deps.db, messenger, now, onEvent, liveStreams, exports: deps.exports });
  await app.register(webhookRoutes, { db: deps.db, messenger, now });

  if (deps.staticDir && existsSync(deps.staticDir)) {
    await app.register(fastifyStatic, {
      root: deps.staticDir,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  return app;
}
