import type { FastifyInstance } from 'fastify';
import { TableNode, type KyselyPlugin, type OperationNode, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { isDatabaseUnreachable, namesUnreachableDatabase } from '../../server/db/unreachable';
import { DATABASE_RETRY_AFTER_SECONDS, DatabaseUnavailableError } from '../../server/errors';
import { backends, login, openTestDb, seedRoles, TEST_SECRET, TEST_VERSION, type TestDb } from './harness';

/**
 * How an unreachable database is answered, whichever way the error comes: as the database
 * layer reports it (DatabaseUnavailableError) or as a raw driver error, on REST and on GraphQL.
 * tests/api/databaseOutage.test.ts cuts a real PostgreSQL server; here the failure is made by
 * a plugin on the reads of one table, so that the token check still passes.
 */
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

const isNode = (value: unknown): value is OperationNode =>
  typeof value === 'object' && value !== null && 'kind' in value && typeof value.kind === 'string';

/** Whether a query names the table anywhere (its FROM, a join, a subquery). */
const names = (node: unknown, table: string): boolean => {
  if (Array.isArray(node)) return node.some((child) => names(child, table));
  if (!isNode(node)) return false;
  if (TableNode.is(node) && node.table.identifier.name === table) return true;
  return Object.values(node).some((child) => names(child, table));
};

describe.each(backends)('an unreachable database on %s', (backend) => {
  let t: TestDb;
  let app: FastifyInstance;
  let token: string;
  let failure: (() => unknown) | null = null;

  beforeAll(async () => {
    t = await openTestDb(backend);
    await seedRoles(t.db);
    const plugin: KyselyPlugin = {
      transformQuery: ({ node }): RootOperationNode => {
        if (failure && names(node, 'restaurants')) throw failure();
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    app = await buildApp({ db: t.db.withPlugin(plugin), jwtSecret: TEST_SECRET, version: TEST_VERSION });
    await app.ready();
    token = (await login(app, 'admin')).jwtToken;
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  const restaurantsByRest = () => app.inject({ method: 'GET', url: '/api/restaurants', headers: { authorization: `Bearer ${token}` } });
  const restaurantsByGraphql = () =>
    app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { authorization: `Bearer ${token}` },
      payload: { query: '{ getRestaurants { id } }' },
    });

  const failures: [string, () => unknown][] = [
    [
      'as the database layer reports it',
      () => new DatabaseUnavailableError(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')),
    ],
    ['as a server shutting down (57P01)', () => withCode('terminating connection due to administrator command', '57P01')],
    ['as a lost connection', () => new Error('Connection terminated unexpectedly')],
    ['as a pool timeout', () => new Error('timeout exceeded when trying to connect')],
  ];

  it.each(failures)('answers a REST call 503 DATABASE_UNAVAILABLE %s', async (_name, make) => {
    failure = make;
    const response = await restaurantsByRest();
    failure = null;
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toMatchObject({ statusCode: 503, code: 'DATABASE_UNAVAILABLE', error: 'Service Unavailable' });
    expect((await restaurantsByRest()).statusCode).toBe(200);
  });

  it('says when to try again on REST', async () => {
    failure = failures[0][1];
    const response = await restaurantsByRest();
    failure = null;
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  });

  it.each(failures)('answers a GraphQL query 503 DATABASE_UNAVAILABLE with Retry-After %s', async (_name, make) => {
    failure = make;
    const response = await restaurantsByGraphql();
    failure = null;
    expect(response.statusCode, response.body).toBe(503);
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    const body = response.json<{ errors: { message: string; extensions: { code: string; statusCode: number } }[] }>();
    expect(body.errors[0].extensions).toEqual({ code: 'DATABASE_UNAVAILABLE', statusCode: 503 });
    expect(body.errors[0].message).not.toMatch(/ECONNREFUSED|administrator|terminated|timeout/);
    expect((await restaurantsByGraphql()).statusCode).toBe(200);
  });

  it('still answers a refused query as before: 409 for a duplicate, 500 for a bug', async () => {
    failure = () => withCode('duplicate key value violates unique constraint', '23505');
    expect((await restaurantsByRest()).statusCode).toBe(409);
    failure = () => new TypeError("Cannot read properties of undefined (reading 'id')");
    expect((await restaurantsByRest()).statusCode).toBe(500);
    failure = null;
  });
});

describe('telling an unreachable database from other errors', () => {
  const refused = withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');

  it('takes a socket error of a database call for an unreachable database', () => {
    expect(isDatabaseUnreachable(refused)).toBe(true);
    expect(isDatabaseUnreachable(new AggregateError([refused], 'connect failed'))).toBe(true);
    expect(isDatabaseUnreachable(new Error('Connection terminated due to connection timeout', { cause: refused }))).toBe(true);
    for (const state of ['57P01', '57P02', '57P03', '08006', '08001', '53300'])
      expect(isDatabaseUnreachable(withCode('x', state))).toBe(true);
    // A database already closed (a stop in progress): the embedded one, or the pool.
    for (const message of ['PGlite is closed', 'Cannot use a pool after calling end on the pool', 'driver has already been destroyed'])
      expect(isDatabaseUnreachable(new Error(message))).toBe(true);
  });

  it('does not take an error of the query, or a failed call to another service, for one', () => {
    for (const state of ['23505', '42P01', '22P02', '40001']) expect(isDatabaseUnreachable(withCode('x', state))).toBe(false);
    // fetch() to the messenger's Bot API: the same socket code, but not the database.
    expect(namesUnreachableDatabase(new TypeError('fetch failed', { cause: refused }))).toBe(false);
    expect(namesUnreachableDatabase(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
  });
});
