import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { DEFAULT_MAILING_RATE, DEFAULT_SEND_LEASE_SECONDS } from './mailingConfig';
import { dueMailings } from './senderQueries';
import type { MessengerGateway } from '../../messenger/gateway';
import { abortableSleep } from '../../jobs/abortableSleep';
import { acquireLiveness } from '../../jobs/processLiveness';
import { sendMailing, type SendContext } from './sendMailing';

/** Fastify's logger and the console both fit. */
export interface SenderLog {
  warn(detail: object, message: string): void;
  error(detail: object, message: string): void;
}

export interface MailingSenderOptions {
  db: Kysely<Database>;
  messenger: MessengerGateway;
  /** Messages per second per bot (one mailing of a city sends at a time). */
  rate?: number;
  /**
   * How long a claimed send may take before it counts as abandoned, when whether its process
   * is alive cannot be known (./processLiveness.ts decides that at once otherwise).
   */
  leaseSeconds?: number;
  /** How often to look for mailings to start or resume. */
  pollMs?: number;
  /** Sends under way at once per mailing: the messenger's answer takes longer than one slot. */
  maxInFlight?: number;
  /** Refusals in a row (not a blocked customer) after which the message itself is taken to be wrong. */
  failAfter?: number;
  log?: SenderLog;
}

export interface MailingSender {
  /**
   * Stops taking slots, waits for the sends under way and their records, and puts the
   * recipients claimed for later slots back (pending, for whoever sends next).
   */
  stop(): Promise<void>;
  /** Looks for mailings now. */
  wake(): void;
}

/**
 * Sends the mass mailings: every city's current mailing (the sending one, else the oldest
 * waiting, which it starts by fixing its recipients) at `rate` messages per second.
 *
 * Each message: wait for a slot of the bot (slots live in the mailing's row, so two processes
 * share one rate), claim one pending recipient just before it (committed), send, record the
 * outcome with the position (committed). A recipient is claimed by one process only and never
 * claimed again, so nobody gets the mailing twice, across restarts and with several processes.
 * The one window is a process dying between a claim and the record of its outcome: the
 * messenger call, one statement, and the few milliseconds a claim is made ahead of its slot.
 * That recipient stays claimed and is counted as unconfirmed, never sent again: as soon as
 * another process sees that the claim's owner is gone (./processLiveness.ts), or after
 * `leaseSeconds` when that cannot be known. A stop (status failed) is seen by the next claim and
 * the next slot reservation, within 200 ms.
 */
export function startMailingSender(options: MailingSenderOptions): MailingSender {
  const { db, messenger, log = console } = options;
  const rate = options.rate ?? DEFAULT_MAILING_RATE;
  const stopping = new AbortController();
  const runners = new Map<number, Promise<void>>();
  const liveness = acquireLiveness(db);
  const context: SendContext = {
    db,
    messenger,
    liveness,
    log,
    stepMs: 1000 / rate,
    leaseSeconds: options.leaseSeconds ?? DEFAULT_SEND_LEASE_SECONDS,
    pollMs: options.pollMs ?? 1000,
    // A tenth of a second's sends under way at least: the messenger takes tens of milliseconds to answer.
    maxInFlight: options.maxInFlight ?? Math.max(50, Math.ceil(rate / 10)),
    failAfter: options.failAfter ?? 20,
    sleep: (ms) => abortableSleep(ms, stopping.signal),
    stopped: () => stopping.signal.aborted,
  };
  const { pollMs } = context;

  const poll = async () => {
    if (stopping.signal.aborted) return;
    try {
      for (const { id, status } of await dueMailings(db)) {
        if (runners.has(id) || stopping.signal.aborted) continue;
        const runner = sendMailing(context, id, status)
          .catch((error: unknown) => log.error({ mailingId: id, err: error }, 'mailing sender: the mailing stopped on an error'))
          .finally(() => runners.delete(id));
        runners.set(id, runner);
      }
    } catch (error) {
      log.error({ err: error }, 'mailing sender: could not look for mailings');
    }
  };

  let timer: NodeJS.Timeout | undefined;
  /** The look under way, if any: a stop waits for it, so that no runner starts after the stop. */
  let looking: Promise<void> = Promise.resolve();
  const look = () => {
    looking = poll();
    return looking;
  };
  const loop = async () => {
    await look();
    if (stopping.signal.aborted) return;
    timer = setTimeout(() => void loop(), pollMs);
    // The HTTP server keeps the process alive; a waiting sender must not.
    timer.unref();
  };
  void loop();

  return {
    wake: () => void look(),
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await looking;
      await Promise.all(runners.values());
      // Every claim is recorded or put back: the lock may go.
      await liveness.release();
    },
  };
}
