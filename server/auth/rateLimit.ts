/**
 * Counts failed logins per key (IP and username, and IP alone) in a sliding window.
 * Kept in the process: a second API process counts on its own, which still bounds guessing.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string, now: number): number {
    const recent = this.recent(key, now);
    if (recent.length < this.max) return 0;
    return Math.max(1, Math.ceil((recent[0] + this.windowMs - now) / 1000));
  }

  fail(key: string, now: number): void {
    const recent = this.recent(key, now);
    recent.push(now);
    this.failures.set(key, recent);
    if (this.failures.size > this.maxKeys) this.prune(now);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
  }

  private prune(now: number): void {
    for (const [key, times] of this.failures) {
      if (times.every((t) => now - t >= this.windowMs)) this.failures.delete(key);
    }
    // Still full of live keys: drop the oldest rather than grow without bound.
    for (const key of this.failures.keys()) {
      if (this.failures.size <= this.maxKeys) break;
      this.failures.delete(key);
    }
  }
}
