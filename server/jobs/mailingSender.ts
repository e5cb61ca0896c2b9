import type { Kysely } from 'kysely';
import { MailingStatus } from '../../src/domain';
import type { Database } from '../db/schema';
import { DEFAULT_MAILING_RATE, DEFAULT_SEND_LEASE_SECONDS } from '../mailings/mailingConfig';
import { loadMailingMessage, type MailingMessage } from '../mailings/mailingMessage';
import {
  claimRecipient,
  dueMailings,
  failMailing,
  pauseMailing,
  recordOutcome,
  releaseRecipient,
  RecipientState,
  reserveSlots,
  settleMailing,
  startMailing,
} from '../mailings/senderQueries';
import { classifySendError, failureState } from '../mailings/sendOutcome';
import type { MessengerGateway } from '../messenger/gateway';
import { abortableSleep } from './abortableSleep';

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
  /** How long a claimed send may take before it counts as abandoned by a dead process. */
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
  /** Stops taking slots, waits for the sends under way and their records. */
  stop(): Promise<void>;
  /** Looks for mailings now. */
  wake(): void;
}

/** Slots are taken this far ahead: a stop reaches the senders within it. */
const SLOT_WINDOW_MS = 200;
const MAX_BACKOFF_SECONDS = 60;
const MAX_PENDING_CLAIMS = 4;
/** How late a slot may still be taken (at least one step): no second then holds more than rate × 1.01 + 2 sends. */
const MIN_LATE_SLOT_MS = 10;

/**
 * Sends the mass mailings: every city's current mailing (the sending one, else the oldest
 * waiting, which it starts by fixing its recipients) at `rate` messages per second.
 *
 * Each message: wait for a slot of the bot (slots live in the mailing's row, so two processes
 * share one rate), claim one pending recipient (committed), send, record the outcome with the
 * position (committed). A recipient is claimed by one process only and never claimed again,
 * so nobody gets the mailing twice, across restarts and with several processes. The one
 * window is a process dying after the messenger took a message and before its outcome was
 * recorded (one messenger call plus one statement, per send under way): that recipient stays
 * claimed and, after `leaseSeconds`, is counted as unconfirmed, never sent again. A stop
 * (status failed) is seen by the next claim and the next slot reservation, within 200 ms.
 */
export function startMailingSender(options: MailingSenderOptions): MailingSender {
  const { db, messenger, log = console } = options;
  const rate = options.rate ?? DEFAULT_MAILING_RATE;
  const { leaseSeconds = DEFAULT_SEND_LEASE_SECONDS, pollMs = 1000, failAfter = 20 } = options;
  // A tenth of a second's sends under way at least: the messenger takes tens of milliseconds to answer.
  const maxInFlight = options.maxInFlight ?? Math.max(50, Math.ceil(rate / 10));
  const stepMs = 1000 / rate;
  const slotsPerReservation = Math.max(1, Math.round(SLOT_WINDOW_MS / stepMs));
  const lateSlotMs = Math.max(stepMs, MIN_LATE_SLOT_MS);
  const stopping = new AbortController();
  const runners = new Map<number, Promise<void>>();

  const sleep = (ms: number) => abortableSleep(ms, stopping.signal);

  /** Sends one mailing until it has nothing left for this process, or stops. */
  async function run(id: number, status: number): Promise<void> {
    if (status === MailingStatus.CREATED && !(await startMailing(db, id))) return;
    const message = await loadMailingMessage(db, id);
    if (!message) return;
    if ('problem' in message) {
      await failMailing(db, id, 'button', message.problem);
      return;
    }
    const inFlight = new Set<Promise<void>>();
    /** Claims the database has not answered yet: a few at a time, or a busy database would only queue them until they are late. */
    const claiming = new Set<Promise<unknown>>();
    const streak = { refusals: 0, retries: 0, lastError: '' };
    /** Set by a send the messenger did not take: every sender of the mailing waits this long. */
    const wait: { pause: { seconds: number; error: string } | null } = { pause: null };
    /** Set when a claim found nobody left: the mailing may be done. */
    const progress = { exhausted: false };

    const deliver = async (recipient: { userId: number; chatId: number }, sent: MailingMessage) => {
      try {
        await messenger.sendMessage({ ...sent, chatId: String(recipient.chatId) });
      } catch (error) {
        const failure = classifySendError(error);
        if (failure.kind === 'retry') {
          streak.retries += 1;
          const backoff = Math.min(MAX_BACKOFF_SECONDS, 2 ** (streak.retries - 1));
          wait.pause = { seconds: failure.afterSeconds ?? backoff, error: failure.error };
          await releaseRecipient(db, id, recipient.userId);
          return;
        }
        if (failure.kind !== 'blocked') {
          streak.refusals += 1;
          streak.lastError = failure.error;
        }
        await recordOutcome(db, id, recipient.userId, failureState(failure), failure.error);
        return;
      }
      streak.refusals = 0;
      streak.retries = 0;
      await recordOutcome(db, id, recipient.userId, RecipientState.SENT, null);
    };

    /**
     * Claimed only at its slot, so that a process dying while it waits leaves nothing in doubt.
     * A claim that came back too late for its slot (a busy database) is put back unsent:
     * sending it now would crowd the next slots.
     */
    const claimAndDeliver = async (slotAt: number) => {
      const claim = claimRecipient(db, id);
      const claimed: Promise<unknown> = claim.then(
        () => claiming.delete(claimed),
        () => claiming.delete(claimed),
      );
      claiming.add(claimed);
      const recipient = await claim;
      if (!recipient) progress.exhausted = true;
      else if (performance.now() - slotAt > lateSlotMs) await releaseRecipient(db, id, recipient.userId);
      else await deliver(recipient, message);
    };

    const track = (work: Promise<void>) => {
      const settled = work
        .catch((error: unknown) => {
          // The outcome could not be written: the claim stays and, after the lease, counts as unconfirmed.
          log.error({ mailingId: id, err: error }, 'mailing sender: could not record a send');
        })
        .finally(() => inFlight.delete(settled));
      inFlight.add(settled);
    };

    while (!stopping.signal.aborted) {
      if (wait.pause) {
        const { seconds, error } = wait.pause;
        wait.pause = null;
        await pauseMailing(db, id, seconds, error);
        log.warn({ mailingId: id, seconds, error }, 'mailing sender: the messenger asked to wait');
      }
      const slots = await reserveSlots(db, id, slotsPerReservation, stepMs);
      if (!slots) break;
      const start = performance.now() + slots.waitMs;
      for (let slot = 0; slot < slotsPerReservation && !progress.exhausted; slot++) {
        const slotAt = start + slot * stepMs;
        // A timer cannot wait less than a millisecond: a slot that close is taken now.
        if (slotAt - performance.now() > 1) await sleep(slotAt - performance.now());
        while (inFlight.size >= maxInFlight) await Promise.race(inFlight);
        while (claiming.size >= MAX_PENDING_CLAIMS) await Promise.race(claiming);
        if (stopping.signal.aborted || wait.pause || streak.refusals >= failAfter) break;
        // A slot reached too late (a busy machine) is given up, not made up for: sending it now
        // would crowd the next slots, or another process's.
        if (performance.now() - slotAt > lateSlotMs) continue;
        track(claimAndDeliver(slotAt));
      }
      if (streak.refusals >= failAfter) {
        await Promise.all(inFlight);
        await failMailing(db, id, 'messenger', streak.lastError);
        log.error({ mailingId: id, error: streak.lastError }, `mailing sender: ${failAfter} refusals in a row, the mailing failed`);
        break;
      }
      if (progress.exhausted) {
        await Promise.all(inFlight);
        progress.exhausted = false;
        const settled = await settleMailing(db, id, leaseSeconds);
        if (settled !== 'sending') break;
        // Another process has sends under way, or a send was put back: look again shortly.
        await sleep(Math.min(1000, pollMs));
      }
    }
    await Promise.all(inFlight);
  }

  const poll = async () => {
    if (stopping.signal.aborted) return;
    try {
      for (const { id, status } of await dueMailings(db)) {
        if (runners.has(id)) continue;
        const runner = run(id, status)
          .catch((error: unknown) => log.error({ mailingId: id, err: error }, 'mailing sender: the mailing stopped on an error'))
          .finally(() => runners.delete(id));
        runners.set(id, runner);
      }
    } catch (error) {
      log.error({ err: error }, 'mailing sender: could not look for mailings');
    }
  };

  let timer: NodeJS.Timeout | undefined;
  const loop = async () => {
    await poll();
    if (stopping.signal.aborted) return;
    timer = setTimeout(() => void loop(), pollMs);
    // The HTTP server keeps the process alive; a waiting sender must not.
    timer.unref();
  };
  void loop();

  return {
    wake: () => void poll(),
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await Promise.all(runners.values());
    },
  };
}
