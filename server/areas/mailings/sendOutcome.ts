import { MessengerError } from '../../messenger/gateway';
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

export function classifySendError(error: unknown): SendFailure {
  const text = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
  if (!(error instanceof MessengerError)) return { kind: 'unknown', error: text };
  if (error.retryAfterSeconds !== undefined) return { kind: 'retry', error: text, afterSeconds: error.retryAfterSeconds };
  if (error.blocked) return { kind: 'blocked', error: text };
  if (error.permanent) return { kind: 'refused', error: text };
  // Taken as "nothing was sent": a 5xx, or the messenger out of reach. A call that timed out
  // after its request left may have been delivered; were the gateway to say so, it would be
  // `unknown` here (counted unconfirmed, never repeated).
  return { kind: 'retry', error: text };
}

/** The recipient state a settled failure leaves. */
export const failureState = (failure: SendFailure) =>
  failure.kind === 'blocked' ? RecipientState.BLOCKED : failure.kind === 'refused' ? RecipientState.REFUSED : RecipientState.UNCONFIRMED;
