/** A recipient claimed for a send. */
export interface Recipient {
  userId: number;
  chatId: number;
}

/** The first measure of a claim's round trip, before any was timed. */
const INITIAL_LATENCY_MS = 2;

/**
 * Claims recipients just ahead of their send slots, so that each send goes at its slot and a
 * claim held in memory (in doubt should the process die) waits no longer than about two claim
 * round trips. When the database answers slowly, more claims run at once (up to `maxPending`)
 * and start earlier; a claim that comes back after its slot is kept for the next one, never
 * sent late: under load the mailing goes as fast as the database allows, at its slots.
 */
export function claimAhead(options: {
  claim: () => Promise<Recipient | null>;
  release: (recipient: Recipient) => Promise<void>;
  maxPending: number;
}) {
  const { claim, release, maxPending } = options;
  const held: Recipient[] = [];
  const pending = new Set<Promise<void>>();
  let latencyMs = INITIAL_LATENCY_MS;
  let exhausted = false;
  let failure: { error: unknown } | null = null;
  let arrived: () => void = () => undefined;

  const launch = () => {
    const startedAt = performance.now();
    const done: Promise<void> = claim().then(
      (recipient) => {
        // A moving average of the round trip, which sets how far ahead to claim.
        latencyMs = 0.8 * latencyMs + 0.2 * (performance.now() - startedAt);
        if (recipient) held.push(recipient);
        else exhausted = true;
        pending.delete(done);
        arrived();
      },
      (error: unknown) => {
        // Raised by the next take(): the runner stops on it, as on any database error.
        failure = { error };
        pending.delete(done);
        arrived();
      },
    );
    pending.add(done);
  };

  return {
    /** How long before its slot a recipient is claimed: twice the usual round trip, and a millisecond. */
    lead: () => 2 * latencyMs + 1,
    /** Claims until `count` recipients are held or under way (none once the mailing ran out). */
    topUp(count: number) {
      while (!exhausted && held.length + pending.size < Math.min(Math.max(1, count), maxPending)) launch();
    },
    /** A held recipient, waiting for one under way until `deadline` (performance.now() time); null if none came. */
    async take(deadline: number): Promise<Recipient | null> {
      while (held.length === 0 && pending.size > 0 && performance.now() < deadline) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          arrived = resolve;
          timer = setTimeout(resolve, Math.max(0, deadline - performance.now()));
        });
        clearTimeout(timer);
      }
      if (failure) {
        const { error } = failure;
        failure = null;
        throw error;
      }
      return held.shift() ?? null;
    },
    /** Keeps a taken recipient for the next slot (its own was missed). */
    keep: (recipient: Recipient) => void held.unshift(recipient),
    /** Nobody is left to claim, and nothing is held or under way. */
    done: () => exhausted && held.length === 0 && pending.size === 0,
    /** Claims again after the mailing was found done (a recipient was put back meanwhile). */
    reset: () => void (exhausted = false),
    /** Puts back every recipient claimed and not sent: a stop, a pause, the end of this process's turn. */
    async releaseAll(): Promise<void> {
      await Promise.all(pending);
      await Promise.all(held.splice(0).map(release));
    },
  };
}

export type ClaimAhead = ReturnType<typeof claimAhead>;
