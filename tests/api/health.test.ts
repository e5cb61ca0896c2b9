import { createServer, type Server, type Socket } from 'node:net';
import Fastify from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/schema';
import { health, type WorkerStatus } from '../../server/ops/health';
import { backends, openTestApp, TEST_SECRET, TEST_VERSION, type TestApp } from './harness';
import { freePort } from '../support/freePort';

/** What a readiness answer may say: states, never a version, an address or a secret. */
const expectNothingRevealed = (body: string) => {
  expect(body).not.toMatch(/\d+\.\d+/);
  expect(body).not.toMatch(/postgres|pglite|127\.0\.0\.1|password|secret|token/i);
};

describe.each(backends)('health checks on %s', (backend) => {
  let t: TestApp;
  const workers: WorkerStatus = { eventWorker: true, mailingSender: true };
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await openTestApp(backend, {
      workers: () => workers,
      logger: true,
      logStream: { write: (line) => logLines.push(line) },
    });
  });
  afterAll(async () => t?.close());

  it('GET /health/live answers 200 {status: ok} without a login', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /health/ready answers 200 when the database answers, every migration is applied and the workers run', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', workers: 'ok' }, failing: [] });
    expectNothingRevealed(response.body);
  });

  it('answers 503 naming a stopped worker', async () => {
    workers.mailingSender = false;
    try {
      const response = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'unavailable', checks: { workers: 'stopped: mailingSender' }, failing: ['workers'] });
    } finally {
      workers.mailingSender = true;
    }
  });

  it('answers 503 naming a migration the database lacks', async () => {
    const last = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(t.db);
    const name = last.rows[0].name;
    await sql`UPDATE kysely_migration SET name = ${`${name}_renamed`} WHERE name = ${name}`.execute(t.db);
    try {
      const response = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ checks: { database: 'ok', migrations: `pending: ${name}` }, failing: ['migrations'] });
    } finally {
      await sql`UPDATE kysely_migration SET name = ${name} WHERE name = ${`${name}_renamed`}`.execute(t.db);
    }
    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
  });

  it('keeps the probes and the scrapes out of the request log', async () => {
    logLines.length = 0;
    for (const url of ['/health/live', '/health/ready', '/metrics', '/api/cities']) await t.app.inject({ method: 'GET', url });
    const logged = logLines.join('\n');
    expect(logged).toContain('/api/cities');
    expect(logged).not.toContain('/health/');
    expect(logged).not.toContain('/metrics');
  });

  it('answers 503 once the server is stopping, while a request under way finishes', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => (release = done));
    let closeBegun: () => void = () => undefined;
    const begun = new Promise<void>((done) => (closeBegun = done));
    let openGate: () => void = () => undefined;
    const gate = new Promise<void>((done) => (openGate = done));
    const app = await buildApp({ db: t.db, jwtSecret: TEST_SECRET, version: TEST_VERSION, workers: () => workers });
    app.get('/test/held', async () => {
      await held;
      return { done: true };
    });
    // Holds the stop at its first step, while the server still listens.
    app.addHook('preClose', async () => {
      closeBegun();
      await gate;
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    expect((await fetch(`${base}/health/ready`)).status).toBe(200);
    const underWay = fetch(`${base}/test/held`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = app.close();
    await begun;
    const during = await fetch(`${base}/health/ready`);
    expect(during.status).toBe(503);
    expect(during.headers.get('connection')).toBe('close');
    openGate();
    release();
    expect((await underWay).status).toBe(200);
    await closing;
  });
});

describe('readiness when the database does not answer', () => {
  const sockets = new Set<Socket>();
  let silent: Server;
  let silentPort: number;
  beforeAll(async () => {
    // Takes connections and never says a word, as a database host behind a dead link.
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    const address = silent.address();
    silentPort = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((done) => silent.close(done));
  });

  const readinessWith = async (port: number, timeoutMs: number) => {
    const pool = new pg.Pool({ connectionString: `postgres://nobody:secret@127.0.0.1:${port}/none`, max: 1 });
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const app = Fastify();
    await app.register(health, { db, timeoutMs });
    try {
      const response = await app.inject({ method: 'GET', url: '/health/ready' });
      return { status: response.statusCode, body: response.body, json: response.json() };
    } finally {
      await app.close();
      for (const socket of sockets) socket.destroy();
      await db.destroy().catch(() => undefined);
    }
  };

  it('answers 503 naming the database when nothing listens', async () => {
    const answer = await readinessWith(await freePort(), 2000);
    expect(answer.status).toBe(503);
    expect(answer.json).toEqual({
      status: 'unavailable',
      checks: { database: 'unreachable', migrations: 'unknown' },
      failing: ['database', 'migrations'],
    });
    expectNothingRevealed(answer.body);
  });

  it('answers 503 within its timeout when the database never answers', async () => {
    const answer = await readinessWith(silentPort, 300);
    expect(answer.status).toBe(503);
    expect(answer.json).toMatchObject({ checks: { database: 'no answer within 300 ms' }, failing: ['database', 'migrations'] });
  });
});
