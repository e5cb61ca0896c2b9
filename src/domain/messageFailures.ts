import { z } from 'zod';

/**
 * Why a chat message can never reach its recipient, as a code the server stores with the
 * message and the browser translates (resources.orders.chat.failures.<code>):
 * - NO_NOTIFICATION_ACCOUNT: the restaurant has no notification account with a messenger id;
 * - NO_MESSENGER_ACCOUNT: the recipient has no messenger id;
 * - NO_BOT: the order's city has no bot to speak through;
 * - BLOCKED: the recipient blocked the bot (or left, or was deactivated);
 * - CHAT_NOT_FOUND: the messenger knows no such chat;
 * - REFUSED: the messenger refused the message for another reason that trying again cannot change;
 * - UNREACHABLE: the messenger kept failing (network, 5xx, rate limits) until the retries ran out.
 */
export const MESSAGE_FAILURE_REASONS = [
  'NO_NOTIFICATION_ACCOUNT',
  'NO_MESSENGER_ACCOUNT',
  'NO_BOT',
  'BLOCKED',
  'CHAT_NOT_FOUND',
  'REFUSED',
  'UNREACHABLE',
] as const;
export const messageFailureReason = z.enum(MESSAGE_FAILURE_REASONS);
export type MessageFailureReason = z.infer<typeof messageFailureReason>;

/** A stored reason as the API answers it; anything unknown (a newer server's code) reads as REFUSED. */
export const readFailureReason = (stored: string | null): MessageFailureReason | null => {
  if (stored === null) return null;
  const parsed = messageFailureReason.safeParse(stored);
  return parsed.success ? parsed.data : 'REFUSED';
};

/**
 * The reason of a Bot API refusal (its HTTP status and description). 403 is a recipient who
 * blocked the bot, left the chat or was deactivated; 400 "chat not found" a chat that does not
 * exist; other 400 and 413 a message the messenger will never take. 429, 5xx and no status
 * (network, timeout) may pass later: UNREACHABLE is their reason once the retries run out.
 */
export const botApiFailureReason = (status: number, description: string): MessageFailureReason => {
  if (status === 403) return 'BLOCKED';
  if (status === 400 && /chat not found|user not found|PEER_ID_INVALID/i.test(description)) return 'CHAT_NOT_FOUND';
  if (status === 400 || status === 413) return 'REFUSED';
  return 'UNREACHABLE';
};
