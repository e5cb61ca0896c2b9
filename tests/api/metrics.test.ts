import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { startMailingSender } from '../../server/areas/mailings/mailingSender';
import { EventStatus } from '../../src/domain';
import { backends, bearer, login, openTestApp, seedRoles, TEST_SECRET, TEST_VERSION, type TestApp } from './harness';
import { openLiveClient, type LiveClient } from './liveEventsClient';
import { createCustomers, createMailing, createMailingCity, mailingEnded, silentLog } from './mailingFixtures';
import { parseExposition, sampleValue, type Exposition } from './prometheusText';
import { recordingMessenger } from './recordingMessenger';

const TOKEN = 'scraper-token-0123456789abcdef';

/** `GET /metrics`: who may read it, its format, and the metrics the operators watch, moving as the app works. */
describe.each(backends)('metrics on %s', (backend) => {
  let t: TestApp;
  /** The same database, served without METRICS_TOKEN (loopback only), behind a trusted proxy. */
  let open: FastifyInstance;
  beforeAll(async () => {
    t = await openTestApp(backend, { metricsToken: TOKEN });
    open = await buildApp({ db: t.db, jwtSecret: TEST_SECRET, version: TEST_VERSION, trustProxy: ['10.0.0.0/8'] });
    await open.ready();
  });
  afterAll(async () => {
    await open?.close();
    await t?.close();
  });

  const scrape = async (): Promise<Exposition> => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseExposition(response.body);
  };

  it('with METRICS_TOKEN set, answers only a scraper sending it as a bearer token (the loopback address is not enough)', async () => {
    const cases: [Record<string, string>, number][] = [
      [{}, 401],
      [{ authorization: 'Bearer wrong-token-0123456789abcdef' }, 401],
      [{ authorization: `Bearer ${TOKEN}x` }, 401],
      [{ authorization: TOKEN }, 401],
      [{ authorization: `Bearer ${TOKEN}` }, 200],
    ];
    for (const [headers, status] of cases) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(status);
      if (status === 401) {
        expect(response.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
        expect(response.body).not.toContain('http_request_duration_seconds');
      }
    }
  });

  it('without METRICS_TOKEN, answers the loopback address only, by the connection, never by X-Forwarded-For', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await open.inject({ method: 'GET', url: '/metrics', remoteAddress })).statusCode, remoteAddress).toBe(200);
    }
    for (const remoteAddress of ['10.1.2.3', '192.168.0.10', '::ffff:10.1.2.3']) {
      const response = await open.inject({ method: 'GET', url: '/metrics', remoteAddress, headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(response.statusCode, remoteAddress).toBe(403);
      expect(response.body).not.toContain('nodejs_');
    }
  });

  it('is Prometheus text with the named metrics, which move as requests, logins, events, streams and mailings happen', async () => {
    const before = await scrape();
    const ids = await seedRoles(t.db);
    const admin = await login(t.app, 'admin');
    for (let i = 0; i < 2; i++)
      expect((await t.app.inject({ method: 'GET', url: '/api/cities', headers: bearer(admin) })).statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: '/api/cities/987654', headers: bearer(admin) });
    // Wrong passwords until the throttle answers 429.
    let refused = 0;
    let throttled = 0;
    while (throttled === 0 && refused < 30) {
      const response = await t.app.inject({ method: 'POST', url: '/login', payload: { username: 'operator', password: 'wrong' } });
      if (response.statusCode === 401) refused += 1;
      else if (response.statusCode === 429) throttled += 1;
      else throw new Error(`login answered ${response.statusCode}`);
    }
    // An event due a minute ago that no worker has delivered (none runs here).
    await t.db
      .insertInto('events')
      .values({
        type: 'restaurant_unpause',
        payload: JSON.stringify({ restaurantId: ids.restaurantId }),
        run_at: new Date(Date.now() - 60_000),
      })
      .execute();
    const stream: LiveClient = await openLiveClient(t.app, { token: admin.jwtToken });
    expect(stream.status).toBe(200);
    // A mailing to three customers, sent by the mailing sender.
    const { cityId } = await createMailingCity(t.db);
    await createCustomers(t.db, cityId, 3);
    const mailingId = await createMailing(t.db, cityId);
    const sender = startMailingSender({ db: t.db, messenger: recordingMessenger(), rate: 200, pollMs: 20, log: silentLog });
    await mailingEnded(t.db, mailingId);
    await sender.stop();

    const after = await scrape();
    stream.close();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      (sampleValue(after, name, labels) ?? 0) - (sampleValue(before, name, labels) ?? 0);

    expect(after.types.get('http_request_duration_seconds')).toBe('histogram');
    expect(delta('http_request_duration_seconds_count', { method: 'GET', route: '/api/cities', status_code: '200' })).toBe(2);
    // The route pattern, not the URL: no label carries the id asked for.
    expect(delta('http_request_duration_seconds_count', { method: 'GET', route: '/api/cities/:id' })).toBe(1);
    expect(after.samples.filter((sample) => Object.values(sample.labels).some((value) => value.includes('987654')))).toEqual([]);
    expect(delta('login_failures_total', { reason: 'refused' })).toBe(refused);
    expect(delta('login_failures_total', { reason: 'throttled' })).toBe(throttled);
    expect(delta('http_too_many_requests_total', { method: 'POST', route: '/login' })).toBe(throttled);

    expect(after.types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
    expect(sampleValue(after, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(after, 'db_pool_connections')).toBeGreaterThanOrEqual(1);
    if (backend === 'postgres') {
      expect(sampleValue(after, 'db_pool_connections_in_use')).toBeGreaterThanOrEqual(0);
      expect(sampleValue(after, 'db_pool_waiting')).toBeGreaterThanOrEqual(0);
    } else {
      // One embedded session whose queue is not measurable: no invented figures.
      expect(sampleValue(after, 'db_pool_connections_in_use')).toBeUndefined();
    }
    expect(sampleValue(before, 'live_streams_open')).toBe(0);
    expect(sampleValue(after, 'live_streams_open')).toBe(1);
    expect(sampleValue(before, 'outbox_due_events')).toBe(0);
    expect(sampleValue(after, 'outbox_due_events')).toBe(1);
    expect(sampleValue(after, 'outbox_oldest_due_age_seconds')).toBeGreaterThanOrEqual(59);
    expect(after.types.get('mailing_messages_sent_total')).toBe('counter');
    expect(delta('mailing_messages_sent_total')).toBe(3);

    // Delivered events leave the backlog.
    await t.db.updateTable('events').set({ status: EventStatus.PROCESSED }).execute();
    const drained = await scrape();
    expect(sampleValue(drained, 'outbox_due_events')).toBe(0);
    expect(sampleValue(drained, 'outbox_oldest_due_age_seconds')).toBe(0);
  });
});
