import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { LIVE_HEARTBEAT_SECONDS, type LiveEvent } from '../../src/domain';
import type { RequestSession } from '../auth/authorize';
import type { Actor } from '../auth/scope';
import { notificationsOf } from '../db/notifications';
import type { Database } from '../db/schema';
import {
  eventsAfter,
  eventsSince,
  lastLiveEventId,
  LIVE_CHANNEL,
  LIVE_RETENTION_MS,
  parseNotification,
  pruneLiveEvents,
  recentEvents,
} from './liveEventRows';
import { liveMessage, LiveStream } from './liveStream';
import type { LiveStreamCaps } from './liveStreamCaps';

export interface LiveHubOptions {
  db: Kysely<Database>;
  /** The app's clock: when tokens expire and which events are old enough to delete. */
  now: () => Date;
  /** How often streams are checked (heartbeat, token, account) and, while LISTEN is down, the table polled. */
  tickMs?: number;
  heartbeatMs?: number;
  /** How often old events are deleted; the first time at a random moment within it. */
  pruneEveryMs?: number;
  /** The process's limits on open streams (per user, in all); none by default. */
  caps?: LiveStreamCaps;
}

/** How long an event id is remembered as passed on: well beyond the commit window of a poll. */
const SEEN_MS = 60_000;

/**
 * The live events of one API process. It LISTENs on one connection for every stream it serves
 * (from the first stream on), and passes each event to the streams whose user hears it. Every
 * process on the database hears every event, so a change made through any of them reaches the
 * streams of all. While LISTEN is down (a PostgreSQL connection lost, or not yet in place) it
 * polls the table every tick instead, and once more when LISTEN is back, so nothing is missed;
 * an event heard twice that way is passed on once.
 */
export class LiveHub {
  private readonly db: Kysely<Database>;
  private readonly now: () => Date;
  private readonly heartbeatMs: number;
  private readonly pruneEveryMs: number;
  private readonly caps: LiveStreamCaps | undefined;
  private readonly streams = new Set<LiveStream>();
  /** Ids passed on lately, oldest first, with when: a poll's window may bring them again. */
  private readonly seen = new Map<number, number>();
  private readonly timer: NodeJS.Timeout;
  private nextPruneAt: number;
  /** The highest id when this process began to hear, and the highest passed on since. */
  private floor: number | null = null;
  private cursor = 0;
  private floorRead: Promise<void> | null = null;
  private listening = false;
  private unsubscribe: (() => Promise<void>) | null = null;
  private polling = false;
  private pollAgain = false;
  private closed = false;

  constructor(options: LiveHubOptions) {
    this.db = options.db;
    this.now = options.now;
    this.heartbeatMs = options.heartbeatMs ?? LIVE_HEARTBEAT_SECONDS * 1000;
    this.pruneEveryMs = options.pruneEveryMs ?? 10 * 60_000;
    this.caps = options.caps;
    // Processes started together do not all prune at once.
    this.nextPruneAt = performance.now() + Math.random() * this.pruneEveryMs;
    this.timer = setInterval(() => this.tick(), options.tickMs ?? 1000).unref();
  }

  /**
   * A new stream for `user`; with `lastEventId`, it is first sent what it missed after it. The
   * process's first stream waits until the process knows where it starts hearing from, so that
   * a change committed once the client is connected reaches it, by LISTEN or by a poll.
   */
  /**
   * A new stream: after the event `lastEventId` (a reconnect), or from `since` (a first stream,
   * from when its screen loaded), or from now.
   */
  async open(user: Actor, session: RequestSession, lastEventId: number | null, since: Date | null = null): Promise<Readable> {
    this.listen();
    await this.ready();
    this.caps?.assertRoom();
    const stream: LiveStream = new LiveStream(user, session, {
      heartbeatMs: this.heartbeatMs,
      onEnd: () => this.streams.delete(stream),
      caps: this.caps,
    });
    this.streams.add(stream);
    const missed =
      lastEventId !== null ? eventsAfter(this.db, user, lastEventId) : since !== null ? eventsSince(this.db, user, since) : null;
    if (missed) {
      stream.hold();
      missed.then(
        (events) => stream.release(events.map(liveMessage)),
        // The client reconnects and asks again.
        () => stream.end(),
      );
    }
    return stream.out;
  }

  get size(): number {
    return this.streams.size;
  }

  /** Ends every stream (the server is stopping: its clients reconnect to another process). */
  endStreams(): void {
    for (const stream of [...this.streams]) stream.close('restarting');
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.endStreams();
    const unsubscribe = this.unsubscribe;
    this.unsubscribe = null;
    await unsubscribe?.();
  }

  private listen(): void {
    if (this.unsubscribe || this.closed) return;
    const source = notificationsOf(this.db);
    if (!source) return;
    this.unsubscribe = source.subscribe(LIVE_CHANNEL, {
      notify: (payload) => {
        const event = parseNotification(payload);
        if (event) this.deliver(event);
      },
      up: () => {
        this.listening = true;
        // What was committed between the last poll and LISTEN taking effect.
        this.poll();
      },
      down: () => {
        this.listening = false;
      },
    });
  }

  /**
   * Reads the highest id once: polls read above it. A transaction that took a lower id and
   * commits after this read is heard by LISTEN alone (it is in place by then unless the first
   * stream opens during an outage), the one gap left, and only at a process's first stream.
   */
  private ready(): Promise<void> {
    if (this.floor !== null) return Promise.resolve();
    this.floorRead ??= lastLiveEventId(this.db)
      .then((id) => {
        this.floor ??= id;
        this.cursor = Math.max(this.cursor, id);
        // What was committed between that read and LISTEN taking effect.
        this.poll();
      })
      .finally(() => {
        this.floorRead = null;
      });
    return this.floorRead;
  }

  private deliver(event: LiveEvent): void {
    if (this.seen.has(event.id)) return;
    this.seen.set(event.id, performance.now());
    this.cursor = Math.max(this.cursor, event.id);
    if (this.streams.size === 0) return;
    const message = liveMessage(event);
    for (const stream of this.streams) stream.deliver(message);
  }

  private poll(): void {
    if (this.floor === null || this.closed) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    this.polling = true;
    this.pollAgain = false;
    recentEvents(this.db, this.floor, this.cursor)
      .then(
        (events) => events.forEach((event) => this.deliver(event)),
        () => undefined,
      )
      .finally(() => {
        this.polling = false;
        if (this.pollAgain) this.poll();
      });
  }

  private tick(): void {
    const nowMs = this.now().getTime();
    for (const stream of this.streams) stream.tick(nowMs);
    const at = performance.now();
    for (const [id, seenAt] of this.seen) {
      if (at - seenAt < SEEN_MS) break;
      this.seen.delete(id);
    }
    if (this.streams.size > 0 && !this.listening) this.poll();
    if (at >= this.nextPruneAt) {
      this.nextPruneAt = at + this.pruneEveryMs;
      pruneLiveEvents(this.db, new Date(nowMs - LIVE_RETENTION_MS)).catch(() => undefined);
    }
  }
}
