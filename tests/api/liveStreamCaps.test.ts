import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { LIVE_CLOSING_EVENT } from '../../server/live/liveStream';
import { LIVE_EVENTS_PATH } from '../../src/domain';
import { backends, login, openTestApp, seedRoles, TEST_SECRET, TEST_VERSION, type TestApp } from './harness';
import { baseUrlOf, openLiveClient, type LiveClient } from './liveEventsClient';

const closings = (client: LiveClient) => client.messages.filter((message) => message.event === LIVE_CLOSING_EVENT);

const until = async (condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Still not: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** The limits on live streams: per user (the oldest gives way, told why), per process (503 with Retry-After), and the goodbye of a stopping server. */
describe.each(backends)('live stream caps on %s', (backend) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const clients: LiveClient[] = [];
  beforeAll(async () => {
    t = await openTestApp(backend, { liveStreamLimits: { perUser: 2, total: 3 } });
    await seedRoles(t.db);
    for (const who of ['admin', 'cityadmin', 'operator']) tokens[who] = (await login(t.app, who)).jwtToken;
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(async () => t?.close());

  const stream = async (who: string, app = t.app) => {
    const client = await openLiveClient(app, { token: tokens[who] });
    clients.push(client);
    return client;
  };
  /** Streams the server still counts: each new stream's retry line arrives once it is in place. */
  const openStreams = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    return Number(/^live_streams_open (\d+)$/m.exec(response.body)?.[1]);
  };

  it("a user's stream beyond their limit closes their oldest, which is told why and to come back late", async () => {
    const first = await stream('admin');
    const second = await stream('admin');
    expect([first.status, second.status]).toEqual([200, 200]);
    await until(() => first.retry !== null && second.retry !== null, 'both streams open');
    const third = await stream('admin');
    expect(third.status).toBe(200);
    await first.ended;
    expect(closings(first).map((message) => JSON.parse(message.data))).toEqual([{ reason: 'too-many-streams' }]);
    expect(first.retry).toBe(60_000);
    expect(closings(second)).toEqual([]);
    expect(closings(third)).toEqual([]);
    await until(async () => (await openStreams()) === 2, 'two streams counted');
  });

  it('a stream beyond the process limit is refused with 503, Retry-After and a code; room comes back when one closes', async () => {
    await stream('admin');
    await stream('admin');
    const other = await stream('cityadmin');
    await until(async () => (await openStreams()) === 3, 'three streams counted');
    const base = await baseUrlOf(t.app);
    const refused = await fetch(`${base}/api${LIVE_EVENTS_PATH}`, { headers: { authorization: `Bearer ${tokens.operator}` } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(await refused.json()).toMatchObject({ statusCode: 503, code: 'LIVE_STREAMS_FULL', args: { seconds: 30 } });
    other.close();
    await until(async () => (await openStreams()) === 2, 'the closed stream uncounted');
    expect((await stream('operator')).status).toBe(200);
  });

  it('a stopping server tells every stream it is restarting and when to reconnect, and ends it', async () => {
    const app = await buildApp({ db: t.db, jwtSecret: TEST_SECRET, version: TEST_VERSION });
    const client = await stream('operator', app);
    expect(client.status).toBe(200);
    await until(() => client.retry !== null, 'the stream open');
    await app.close();
    await client.ended;
    expect(closings(client).map((message) => JSON.parse(message.data))).toEqual([{ reason: 'restarting' }]);
    expect(client.retry).toBe(3000);
  });
});
