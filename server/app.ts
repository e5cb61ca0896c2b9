import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Kysely } from 'kysely';
import { VERSION_HEADER } from '../src/domain';
import { authenticator } from './auth/authorize';
import type { Database } from './db/schema';
import { fieldSummary, HttpError, statusText, type FieldError } from './errors';
import { graphqlPlugin } from './graphql';
import { localMessenger } from './messenger/local';
import type { MessengerGateway } from './messenger/gateway';
import { apiRoutes } from './routes/api';
import { sessionRoutes } from './routes/session';
import { webhookRoutes } from './routes/webhook';

export interface AppDeps {
  db: Kysely<Database>;
  jwtSecret: string;
  /** The version every response announces. */
  version: string;
  /** The built browser app to serve, when it exists. */
  staticDir?: string;
  now?: () => Date;
  logger?: boolean;
  /** The messenger; by default the local one, keeping photos in `filesDir`. */
  messenger?: MessengerGateway;
  filesDir?: string;
}

/** Paths that need a valid bearer token. */
const isProtected = (url: string): boolean =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || url === '/graphql' || url.startsWith('/graphql?');

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger: deps.logger ? { level: 'info' } : false,
    trustProxy: true,
    // `POST /cities/` and `POST /cities` are the same call (the spec writes both).
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { allErrors: true, coerceTypes: false, removeAdditional: false } },
  });

  app.decorateRequest('user', null);

  // Every response, errors, static files and 404s included, says which version is running.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header(VERSION_HEADER, deps.version);
    return payload;
  });

  const authenticate = authenticator({ db: deps.db, jwtSecret: deps.jwtSecret, now });
  app.addHook('onRequest', async (request) => {
    if (isProtected(request.url)) await authenticate(request);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toErrorBody(error);
    if (body.statusCode >= 500) request.log.error(error);
    if (error instanceof HttpError && error.headers) reply.headers(error.headers);
    reply.status(body.statusCode).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      statusCode: 404,
      code: 'NOT_FOUND',
      error: statusText(404),
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    });
  });

  await app.register(sessionRoutes, { db: deps.db, jwtSecret: deps.jwtSecret, now });
  await app.register(graphqlPlugin, { db: deps.db });
  const messenger = deps.messenger ?? localMessenger(deps.db, deps.filesDir ?? join(tmpdir(), `backoffice-files-${process.pid}`));
  await app.register(apiRoutes, { prefix: '/api', db: deps.db, messenger, now });
  await app.register(webhookRoutes, { db: deps.db, messenger, now });

  if (deps.staticDir && existsSync(deps.staticDir)) {
    await app.register(fastifyStatic, {
      root: deps.staticDir,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  return app;
}

interface ErrorBody {
  statusCode: number;
  code: string;
  error: string;
  message: string;
  details?: FieldError[];
}

/** Postgres errors caused by the input, not by the server: a 400 (or 409), never a 500. */
const PG_INPUT_ERRORS: Record<string, { status: number; message: string }> = {
  '23505': { status: 409, message: 'A record with these values already exists' },
  '23503': { status: 409, message: 'The record refers to, or is referred to by, another record' },
  '23514': { status: 400, message: 'A value is out of its allowed range' },
  '23502': { status: 400, message: 'A required value is missing' },
  '22P02': { status: 400, message: 'A value has the wrong type' },
  '22001': { status: 400, message: 'A value is too long' },
  '22003': { status: 400, message: 'A number is out of range' },
  '22007': { status: 400, message: 'A date or time is not valid' },
  '22008': { status: 400, message: 'A date or time is out of range' },
};

function toErrorBody(error: FastifyError): ErrorBody {
  if (error instanceof HttpError) {
    return {
      statusCode: error.statusCode,
      code: error.code,
      error: statusText(error.statusCode),
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
    };
  }
  if (error.validation) {
    const details = error.validation.map((v) => {
      const missing = (v.params as { missingProperty?: string }).missingProperty;
      const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const field = missing ? (path ? `${path}.${missing}` : missing) : path || (error.validationContext ?? 'body');
      return { field, message: v.message ?? 'is not valid' };
    });
    return {
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      error: statusText(400),
      message: fieldSummary(details),
      details,
    };
  }
  const pg = PG_INPUT_ERRORS[(error as { code?: string }).code ?? ''];
  if (pg) {
    return { statusCode: pg.status, code: 'INVALID_DATA', error: statusText(pg.status), message: pg.message };
  }
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  return {
    statusCode: status,
    code: status === 500 ? 'INTERNAL_ERROR' : (error.code ?? 'BAD_REQUEST'),
    error: statusText(status),
    message: status === 500 ? 'Something went wrong on the server' : error.message,
  };
}
