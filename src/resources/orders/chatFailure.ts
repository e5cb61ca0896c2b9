import type { MessageFailureReason } from '../../domain';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Why a chat message was not delivered, in the reader's language (a reason the server did not name reads as a refusal). */
export const chatFailureText = (translate: Translate, reason: MessageFailureReason | null | undefined): string =>
  translate(`resources.orders.chat.failures.${reason ?? 'REFUSED'}`);
