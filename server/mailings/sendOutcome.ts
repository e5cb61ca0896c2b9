import { MessengerError } from '../messenger/gateway';
import { RecipientState } from './senderQueries';

/** What one send's error means for its recipient and for the mailing. */
export type SendFailure =
  /** The customer has blocked the bot: recorded on them, not retried. */
  | { kind: 'blocked'; error: string }
  /** The messenger refused this message to this chat for good (chat not found, a bad photo). */
  | { kind: 'refused'; error: string }
  /** Not taken, try again later: a rate limit (with the messenger's retry_after) or an outage. */
  | { kind: 'retry'; error: string; afterSeconds?: number }
  /** The call's outcome is unknown (a timeout, a broken connection): it may have been sent. */
  | { kind: 'unknown'; error: string };

const MAX_ERROR_LENGTH = 500;

/**
 * The Bot API's answer when a customer blocked the bot, or deleted their account: a 403 (the
 * gateway's MessengerError.fromBotApi keeps the status in its message).
 */
const BLOCKED = /^Bot API 403\b|bot was blocked|user is deactivated/i;

export function classifySendError(error: unknown): SendFailure {
  const text = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
  if (!(error instanceof MessengerError)) return { kind: 'unknown', error: text };
  if (error.retryAfterSeconds !== undefined) return { kind: 'retry', error: text, afterSeconds: error.retryAfterSeconds };
  if (error.permanent) return BLOCKED.test(error.message) ? { kind: 'blocked', error: text } : { kind: 'refused', error: text };
  // The gateway answers a MessengerError only when the messenger said no: nothing was sent.
  return { kind: 'retry', error: text };
}

/** The recipient state a settled failure leaves. */
export const failureState = (failure: SendFailure) =>
  failure.kind === 'blocked' ? RecipientState.BLOCKED : failure.kind === 'refused' ? RecipientState.REFUSED : RecipientState.UNCONFIRMED;
