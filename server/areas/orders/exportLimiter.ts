import { retryLater } from '../../errors';

/**
 * How many exports this process makes at once: EXPORT_CONCURRENCY of them, and one per user.
 * An export over the limit is refused at once with 429 and a Retry-After guessed from how
 * long exports take here, so the browser can wait its turn. Each app has its own limiter.
 */

/** Until an export has finished here, one is guessed to take this long. */
const GUESSED_EXPORT_MS = 10_000;
const RETRY_AFTER_MAX_S = 60;
/** Finished exports the guess averages over. */
const REMEMBERED = 8;

export interface ExportPermit {
  /** Frees the place; a second call does nothing. */
  release: () => void;
}

export interface ExportLimiter {
  /** A place for this user's export, or a 429 (EXPORT_BUSY, EXPORT_ALREADY_RUNNING) with Retry-After. */
  acquire: (userId: number) => ExportPermit;
  /** Exports running now. */
  running: () => number;
}

export function exportLimiter({ concurrency, now = Date.now }: { concurrency: number; now?: () => number }): ExportLimiter {
  const running = new Map<symbol, { userId: number; since: number }>();
  const durations: number[] = [];

  const typicalMs = () => (durations.length === 0 ? GUESSED_EXPORT_MS : durations.reduce((a, b) => a + b, 0) / durations.length);
  /** Seconds until the first of these exports is likely over. */
  const retryAfter = (exports: { since: number }[]): number => {
    const left = Math.min(...exports.map(({ since }) => typicalMs() - (now() - since)));
    return Math.min(RETRY_AFTER_MAX_S, Math.max(1, Math.ceil(left / 1000)));
  };
  const refuse = (code: 'EXPORT_BUSY' | 'EXPORT_ALREADY_RUNNING', seconds: number) => {
    return retryLater(429, code, seconds, { seconds, running: running.size });
  };

  return {
    acquire: (userId) => {
      const own = [...running.values()].filter((entry) => entry.userId === userId);
      if (own.length > 0) throw refuse('EXPORT_ALREADY_RUNNING', retryAfter(own));
      if (running.size >= concurrency) throw refuse('EXPORT_BUSY', retryAfter([...running.values()]));
      const key = Symbol('export');
      const since = now();
      running.set(key, { userId, since });
      return {
        release: () => {
          if (!running.delete(key)) return;
          durations.push(now() - since);
          if (durations.length > REMEMBERED) durations.shift();
        },
      };
    },
    running: () => running.size,
  };
}
