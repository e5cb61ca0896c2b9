import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { pgNotifications } from '../../server/db/notifications';
import type { Database } from '../../server/db/schema';
import { DATABASE_RETRY_AFTER_SECONDS, DatabaseUnavailableError } from '../../server/errors';
import { startEventWorker, type EventWorker } from '../../server/jobs/eventWorker';
import { enqueueEvent } from '../../server/jobs/events';
import { startMailingSender, type MailingSender } from '../../server/areas/mailings/mailingSender';
import { EventStatus, MailingStatus, Role } from '../../src/domain';
import { startTcpProxy, type CutMode, type TcpProxy } from '../support/tcpProxy';
import { createStaff, login, seedRoles, TEST_SECRET, TEST_VERSION } from './harness';
import { openLiveClient, type LiveClient } from './liveEventsClient';
import { createCustomers, createMailing, createMailingCity, mailingEnded } from './mailingFixtures';
import { createCustomer, createOrder } from './orderFixtures';
import { recordingMessenger } from './recordingMessenger';

/**
 * The server when its PostgreSQL server goes away and comes back: the app's connections go
 * through a TCP proxy that the test cuts (as a restart or a network cut would) and restores.
 * Nothing may end the process; meanwhile every request answers 503 DATABASE_UNAVAILABLE with
 * Retry-After within five seconds, and within two seconds of the return everything goes on:
 * requests, the live streams (with what was written meanwhile), session revocation, the workers.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

/** The requirement's bounds: an answer while the database is away, and the recovery after it. */
const ANSWER_WITHIN_MS = 5000;
const RECOVERY_WITHIN_MS = 2000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The promise's value, or a failure once `ms` have passed without one. */
const within = <T>(ms: number, what: string, work: Promise<T>): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
};

/** Tries `check` until it holds, failing after `ms`. */
async function eventually(ms: number, what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = performance.now() + ms;
  for (;;) {
    if (await check()) return;
    if (performance.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(25);
  }
}

const expectUnavailable = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  const body = response.json<{ code?: string; errors?: { extensions?: { code?: string } }[] }>();
  // GraphQL answers in its own shape when the resolver met the outage, REST's when the token check did.
  expect(body.code ?? body.errors?.[0]?.extensions?.code).toBe('DATABASE_UNAVAILABLE');
};

/** A database of its own on the server, dropped after. */
async function createDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `backoffice_outage_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

const silentLog = { warn: () => undefined, error: () => undefined };

describe.skipIf(!serverUrl)('the server when PostgreSQL goes away', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let proxy: TcpProxy;
  /** The app's database, through the proxy. */
  let db: Kysely<Database>;
  /** The test's own connection, never cut: it writes what happens meanwhile. */
  let direct: Kysely<Database>;
  let app: FastifyInstance;
  let worker: EventWorker;
  let mailings: MailingSender;
  let ids: Awaited<ReturnType<typeof seedRoles>>;
  let adminToken: string;
  let operatorToken: string;
  let operatorId: number;
  const messenger = recordingMessenger();
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    database = await createDatabase(serverUrl ?? '');
    const target = new URL(database.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    direct = openDatabase({ databaseUrl: database.url });
    await migrateToLatest(direct);
    ids = await seedRoles(direct);
    operatorId = await createStaff(direct, { username: 'nightshift', roleId: Role.OPERATOR, cityId: ids.cityId });
    db = openDatabase({ databaseUrl: proxy.urlFor(database.url) });
    app = await buildApp({ db, jwtSecret: TEST_SECRET, version: TEST_VERSION, messenger });
    await app.ready();
    worker = startEventWorker({ db, messenger, pollMs: 100, log: silentLog });
    mailings = startMailingSender({ db, messenger, rate: 50, pollMs: 100, leaseSeconds: 5, log: silentLog });
    adminToken = (await login(app, 'admin')).jwtToken;
    operatorToken = (await login(app, 'nightshift')).jwtToken;
  });

  afterAll(async () => {
    proxy?.restore();
    for (const client of clients) client.close();
    await worker?.stop();
    await mailings?.stop();
    await app?.close();
    await db?.destroy();
    await direct?.destroy();
    await proxy?.close();
    await database?.drop();
  });

  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const getCities = () => app.inject({ method: 'GET', url: '/api/cities', headers: as(adminToken) });
  /** A read the operator may make. */
  const getTags = (token: string) => app.inject({ method: 'GET', url: '/api/tags', headers: as(token) });
  const postCity = (name: string) =>
    app.inject({ method: 'POST', url: '/api/cities', headers: as(adminToken), payload: { name, currency: 'EUR' } });
  const graphql = () =>
    app.inject({ method: 'POST', url: '/graphql', headers: as(adminToken), payload: { query: '{ getRestaurants { id } }' } });
  const postLogin = () => app.inject({ method: 'POST', url: '/login', payload: { username: 'admin', password: 'secret' } });
  const lastLiveEventId = async () =>
    Number((await sql<{ id: number | null }>`SELECT max(id) AS id FROM live_events`.execute(direct)).rows[0]?.id ?? 0);
  const newOrder = async () => {
    const customerId = await createCustomer(direct, ids.cityId);
    return createOrder(direct, { cityId: ids.cityId, restaurantId: ids.restaurantId, userId: customerId });
  };

  /** Cuts the proxy, checks that each kind of request answers 503 in time, and writes an order meanwhile. */
  async function duringCut(mode: CutMode): Promise<number> {
    proxy.cut(mode);
    const answers = await Promise.all(
      [getCities(), postCity(`Cut ${mode}`), graphql(), postLogin()].map((request, index) =>
        within(ANSWER_WITHIN_MS, `request ${index} during the cut (${mode})`, request),
      ),
    );
    for (const answer of answers) expectUnavailable(answer);
    // A change made meanwhile by another process (here the test's own connection).
    const order = await newOrder();
    return order.id;
  }

  /** Restores the proxy and waits (at most the required two seconds) for a request to succeed. */
  async function restoreAndRecover(): Promise<void> {
    proxy.restore();
    await eventually(RECOVERY_WITHIN_MS, 'a GET after the database came back', async () => (await getCities()).statusCode === 200);
  }

  it('ends no process when a pool connection is ended by the server while checked out', async () => {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      await direct.connection().execute(async (connection) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(connection);
        const pid = rows[0]?.pid;
        // 57P01 to a connection that runs no query: its client emits 'error' outside any query.
        await admin.query('SELECT pg_terminate_backend($1)', [pid]);
        await eventually(ANSWER_WITHIN_MS, 'the backend to end', async () => {
          const gone = await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid]);
          return gone.rowCount === 0;
        });
        await expect(sql`SELECT 1`.execute(connection)).rejects.toBeInstanceOf(DatabaseUnavailableError);
      });
    } finally {
      await admin.end();
    }
    // The pool dropped that connection and goes on with a new one.
    const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(direct);
    expect(rows[0]?.one).toBe(1);
  });

  it('answers 503 DATABASE_UNAVAILABLE while the server is away and serves again once it is back', async () => {
    const before = [];
    for (const name of ['Before 1', 'Before 2', 'Before 3']) {
      const created = await postCity(name);
      expect(created.statusCode, created.body).toBe(201);
      before.push(created.json<{ id: number }>().id);
    }
    const stream = await openLiveClient(app, { token: adminToken });
    clients.push(stream);
    expect(stream.status).toBe(200);
    expect((await getTags(operatorToken)).statusCode).toBe(200);

    // A restart: the server ends every connection and refuses new ones.
    const orderDuringDrop = await duringCut('drop');
    await sleep(1500);
    await restoreAndRecover();
    // A network cut: connections are accepted and never answered.
    const orderDuringHang = await duringCut('hang');
    await restoreAndRecover();

    // Every write acknowledged before the cuts is there.
    const stored = await direct.selectFrom('cities').select('id').where('id', 'in', before).execute();
    expect(stored.map((row) => row.id).sort()).toEqual([...before].sort());
    for (const answer of [await graphql(), await postLogin(), await postCity('After')])
      expect(answer.statusCode, answer.body).toBeLessThan(300);

    // The stream opened before the cuts hears what was written during them, and after.
    const orderAfter = (await newOrder()).id;
    for (const orderId of [orderDuringDrop, orderDuringHang, orderAfter]) {
      await stream.waitFor((event) => event.type === 'order.created' && event.orderId === orderId, 10_000);
    }
    const heard = stream.events().map((event) => event.id);
    expect(new Set(heard).size, 'no event twice').toBe(heard.length);
    expect(heard.length).toBeGreaterThan(0);
    expect(await lastLiveEventId()).toBeGreaterThanOrEqual(Math.max(...heard));
  });

  it('still ends the sessions of a changed account after the outage', async () => {
    expect((await getTags(operatorToken)).statusCode).toBe(200);
    await direct.updateTable('users').set({ role_id: Role.CITY_ADMIN }).where('id', '=', operatorId).execute();
    await eventually(RECOVERY_WITHIN_MS, 'the old token refused', async () => (await getTags(operatorToken)).statusCode === 401);
  });

  it('keeps the workers going: an event and a mailing written after the outage are delivered', async () => {
    // Through the outage the event worker either failed its passes or waited for its liveness
    // lock (it claims nothing while it does not hold it); either way it must go on afterwards.
    await enqueueEvent(direct, { type: 'restaurant_unpause', payload: { restaurantId: ids.restaurantId } });
    await eventually(10_000, 'the event delivered', async () => {
      const pending = await direct.selectFrom('events').select('id').where('status', '!=', EventStatus.PROCESSED).execute();
      return pending.length === 0;
    });

    const { cityId } = await createMailingCity(direct);
    const customers = await createCustomers(direct, cityId, 5);
    const mailingId = await createMailing(direct, cityId);
    const ended = await mailingEnded(direct, mailingId);
    expect(ended.status).toBe(MailingStatus.FINISHED);
    const sentTo = new Set(messenger.calls.map((call) => call.message.chatId));
    for (const customer of customers) expect(sentTo.has(customer.chatId)).toBe(true);
  });

  it('puts a LISTEN connection back by itself, whether its reconnects fail at once or hang', async () => {
    const own = await startTcpProxy({ host: new URL(database.url).hostname, port: Number(new URL(database.url).port || 5432) });
    const heard: string[] = [];
    let ups = 0;
    let downs = 0;
    const stop = pgNotifications(own.urlFor(database.url), 500).subscribe('outage_test', {
      notify: (payload) => heard.push(payload),
      up: () => ups++,
      down: () => downs++,
    });
    const notify = (payload: string) => sql`SELECT pg_notify('outage_test', ${payload})`.execute(direct);
    try {
      await eventually(ANSWER_WITHIN_MS, 'LISTEN in place', async () => ups === 1);
      for (const mode of ['drop', 'hang'] as const) {
        const upsBefore = ups;
        const downsBefore = downs;
        const triesBefore = own.accepted();
        own.cut(mode);
        await eventually(ANSWER_WITHIN_MS, `LISTEN lost (${mode})`, async () => downs > downsBefore);
        // Long enough for two reconnects a second apart, the first failing at once or giving up
        // after its 500 ms connect timeout on a connection that never answers.
        await sleep(3000);
        expect(ups).toBe(upsBefore);
        expect(own.accepted() - triesBefore).toBeGreaterThanOrEqual(2);
        own.restore();
        await eventually(ANSWER_WITHIN_MS, `LISTEN back (${mode})`, async () => ups > upsBefore);
        await notify(`after ${mode}`);
        await eventually(ANSWER_WITHIN_MS, `a notification after the ${mode} cut`, async () => heard.includes(`after ${mode}`));
      }
    } finally {
      await stop();
      await own.close();
    }
  });
});
