/**
 * The messenger the customers use, behind one interface: sending messages, and keeping photos
 * and returning them.
 */
export interface StoredPhoto {
  data: Buffer;
  mimeType: string;
}

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
  text: string;
  photoId?: string | null;
  button?: MessageButton | null;
}

export interface MessengerGateway {
  /** Sends a message; throws a MessengerError when the messenger refuses it. */
  sendMessage(message: OutgoingMessage): Promise<{ messageId: string }>;
  /** Keeps a photo and returns the file id to refer to it by. */
  storePhoto(photo: StoredPhoto & { cityId: number | null }): Promise<string>;
  /** The photo behind a file id, or null when there is none. */
  getPhoto(fileId: string): Promise<(StoredPhoto & { cityId: number | null }) | null>;
}

/**
 * A send the messenger refused. `permanent`: trying again cannot help (the chat does not exist,
 * the bot is blocked). `retryAfterSeconds`: the messenger's rate limit says when to try again.
 */
export class MessengerError extends Error {
  readonly permanent: boolean;
  readonly retryAfterSeconds?: number;

  constructor(message: string, options: { permanent?: boolean; retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = 'MessengerError';
    this.permanent = options.permanent ?? false;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /**
   * The error of a failed Bot API call (`{ok: false, error_code, description, parameters}`):
   * 429 carries retry_after; 400 and 403 (chat not found, bot blocked or kicked) are permanent;
   * anything else (5xx, a proxy's error page) may pass.
   */
  static fromBotApi(status: number, description: string, retryAfterSeconds?: number): MessengerError {
    const message = `Bot API ${status}: ${description}`;
    if (status === 429) return new MessengerError(message, { retryAfterSeconds: retryAfterSeconds ?? 1 });
    return new MessengerError(message, { permanent: status === 400 || status === 403 });
  }
}
