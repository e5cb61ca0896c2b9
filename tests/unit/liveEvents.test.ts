import { afterEach, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../src/domain';
import { startLiveClient, type LiveClient, type LiveClientOptions } from '../../src/providers/liveEvents';
import type { LiveState } from '../../src/providers/liveEventsHub';

/**
 * The live stream's client against a stand-in for `GET /api/events`: a fetch that answers
 * each connection with a body the test writes to, chunk by chunk, and may end or leave silent.
 */
class Connection {
  readonly headers: Headers;
  readonly body: ReadableStream<Uint8Array>;
  aborted = false;
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  private readonly encoder = new TextEncoder();

  constructor(init: RequestInit | undefined) {
    this.headers = new Headers(init?.headers);
    this.body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
      },
    });
    init?.signal?.addEventListener('abort', () => {
      this.aborted = true;
      this.fail();
    });
  }

  send(text: string): void {
    this.controller?.enqueue(this.encoder.encode(text));
  }

  end(): void {
    try {
      this.controller?.close();
    } catch {
      // already ended
    }
  }

  private fail(): void {
    try {
      this.controller?.error(new DOMException('The stream was cut', 'AbortError'));
    } catch {
      // already ended
    }
  }
}

const event = (id: number, type: LiveEvent['type'], fields: Partial<LiveEvent> = {}) =>
  `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify({ id, type, at: '2026-03-10T12:00:00.000Z', cityId: 1, restaurantId: 5, ...fields })}\n\n`;

const TOKEN = 'Bearer header.payload.signature';

let client: LiveClient | null = null;
afterEach(() => client?.close());

/** Starts a client on a fake server; `answer` may give a status other than 200 to a connection. */
function connect(options: Partial<LiveClientOptions> & { answer?: (attempt: number) => number } = {}) {
  const connections: Connection[] = [];
  const attempts: number[] = [];
  const events: LiveEvent[] = [];
  const states: LiveState[] = [];
  const urls: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    attempts.push(Date.now());
    urls.push(input instanceof Request ? input.url : String(input));
    const status = options.answer?.(attempts.length) ?? 200;
    if (status !== 200) return new Response('{"statusCode":503}', { status, headers: { 'Content-Type': 'application/json' } });
    const connection = new Connection(init);
    connections.push(connection);
    return new Response(connection.body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  };
  client = startLiveClient({
    url: 'http://localhost:3000/api/events',
    authorization: () => TOKEN,
    onEvent: (received) => events.push(received),
    onState: (state) => states.push(state),
    fetch,
    retryMs: 10,
    random: () => 0.5,
    ...options,
  });
  return { connections, attempts, urls, events, states, current: client };
}

const until = async (check: () => boolean, timeout = 2000) => {
  const deadline = Date.now() + timeout;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the live stream client', () => {
  it('asks its first stream for what was written since the screen loaded, and a reconnect by the last id instead', async () => {
    const since = '2026-03-10T12:00:00.000Z';
    const { connections, urls } = connect({ since });
    await until(() => connections.length === 1);
    expect(new URL(urls[0]).searchParams.get('since')).toBe(since);
    connections[0].send(event(7, 'order.created', { orderId: 11, threadId: 'AB12CD34E', status: 10, courierId: null }));
    connections[0].end();
    await until(() => connections.length === 2);
    expect(new URL(urls[1]).searchParams.get('since')).toBeNull();
    expect(connections[1].headers.get('Last-Event-ID')).toBe('7');
  });

  it('sends the bearer token, parses each event with the shared schema, in pieces or whole, and skips what it cannot read', async () => {
    const { connections, events, states } = connect();
    await until(() => connections.length === 1);
    const [first] = connections;
    expect(first.headers.get('Authorization')).toBe(TOKEN);
    expect(first.headers.get('Accept')).toBe('text/event-stream');
    expect(first.headers.get('Last-Event-ID')).toBeNull();

    const created = event(1, 'order.created', { orderId: 11, threadId: 'AB12CD34E', status: 10, courierId: null });
    first.send('retry: 10\n\n: ping\n\n');
    first.send(created.slice(0, 25));
    first.send(created.slice(25));
    // Not JSON, not the schema's (an unknown type, a missing field): skipped, the stream goes on.
    first.send('id: 2\nevent: order.created\ndata: {not json\n\n');
    first.send(
      `id: 3\nevent: order.archived\ndata: ${JSON.stringify({ id: 3, type: 'order.archived', at: 'x', cityId: 1, restaurantId: 5 })}\n\n`,
    );
    first.send(`id: 4\nevent: review.created\ndata: ${JSON.stringify({ id: 4, type: 'review.created' })}\n\n`);
    first.send(event(5, 'message.created', { orderId: 11, threadId: 'AB12CD34E', messageId: 90 }));
    await until(() => events.length === 2);

    expect(events).toEqual([
      {
        id: 1,
        type: 'order.created',
        at: '2026-03-10T12:00:00.000Z',
        cityId: 1,
        restaurantId: 5,
        orderId: 11,
        threadId: 'AB12CD34E',
        status: 10,
        courierId: null,
      },
      {
        id: 5,
        type: 'message.created',
        at: '2026-03-10T12:00:00.000Z',
        cityId: 1,
        restaurantId: 5,
        orderId: 11,
        threadId: 'AB12CD34E',
        messageId: 90,
      },
    ]);
    expect(states).toEqual(['connecting', 'open']);
    expect(client?.lastEventId).toBe('5');
  });

  it('reconnects after a drop with the last id as Last-Event-ID, and drops the events it has had already', async () => {
    const { connections, events, states } = connect();
    await until(() => connections.length === 1);
    connections[0].send(event(7, 'order.created', { orderId: 1 }) + event(8, 'order.updated', { orderId: 1, status: 30 }));
    await until(() => events.length === 2);
    connections[0].end();

    await until(() => connections.length === 2);
    expect(connections[1].headers.get('Last-Event-ID')).toBe('8');
    expect(connections[1].headers.get('Authorization')).toBe(TOKEN);
    // The server resends from a little before: 8 again, then what was missed.
    connections[1].send(event(8, 'order.updated', { orderId: 1, status: 30 }) + event(9, 'review.created', { reviewId: 4 }));
    await until(() => events.length === 3);
    await wait(30);
    expect(events.map((received) => received.id)).toEqual([7, 8, 9]);
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
  });

  it('stops for good on `event: expired`: no reconnect until a new login', async () => {
    const { connections, events, states, current } = connect();
    await until(() => connections.length === 1);
    connections[0].send(`event: expired\ndata: {}\n\n${event(12, 'order.created', { orderId: 2 })}`);
    await until(() => current.state === 'expired');
    connections[0].end();
    await wait(150);
    expect(connections).toHaveLength(1);
    expect(events).toEqual([]);
    expect(states).toEqual(['connecting', 'open', 'expired']);
    expect(connections[0].aborted).toBe(true);
  });

  it('stops on a 401 (the token is no longer valid), and without a login does not connect at all', async () => {
    const refused = connect({ answer: () => 401 });
    await until(() => refused.current.state === 'expired');
    await wait(100);
    expect(refused.attempts).toHaveLength(1);
    refused.current.close();

    const anonymous = connect({ authorization: () => null });
    await until(() => anonymous.current.state === 'expired');
    expect(anonymous.attempts).toHaveLength(0);
  });

  it('takes three heartbeats of silence as a dead stream and reconnects; heartbeats keep it open', async () => {
    // Heartbeats every 50 ms: silence is cut after 150 ms.
    const { connections } = connect({ heartbeatSeconds: 0.05 });
    await until(() => connections.length === 1);
    connections[0].send(event(20, 'order.created', { orderId: 3 }));
    const pings = setInterval(() => connections[0].send(': ping\n\n'), 40);
    await wait(400);
    clearInterval(pings);
    expect(connections).toHaveLength(1);

    // The server goes quiet without closing (a proxy dropped it): a new stream, from the last id.
    await until(() => connections.length === 2, 1000);
    expect(connections[0].aborted).toBe(true);
    expect(connections[1].headers.get('Last-Event-ID')).toBe('20');
  });

  it('waits longer after each failed attempt, and starts over once a stream opens', async () => {
    const { attempts, connections } = connect({ answer: (attempt) => (attempt <= 4 ? 503 : 200), retryMs: 20 });
    await until(() => connections.length === 1);
    const gaps = attempts.slice(1).map((at, index) => at - attempts[index]);
    expect(gaps).toHaveLength(4);
    // 20, 40, 80, 160 ms.
    expect(gaps[0]).toBeGreaterThanOrEqual(15);
    expect(gaps[1]).toBeGreaterThanOrEqual(35);
    expect(gaps[2]).toBeGreaterThanOrEqual(75);
    expect(gaps[3]).toBeGreaterThanOrEqual(155);
    connections[0].end();
    await until(() => connections.length === 2);
    expect(attempts[5] - attempts[4]).toBeLessThan(150);
  });

  it('close() ends the stream and every reconnect', async () => {
    const { connections, states, current } = connect();
    await until(() => connections.length === 1);
    current.close();
    await wait(80);
    expect(connections[0].aborted).toBe(true);
    expect(connections).toHaveLength(1);
    expect(states.at(-1)).toBe('closed');
  });
});
