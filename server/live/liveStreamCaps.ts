import { retryLater } from '../errors';

/** Why the server closed a stream: the process is stopping (reconnect to another), or the user opened too many. */
export type LiveCloseReason = 'restarting' | 'too-many-streams';

/** How many live streams one process keeps open: per user, and in all. */
export interface LiveStreamLimits {
  perUser: number;
  total: number;
}

/** A few tabs and windows per user; a thousand streams cost a process a few megabytes. */
export const DEFAULT_LIVE_STREAM_LIMITS: LiveStreamLimits = { perUser: 8, total: 1000 };

/** When a client refused for a full process should try again (a load balancer may send it elsewhere). */
export const LIVE_STREAMS_FULL_RETRY_SECONDS = 30;

interface CappedStream {
  readonly user: { id: number };
  close: (reason: LiveCloseReason) => void;
}

/**
 * The streams a process serves, counted against its limits: a user's stream beyond their
 * limit closes that user's oldest (a forgotten tab, not the one just opened); a stream beyond
 * the process's limit is refused with 503 and Retry-After.
 */
export class LiveStreamCaps {
  /** Each user's open streams, oldest first (a Set keeps insertion order). */
  private readonly byUser = new Map<number, Set<CappedStream>>();
  private count = 0;

  constructor(readonly limits: LiveStreamLimits = DEFAULT_LIVE_STREAM_LIMITS) {}

  /** Open streams in this process. */
  get size(): number {
    return this.count;
  }

  /** Throws 503 LIVE_STREAMS_FULL when the process may open no more. */
  assertRoom(): void {
    if (this.count < this.limits.total) return;
    throw retryLater(503, 'LIVE_STREAMS_FULL', LIVE_STREAMS_FULL_RETRY_SECONDS);
  }

  add(stream: CappedStream): void {
    let streams = this.byUser.get(stream.user.id);
    if (!streams) {
      streams = new Set();
      this.byUser.set(stream.user.id, streams);
    }
    if (streams.has(stream)) return;
    streams.add(stream);
    this.count += 1;
    for (const oldest of streams) {
      if (streams.size <= this.limits.perUser) break;
      // Its close removes it from the set (remove below).
      oldest.close('too-many-streams');
      if (streams.has(oldest)) this.remove(oldest);
    }
  }

  remove(stream: CappedStream): void {
    const streams = this.byUser.get(stream.user.id);
    if (!streams?.delete(stream)) return;
    this.count -= 1;
    if (streams.size === 0) this.byUser.delete(stream.user.id);
  }
}
