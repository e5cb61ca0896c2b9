/**
 * The live-events bench's clients in a process of their own, so that the bench's memory is the
 * server's alone: it opens `count` streams of `GET /api/events` (tokens taken in turn), tells
 * its parent when every one is connected, and for each order reports when the first and the
 * last of them received its `order.updated` (the wall clock, in milliseconds with fractions,
 * comparable across processes).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { createParser } from 'eventsource-parser';
import { z } from 'zod';

const setup = z.object({ url: z.string(), tokens: z.array(z.string()).min(1), count: z.number().int().positive() });
const eventData = z.object({ type: z.string(), orderId: z.number().optional() });

export type LiveClientsMessage = { ready: number } | { orderId: number; lastAt: number; firstAt: number } | { error: string };

const wallClock = () => performance.timeOrigin + performance.now();
const send = (message: LiveClientsMessage) => process.send?.(message);

/** Per order watched: how many streams received it, and when the first and the last did. */
const arrivals = new Map<number, { received: number; firstAt: number; lastAt: number }>();
const requests: http.ClientRequest[] = [];
let total = 0;

function received(orderId: number): void {
  const at = wallClock();
  const seen = arrivals.get(orderId) ?? { received: 0, firstAt: at, lastAt: at };
  seen.received += 1;
  seen.lastAt = at;
  arrivals.set(orderId, seen);
  if (seen.received === total) send({ orderId, firstAt: seen.firstAt, lastAt: seen.lastAt });
}

function open(url: string, token: string, agent: http.Agent): Promise<void> {
  return new Promise((connected, failed) => {
    const request = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
      if (response.statusCode !== 200) {
        failed(new Error(`GET /api/events answered ${response.statusCode}`));
        return;
      }
      const parser = createParser({
        onRetry: () => connected(),
        onEvent: (message) => {
          if (message.event !== 'order.updated') return;
          const data = eventData.parse(JSON.parse(message.data));
          if (data.orderId !== undefined) received(data.orderId);
        },
      });
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => parser.feed(chunk));
      response.on('end', () => send({ error: 'a stream ended' }));
    });
    request.on('error', failed);
    requests.push(request);
  });
}

process.once('message', (message) => {
  const { url, tokens, count } = setup.parse(message);
  total = count;
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const opening: Promise<void>[] = [];
  for (let i = 0; i < count; i++) opening.push(open(url, tokens[i % tokens.length], agent));
  Promise.all(opening).then(
    () => send({ ready: count }),
    (error: unknown) => send({ error: error instanceof Error ? error.message : String(error) }),
  );
  process.on('message', (next) => {
    if (next !== 'close') return;
    for (const request of requests) request.destroy();
    process.exit(0);
  });
});
