import { performance } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import { LIVE_EXPIRED_EVENT, type LiveEvent } from '../../src/domain';
import type { RequestSession } from '../auth/authorize';
import { hearsLiveEvent, type Actor } from '../auth/scope';
import type { LiveCloseReason, LiveStreamCaps } from './liveStreamCaps';

/** How long a browser waits before reconnecting a dropped stream (the SSE `retry:` line). */
export const LIVE_RETRY_MS = 3000;

/**
 * A client that reads slower than events come (or stopped reading without closing) is cut off
 * once this much waits for it; it reconnects with Last-Event-ID and is sent what it missed.
 */
const MAX_BUFFERED_BYTES = 256 * 1024;

/** An event with its SSE text, written once for every stream that hears it. */
export interface LiveMessage {
  event: LiveEvent;
  text: string;
}

export const liveMessage = (event: LiveEvent): LiveMessage => ({
  event,
  text: `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`,
});

const PING = ': ping\n\n';
const EXPIRED = `event: ${LIVE_EXPIRED_EVENT}\ndata: {}\n\n`;

/**
 * The last message of a stream the server closes while the session goes on, with no id: a
 * browser skips the event (not a live event) and reconnects after the `retry:` sent with it.
 */
export const LIVE_CLOSING_EVENT = 'closing';

/**
 * When the browser should come back: soon after a restart (the load balancer sends it to a
 * process that is up); late after being displaced by the same user's newer streams, so that a
 * user with more tabs than the cap does not make them displace each other every few seconds.
 */
const CLOSE_RETRY_MS: Record<LiveCloseReason, number> = { restarting: LIVE_RETRY_MS, 'too-many-streams': 60_000 };

export const closingMessage = (reason: LiveCloseReason): string =>
  `retry: ${CLOSE_RETRY_MS[reason]}\nevent: ${LIVE_CLOSING_EVENT}\ndata: ${JSON.stringify({ reason })}\n\n`;

export interface LiveStreamOptions {
  heartbeatMs: number;
  /** Called once when the stream ends, however it ends. */
  onEnd: () => void;
  /** The process's limits on open streams, which this stream counts against while open. */
  caps?: LiveStreamCaps;
}

/**
 * One connected user's stream: what it hears (the scope rule of server/auth/scope.ts), its
 * heartbeats, and its end when the token expires or the account's session ends. All it keeps
 * is the output stream and a few fields; the hub's timer drives `tick`.
 */
export class LiveStream {
  readonly out = new PassThrough();
  /** While a replay is read, live events wait here so that none overtakes it or is lost. */
  private held: LiveMessage[] | null = null;
  private lastWriteAt = performance.now();
  private checking = false;
  private ended = false;

  constructor(
    readonly user: Actor,
    private readonly session: RequestSession,
    private readonly options: LiveStreamOptions,
  ) {
    this.out.on('close', () => this.end());
    this.write(`retry: ${LIVE_RETRY_MS}\n\n`);
    // Last: a stream displaced by this one is closed only once this one exists.
    options.caps?.add(this);
  }

  deliver(message: LiveMessage): void {
    if (this.ended || !hearsLiveEvent(this.user, message.event)) return;
    if (this.held) this.held.push(message);
    else this.write(message.text);
  }

  /** A replay begins: hold live events until it is written. */
  hold(): void {
    this.held ??= [];
  }

  /** Writes the replayed events, then the held ones that the replay did not already hold. */
  release(replayed: readonly LiveMessage[]): void {
    const held = this.held ?? [];
    this.held = null;
    const sent = new Set<number>();
    for (const message of replayed) {
      sent.add(message.event.id);
      this.deliver(message);
    }
    for (const message of held) if (!sent.has(message.event.id)) this.deliver(message);
  }

  /** Once a second or so: the token's end (by the app's clock), the account, the heartbeat. */
  tick(nowMs: number): void {
    if (this.ended) return;
    if (nowMs >= this.session.expiresAt.getTime()) {
      this.expire();
      return;
    }
    if (performance.now() - this.lastWriteAt >= this.options.heartbeatMs) this.write(PING);
    if (this.checking) return;
    this.checking = true;
    this.session.isCurrent().then(
      (current) => {
        this.checking = false;
        if (!current) this.expire();
      },
      () => {
        this.checking = false;
      },
    );
  }

  /** The session is over: say so, and close. */
  expire(): void {
    if (this.ended) return;
    this.out.write(EXPIRED);
    this.end();
  }

  /** The server ends the stream while the session goes on: says why and when to reconnect, and closes. */
  close(reason: LiveCloseReason): void {
    if (this.ended) return;
    // A client too far behind would not read it; it reconnects after its own delay.
    if (this.out.writableLength <= MAX_BUFFERED_BYTES) this.out.write(closingMessage(reason));
    this.end();
  }

  /** Closes the stream (the server stops, or the client left); nothing more is written. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.held = null;
    this.out.end();
    this.leave();
  }

  /** Leaves the hub and the caps, once. */
  private leave(): void {
    this.options.caps?.remove(this);
    this.options.onEnd();
  }

  private write(text: string): void {
    if (this.out.writableLength > MAX_BUFFERED_BYTES) {
      this.ended = true;
      this.out.destroy();
      this.leave();
      return;
    }
    this.out.write(text);
    this.lastWriteAt = performance.now();
  }
}
