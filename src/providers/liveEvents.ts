import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { LIVE_EVENTS_PATH, LIVE_EXPIRED_EVENT, LIVE_HEARTBEAT_SECONDS, liveEventSchema, VERSION_HEADER, type LiveEvent } from '../domain';
import { bearerAuthorization } from './httpClient';
import { publishLiveEvent, setLiveState, type LiveState } from './liveEventsHub';
import { api } from './rest';
import { noteServerVersion } from './versionNotice';

/**
 * The client of the live stream (`GET /api/events`, src/domain/liveEvents.ts). EventSource
 * cannot send the bearer token, so the stream is read through fetch and parsed by
 * eventsource-parser. It reconnects after a drop with a growing delay, sending the last id it
 * received as `Last-Event-ID`; drops an event it has had already; stops for good on
 * `event: expired` (or a 401): the session ended, and only a new login starts a new stream.
 * A stream that says nothing (not even a heartbeat) for three heartbeats is taken as dead.
 */
export interface LiveClientOptions {
  url: string;
  /** The `Authorization` header of the current login; none stops the stream. */
  authorization: () => string | null;
  onEvent: (event: LiveEvent) => void;
  onState?: (state: LiveState) => void;
  /** Every answer of the server, for its headers (the app's version). */
  onResponse?: (response: Response) => void;
  fetch?: typeof fetch;
  heartbeatSeconds?: number;
  /** The first delay before a reconnect, until the server sets one with `retry:`; it doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** 0 to 1, spreads the reconnects of many browsers after a restart of the server. */
  random?: () => number;
  /**
   * When the screen loaded (ISO 8601): the first connection asks for what was written since, so
   * nothing between that load and the stream is missed. Reconnects ask by the last id instead.
   */
  since?: string;
}

export interface LiveClient {
  readonly state: LiveState;
  readonly lastEventId: string | null;
  close: () => void;
}

/** How many event ids are remembered to drop repeats (a reconnect resends at most what was missed). */
const REMEMBERED_IDS = 1000;

type Outcome = 'retry' | 'expired';

export function startLiveClient(options: LiveClientOptions): LiveClient {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const heartbeatMs = (options.heartbeatSeconds ?? LIVE_HEARTBEAT_SECONDS) * 1000;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const random = options.random ?? Math.random;
  let retryMs = options.retryMs ?? 1000;
  let state: LiveState = 'connecting';
  let lastEventId: string | null = null;
  let failures = 0;
  let closed = false;
  let controller: AbortController | null = null;
  let silence: ReturnType<typeof setTimeout> | undefined;
  let wake: (() => void) | null = null;
  const seen = new Set<number>();

  const setState = (next: LiveState) => {
    if (next === state) return;
    state = next;
    options.onState?.(next);
  };

  /** Any byte from the server (an event, a heartbeat) proves the stream alive for three more heartbeats. */
  const armSilence = (current: AbortController) => {
    clearTimeout(silence);
    silence = setTimeout(() => current.abort(), heartbeatMs * 3);
  };

  const remember = (id: number) => {
    seen.add(id);
    if (seen.size > REMEMBERED_IDS) {
      const [oldest] = seen;
      seen.delete(oldest);
    }
  };

  const receive = (message: EventSourceMessage): Outcome | null => {
    if (message.id !== undefined) lastEventId = message.id;
    if (message.event === LIVE_EXPIRED_EVENT) return 'expired';
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return null;
    }
    // An event this build does not know (a newer server) is skipped, not an error.
    const parsed = liveEventSchema.safeParse(data);
    if (!parsed.success || seen.has(parsed.data.id)) return null;
    remember(parsed.data.id);
    try {
      options.onEvent(parsed.data);
    } catch (error) {
      console.error(error);
    }
    return null;
  };

  const connectOnce = async (): Promise<Outcome> => {
    const authorization = options.authorization();
    if (!authorization) return 'expired';
    const current = new AbortController();
    controller = current;
    const headers = new Headers({ Accept: 'text/event-stream', Authorization: authorization });
    if (lastEventId !== null) headers.set('Last-Event-ID', lastEventId);
    armSilence(current);
    const url = new URL(options.url);
    if (lastEventId === null && options.since) url.searchParams.set('since', options.since);
    const response = await doFetch(url.toString(), { headers, signal: current.signal, cache: 'no-store' });
    options.onResponse?.(response);
    if (response.status === 401) return 'expired';
    if (!response.ok || !response.body) return 'retry';
    failures = 0;
    setState('open');
    let outcome: Outcome | null = null;
    const parser = createParser({
      onEvent: (message) => {
        outcome ??= receive(message);
      },
      onRetry: (ms) => {
        retryMs = ms;
      },
    });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || closed) return 'retry';
        armSilence(current);
        parser.feed(decoder.decode(value, { stream: true }));
        if (outcome) return outcome;
      }
    } finally {
      current.abort();
    }
  };

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });

  const run = async () => {
    while (!closed) {
      let outcome: Outcome;
      try {
        outcome = await connectOnce();
      } catch {
        // A network error, or a silence cut short by the heartbeat watch.
        outcome = 'retry';
      }
      clearTimeout(silence);
      controller?.abort();
      if (closed) return;
      if (outcome === 'expired') {
        closed = true;
        setState('expired');
        return;
      }
      setState('reconnecting');
      const delay = Math.min(maxRetryMs, retryMs * 2 ** failures) * (0.75 + random() / 2);
      failures += 1;
      await pause(delay);
    }
  };

  options.onState?.(state);
  void run();

  return {
    get state() {
      return state;
    },
    get lastEventId() {
      return lastEventId;
    },
    close: () => {
      if (closed) return;
      closed = true;
      clearTimeout(silence);
      controller?.abort();
      wake?.();
      setState('closed');
    },
  };
}

/** The stream of the logged-in user, its events and state handed to the hub (src/providers/liveEventsHub.ts). */
export const startUserStream = (since?: string): LiveClient =>
  startLiveClient({
    url: new URL(api(LIVE_EVENTS_PATH), window.location.origin).toString(),
    since,
    authorization: bearerAuthorization,
    onEvent: publishLiveEvent,
    onState: setLiveState,
    onResponse: (response) => noteServerVersion(response.headers.get(VERSION_HEADER)),
  });
