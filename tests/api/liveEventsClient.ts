import http from 'node:http';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { FastifyInstance } from 'fastify';
import { API_PATHS, LIVE_EVENTS_PATH, liveEventSchema, type LiveEvent } from '../../src/domain';
import { LIVE_CLOSING_EVENT } from '../../server/live/liveStream';

/**
 * A client of `GET /api/events` over real HTTP (app.inject waits for a response to end, a
 * stream never does): it parses the server-sent events as a browser would and keeps them.
 */
export interface LiveClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every message, in arrival order (events, and `expired`). */
  messages: EventSourceMessage[];
  /** The live events, parsed with the contract's schema. */
  events: () => LiveEvent[];
  comments: string[];
  retry: number | null;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The first event (from now or already received) that matches, within `timeoutMs`. */
  waitFor: (match: (event: LiveEvent) => boolean, timeoutMs?: number) => Promise<LiveEvent>;
  close: () => void;
}

export interface LiveClientOptions {
  token?: string | null;
  lastEventId?: number;
  /** Sent as `?lastEventId=` instead of the header. */
  queryLastEventId?: number;
  /** Sent as `?since=`: a first stream's screen-load time. */
  since?: string;
  headers?: Record<string, string>;
}

/** Where an app listens (it is made to listen on a free port when it does not yet). */
export async function baseUrlOf(app: FastifyInstance): Promise<string> {
  let address = app.server.address();
  if (!address) {
    await app.listen({ host: '127.0.0.1', port: 0 });
    address = app.server.address();
  }
  if (!address || typeof address === 'string') throw new Error('The app has no port');
  return `http://127.0.0.1:${address.port}`;
}

export async function openLiveClient(app: FastifyInstance, options: LiveClientOptions = {}): Promise<LiveClient> {
  const base = await baseUrlOf(app);
  const params = new URLSearchParams();
  if (options.queryLastEventId !== undefined) params.set('lastEventId', String(options.queryLastEventId));
  if (options.since !== undefined) params.set('since', options.since);
  const query = params.size > 0 ? `?${params.toString()}` : '';
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}/api${LIVE_EVENTS_PATH}${query}`, { headers }, (response) => {
      const messages: EventSourceMessage[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      let endedResolve: () => void = () => undefined;
      const ended = new Promise<void>((done) => (endedResolve = done));
      const client: LiveClient = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        messages,
        events: () =>
          messages
            .filter((m) => m.event !== 'expired' && m.event !== LIVE_CLOSING_EVENT && m.event !== undefined)
            .map((m) => liveEventSchema.parse(JSON.parse(m.data))),
        comments,
        retry: null,
        ended,
        waitFor: (match, timeoutMs = 5000) =>
          new Promise((found, missing) => {
            const check = () => {
              const hit = client.events().find(match);
              if (!hit) return false;
              waiters.delete(check);
              clearTimeout(timer);
              found(hit);
              return true;
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              missing(new Error(`No matching event within ${timeoutMs} ms; received ${JSON.stringify(client.events())}`));
            }, timeoutMs);
            if (!check()) waiters.add(check);
          }),
        close: () => {
          request.destroy();
          response.destroy();
        },
      };
      const parser = createParser({
        onEvent: (message) => {
          messages.push(message);
          for (const waiter of [...waiters]) waiter();
        },
        onComment: (comment) => comments.push(comment),
        onRetry: (retry) => (client.retry = retry),
      });
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => parser.feed(chunk));
      response.on('end', () => endedResolve());
      response.on('close', () => endedResolve());
      response.on('error', () => endedResolve());
      resolve(client);
    });
    request.on('error', reject);
  });
}

/** The order paths of the API, filled in. */
export const orderPath = (id: number) => API_PATHS.orders.one.replace(':id', String(id));
export const threadPath = (threadId: string) => API_PATHS.orders.messages.replace(':threadId', threadId);
