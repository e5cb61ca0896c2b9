import { MessengerError, type MessengerGateway, type OutgoingMessage } from '../../server/messenger/gateway';

/** One call that reached the messenger, and when (performance.now()). */
export interface MessengerCall {
  message: OutgoingMessage;
  at: number;
}

/** What the messenger does with one call: take it, refuse it, or take it and never answer. */
export type Answer =
  | { kind: 'ok' }
  | { kind: 'error'; error: Error }
  /** The messenger took the message; the answer never comes back (released with `answerHung`). */
  | { kind: 'hang' };

/**
 * A messenger for the sender's tests, standing in for the Bot API: it records every call it
 * took (a refused call is recorded too, as the Bot API sees it) and answers as told, per chat
 * or for the next calls. `latencyMs` makes each call take that long, as a real one does.
 */
export interface RecordingMessenger extends MessengerGateway {
  readonly calls: MessengerCall[];
  /** How each call to this chat is answered from now on. */
  answerChat(chatId: string, answer: Answer): void;
  /** The next `times` calls, whatever their chat. */
  answerNext(answer: Answer, times?: number): void;
  /** Resolves once a call has hung. */
  hung(): Promise<void>;
  /** Lets every hung call fail (after a test, so that nothing stays pending). */
  answerHung(error: Error): void;
  callsPerChat(): Map<string, number>;
}

export const blockedByUser = () => MessengerError.fromBotApi(403, 'Forbidden: bot was blocked by the user');
export const chatNotFound = () => MessengerError.fromBotApi(400, 'Bad Request: chat not found');
export const tooManyRequests = (retryAfter: number) =>
  MessengerError.fromBotApi(429, `Too Many Requests: retry after ${retryAfter}`, retryAfter);

export function recordingMessenger(options: { latencyMs?: number } = {}): RecordingMessenger {
  const calls: MessengerCall[] = [];
  const perChat = new Map<string, Answer>();
  const next: Answer[] = [];
  const hanging = new Set<(error: Error) => void>();
  let onHang: (() => void)[] = [];
  let messages = 0;
  return {
    calls,
    answerChat: (chatId, answer) => perChat.set(chatId, answer),
    answerNext(answer, times = 1) {
      for (let i = 0; i < times; i++) next.push(answer);
    },
    hung: () => new Promise((resolve) => (hanging.size > 0 ? resolve() : onHang.push(resolve))),
    answerHung(error) {
      for (const fail of hanging) fail(error);
      hanging.clear();
    },
    callsPerChat() {
      const counts = new Map<string, number>();
      for (const call of calls) counts.set(call.message.chatId, (counts.get(call.message.chatId) ?? 0) + 1);
      return counts;
    },
    async sendMessage(message) {
      const answer = next.shift() ?? perChat.get(message.chatId) ?? { kind: 'ok' };
      calls.push({ message, at: performance.now() });
      if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
      if (answer.kind === 'error') throw answer.error;
      if (answer.kind === 'hang') {
        const stuck = new Promise<never>((_, reject) => hanging.add(reject));
        const waiting = onHang;
        onHang = [];
        for (const resolve of waiting) resolve();
        await stuck;
      }
      const messageId = String(++messages);
      return { messageId, messageIds: [messageId] };
    },
    storePhoto: async () => 'stored-photo-id',
    getPhoto: async () => null,
    deleteMessage: async () => true,
    storeVideo: async () => 'stored-video-id',
    getVideo: async () => null,
    missingFiles: async () => [],
  };
}
