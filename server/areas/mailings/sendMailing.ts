import type { Kysely } from 'kysely';
import { MailingStatus } from '../../../src/domain';
import type { Database } from '../../db/schema';
import { claimAhead, type Recipient } from './claimAhead';
import { loadMailingMessage, type MailingMessage } from './mailingMessage';
import { rateWindow } from './rateWindow';
import {
  claimOwners,
  claimRecipient,
  failMailing,
  pauseMailing,
  recordOutcome,
  releaseRecipient,
  RecipientState,
  reserveSlots,
  settleMailing,
  startMailing,
} from './senderQueries';
import { classifySendError, failureState } from './sendOutcome';
import type { MessengerGateway } from '../../messenger/gateway';
import { countMailingMessageSent } from '../../ops/metrics';
import type { LivenessSession, ProcessLiveness } from '../../jobs/processLiveness';

/** What sending one mailing needs from the sender (./mailingSender.ts). */
export interface SendContext {
  db: Kysely<Database>;
  messenger: MessengerGateway;
  /** Whose claims are alive: this process claims and sends only while it holds its lock. */
  liveness: ProcessLiveness;
  log: { warn(detail: object, message: string): void; error(detail: object, message: string): void };
  /** Milliseconds between two sends of one bot (1000 / rate). */
  stepMs: number;
  leaseSeconds: number;
  pollMs: number;
  maxInFlight: number;
  failAfter: number;
  /** Waits, or less when the sender stops. */
  sleep: (ms: number) => Promise<void>;
  stopped: () => boolean;
}

/** Slots are taken this far ahead: a stop reaches the senders within it. */
const SLOT_WINDOW_MS = 200;
/**
 * How late a slot may still be taken (at least one step): a process stalled that long (a busy
 * machine) catches up, within its own second's budget. No second then holds more than the
 * rate from one process, and, with several, more than rate × 1.1 + 2.
 */
const MIN_LATE_SLOT_MS = 100;
const MAX_PENDING_CLAIMS = 8;
const MAX_BACKOFF_SECONDS = 60;
const LOCK_WAIT_WARNING_MS = 5000;

/**
 * Sends one mailing (starting it first when it waits) until nobody is left for this process,
 * it stops, or the sender stops. Each message: its bot's slot (taken from the mailing's row, so
 * that every process shares one rate), a recipient claimed just before it (committed), the
 * send, and the outcome recorded with the position (committed).
 */
export async function sendMailing(context: SendContext, id: number, status: number): Promise<void> {
  const { db, messenger, liveness, log, stepMs, sleep, stopped } = context;
  if (status === MailingStatus.CREATED && !(await startMailing(db, id))) return;
  const message = await loadMailingMessage(db, id);
  if (!message) return;
  if ('problem' in message) {
    await failMailing(db, id, 'button', message.problem);
    return;
  }
  const slotsPerReservation = Math.max(1, Math.round(SLOT_WINDOW_MS / stepMs));
  const lateSlotMs = Math.max(stepMs, MIN_LATE_SLOT_MS);
  const inFlight = new Set<Promise<void>>();
  const lastSecond = rateWindow(1000 / stepMs);
  const streak = { refusals: 0, retries: 0, lastError: '' };
  /** Set by a send the messenger did not take: every sender of the mailing waits this long. */
  const wait: { pause: { seconds: number; error: string } | null } = { pause: null };
  /** Where the claims go on from; back to the start once nobody is left after it (a recipient put back). */
  let cursor = 0;
  /** The liveness session the claims are made under; each send checks it still holds. */
  let session: LivenessSession | null = null;
  let waitingSince: number | null = null;
  let warned = false;
  const claimNext = async (): Promise<Recipient | null> => {
    const owner = session?.held() ? session.owner : undefined;
    // No lock: nothing is claimed (the loop waits for one before claiming again).
    if (owner === undefined) return null;
    let recipient = await claimRecipient(db, id, cursor, owner);
    if (!recipient && cursor > 0) {
      cursor = 0;
      recipient = await claimRecipient(db, id, 0, owner);
    }
    if (recipient) cursor = Math.max(cursor, recipient.userId);
    return recipient;
  };
  const claims = claimAhead({
    claim: claimNext,
    release: (recipient) => releaseRecipient(db, id, recipient.userId),
    maxPending: MAX_PENDING_CLAIMS,
  });

  const deliver = async (recipient: Recipient, sent: MailingMessage) => {
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
    countMailingMessageSent();
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

  /** Until `at` (performance.now() time), letting the timers and I/O of the sends under way run meanwhile. */
  const until = async (at: number) => {
    // A timer cannot wait less than a millisecond; an embedded database answers without
    // leaving the microtask queue, so the loop yields at least once per slot.
    if (at - performance.now() > 1) await sleep(at - performance.now());
    else await new Promise<void>((resolve) => setImmediate(resolve));
  };

  /** Claims under way of owners that are gone: counted unconfirmed now rather than after their lease. */
  const settle = async () => {
    const owners = await claimOwners(db, id, session?.owner ?? null);
    const dead = owners.length > 0 ? await liveness.deadAmong(owners) : [];
    return settleMailing(db, id, context.leaseSeconds, dead);
  };

  try {
    while (!stopped()) {
      const now = liveness.current();
      if (now !== session) {
        // The lock was lost (its connection dropped), or is held again: the claims made under
        // the lost one may be counted dead by others by now, so none of them is sent.
        await claims.releaseAll();
        session = now;
        claims.reset();
      }
      if (!session) {
        // Said once a wait has lasted: the lock's connection is taken at start, and again after a drop.
        waitingSince ??= performance.now();
        if (!warned && performance.now() - waitingSince > LOCK_WAIT_WARNING_MS) {
          warned = true;
          log.warn({ mailingId: id }, 'mailing sender: no liveness lock (its database connection is down), sending waits');
        }
        await sleep(Math.min(200, context.pollMs));
        continue;
      }
      waitingSince = null;
      warned = false;
      if (wait.pause) {
        const { seconds, error } = wait.pause;
        wait.pause = null;
        await claims.releaseAll();
        await pauseMailing(db, id, seconds, error);
        log.warn({ mailingId: id, seconds, error }, 'mailing sender: the messenger asked to wait');
      }
      const slots = await reserveSlots(db, id, slotsPerReservation, stepMs);
      if (!slots) break;
      const start = performance.now() + slots.waitMs;
      for (let slot = 0; slot < slotsPerReservation && !claims.done(); slot++) {
        // Slots already too late (a busy machine) are given up, not made up for: sending them
        // now would crowd the next slots, or another process's.
        const behind = performance.now() - lateSlotMs - (start + slot * stepMs);
        if (behind > 0) slot += Math.ceil(behind / stepMs);
        if (slot >= slotsPerReservation) break;
        const slotAt = start + slot * stepMs;
        await until(slotAt - claims.lead());
        claims.topUp(Math.ceil(claims.lead() / stepMs));
        await until(slotAt);
        while (inFlight.size >= context.maxInFlight) await Promise.race(inFlight);
        if (stopped() || wait.pause || streak.refusals >= context.failAfter || !session.held()) break;
        const recipient = await claims.take(slotAt + lateSlotMs);
        if (!recipient) continue;
        while (lastSecond.freeAt() > performance.now()) await until(lastSecond.freeAt());
        if (performance.now() - slotAt > lateSlotMs) {
          claims.keep(recipient);
          continue;
        }
        // Checked with no wait before the send: a claim of a lost lock may be counted dead by now.
        if (!session.held()) {
          claims.keep(recipient);
          break;
        }
        lastSecond.record(performance.now());
        track(deliver(recipient, message));
      }
      if (streak.refusals >= context.failAfter) {
        await Promise.all(inFlight);
        await failMailing(db, id, 'messenger', streak.lastError);
        log.error({ mailingId: id, error: streak.lastError }, `mailing sender: ${context.failAfter} refusals in a row, the mailing failed`);
        break;
      }
      if (claims.done()) {
        await Promise.all(inFlight);
        const settled = await settle();
        if (settled !== 'sending') break;
        // Another process has sends under way, or a send was put back: look again shortly.
        claims.reset();
        await sleep(Math.min(1000, context.pollMs));
      }
    }
  } finally {
    await Promise.all(inFlight);
    // Claimed for slots this process will not use: back to pending, for whoever sends next.
    await claims.releaseAll();
  }
}
