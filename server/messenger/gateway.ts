import { botApiFailureReason, type MessageFailureReason } from '../../src/domain';

/**
 * The messenger the customers use, behind one interface: sending and deleting messages, and
 * keeping photos and videos and returning them. Shaped after the Telegram Bot API.
 */
export interface StoredFile {
  data: Buffer;
  mimeType: string;
}
export type StoredPhoto = StoredFile;

/** An inline URL button under a message. */
export interface MessageButton {
  text: string;
  url: string;
}

export interface OutgoingMessage {
  /** The bot that speaks (the city's); the local gateway needs none. */
  botId: number | null;
  /** The messenger's chat id: a user's telegram id, or a channel. */
  chatId: string;
  /** The text; the caption when the message carries a photo, an album or a video. */
  text: string;
  /** One photo (sendPhoto). */
  photoId?: string | null;
  /**
   * Photos posted together as one album (sendMediaGroup, at most 10; one alone is a plain
   * photo), the text as the first one's caption. Each photo becomes a message of its own.
   */
  photoIds?: readonly string[];
  /** One video (sendVideo); never with photos. */
  videoId?: string | null;
  /** Not shown under an album: the messenger takes no buttons there. */
  button?: MessageButton | null;
}

export interface SentMessage {
  /** The first (or only) message it became. */
  messageId: string;
  /** Every message it became, in order: an album is one message per photo. */
  messageIds: string[];
}

/** A message that was sent, to delete it. */
export interface SentMessageRef {
  botId: number | null;
  chatId: string;
  messageId: string;
}

export interface MessengerGateway {
  /** Sends a message; throws a MessengerError when the messenger refuses it. */
  sendMessage(message: OutgoingMessage): Promise<SentMessage>;
  /**
   * Deletes a sent message (deleteMessage). Resolves false when it is not there (deleted
   * already), so that a removal tried again goes through; throws a MessengerError when the
   * messenger refuses (a message too old for the bot to delete, a bot without the right).
   */
  deleteMessage(message: SentMessageRef): Promise<boolean>;
  /** Keeps a photo and returns the file id to refer to it by. */
  storePhoto(photo: StoredFile & { cityId: number | null }): Promise<string>;
  /**
   * The photo behind a file id, or null when there is none. `cityId` names whose bot may fetch
   * a photo the messenger keeps itself (one a customer sent the bot, such as a review's).
   */
  getPhoto(fileId: string, context?: { cityId: number | null }): Promise<(StoredFile & { cityId: number | null }) | null>;
  /** Keeps a video (MP4) and returns the file id to refer to it by. */
  storeVideo(video: StoredFile & { cityId: number | null }): Promise<string>;
  /** The video behind a file id, or null when there is none. */
  getVideo(fileId: string): Promise<(StoredFile & { cityId: number | null }) | null>;
  /** Those of the file ids the messenger does not hold (yet): an ad waits for them. */
  missingFiles(fileIds: readonly string[]): Promise<string[]>;
}

/**
 * A send the messenger refused. `permanent`: trying again cannot help (the chat does not exist,
 * the bot is blocked). `blocked`: the recipient blocked the bot or left (403), to be recorded on
 * the customer. `retryAfterSeconds`: the messenger's rate limit says when to try again.
 * `reason`: what a chat shows for a message that fails with it (src/domain/messageFailures.ts).
 */
export class MessengerError extends Error {
  readonly permanent: boolean;
  readonly blocked: boolean;
  readonly retryAfterSeconds?: number;
  readonly reason: MessageFailureReason;

  constructor(
    message: string,
    options: { permanent?: boolean; blocked?: boolean; retryAfterSeconds?: number; reason?: MessageFailureReason } = {},
  ) {
    super(message);
    this.name = 'MessengerError';
    this.blocked = options.blocked ?? false;
    this.permanent = (options.permanent ?? false) || this.blocked;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
    this.reason = options.reason ?? (this.blocked ? 'BLOCKED' : this.permanent ? 'REFUSED' : 'UNREACHABLE');
  }

  /**
   * The error of a failed Bot API call (`{ok: false, error_code, description, parameters}`):
   * 429 carries retry_after; 400, 403 (chat not found, bot blocked or kicked) and 413 (an upload
   * too large, which never passes) are permanent; anything else (5xx, a proxy's error page) may
   * pass. Status 0: the answer named none.
   */
  static fromBotApi(status: number, description: string, retryAfterSeconds?: number): MessengerError {
    const message = `Bot API ${status > 0 ? status : '(no status)'}: ${description}`;
    const reason = botApiFailureReason(status, description);
    if (status === 429) return new MessengerError(message, { retryAfterSeconds: retryAfterSeconds ?? 1, reason });
    return new MessengerError(message, { permanent: status === 400 || status === 413, blocked: status === 403, reason });
  }
}

/** Why a delivery that ended with `error` failed, for the chat: a messenger's reason, else the retries ran out. */
export const failureReasonOf = (error: unknown): MessageFailureReason => (error instanceof MessengerError ? error.reason : 'UNREACHABLE');
