import { Api, GrammyError, HttpError, InputFile, type Transformer } from 'grammy';
import type { Message } from 'grammy/types';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { MessengerError, type MessageButton, type MessengerGateway, type OutgoingMessage, type StoredFile } from './gateway';
import { localMessenger } from './local';

/** The messenger's limit on a photo's or a video's caption; a longer text follows as a message of its own. */
export const CAPTION_LIMIT = 1024;
/** What a bot may download through getFile (20 MB). */
const DOWNLOAD_LIMIT = 20 * 1024 * 1024;

export interface TelegramOptions {
  db: Kysely<Database>;
  /** Where the photos and videos uploaded through the back-office are kept (as the local gateway keeps them). */
  filesDir: string;
  /** The Bot API's address: Telegram's by default, or a local Bot API server (TELEGRAM_API_URL). */
  apiRoot?: string;
  /** How long one Bot API call may take before it counts as a network failure (and is retried). */
  timeoutSeconds?: number;
}

type Media = string | InputFile;

const keyboard = (button: MessageButton | null | undefined) =>
  button ? { reply_markup: { inline_keyboard: [[{ text: button.text, url: button.url }]] } } : {};

/** The largest size of a sent photo, or the video: the file id the messenger gives an upload. */
const fileIdOf = (message: Message): string | undefined => message.photo?.at(-1)?.file_id ?? message.video?.file_id;

const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

/**
 * An error answer as grammY expects it (`error_code`, `description`), also when a server in front
 * of the Bot API (a proxy, a local Bot API server refusing an upload) answered in its own JSON:
 * its status and words are kept, where grammY would read "undefined: undefined".
 */
const botApiErrors: Transformer = async (prev, method, payload, signal) => {
  const answer = await prev(method, payload, signal);
  if (answer.ok === true) return answer;
  const raw: Record<string, unknown> = Object.fromEntries(Object.entries(answer));
  if (typeof raw.error_code === 'number' && typeof raw.description === 'string') return answer;
  const status = [raw.error_code, raw.statusCode, raw.status].find((value): value is number => Number.isInteger(value));
  const words = [raw.description, raw.message, raw.error].find((value): value is string => typeof value === 'string' && value !== '');
  return {
    ok: false,
    error_code: status ?? 0,
    description: words ?? `an answer without a description: ${JSON.stringify(raw).slice(0, 200)}`,
  };
};

/** A failed call as the workers understand it: rate limit, blocked recipient, refused, or worth another try. */
function messengerError(error: unknown): unknown {
  if (error instanceof GrammyError) return MessengerError.fromBotApi(error.error_code, error.description, error.parameters.retry_after);
  // Network failures, timeouts and answers that are not JSON: the message may pass later.
  if (error instanceof HttpError) {
    const cause = error.error instanceof Error ? ` (${error.error.message})` : '';
    return new MessengerError(`Bot API unreachable: ${error.message}${cause}`);
  }
  return error;
}

/**
 * The messenger over the Telegram Bot API (grammY's Api, one client per city bot). Files the
 * back-office uploaded are kept locally, as by the local gateway, and uploaded to the messenger
 * the first time a bot sends them; the file id it answers is reused after that, so a mailing
 * with a photo uploads the photo once, not once per recipient. File ids the messenger made
 * itself (a review's photo a customer sent) are passed through as they are.
 */
export function telegramMessenger({ db, filesDir, apiRoot, timeoutSeconds = 30 }: TelegramOptions): MessengerGateway {
  const store = localMessenger(db, filesDir);
  const clients = new Map<string, Api>();
  /** `<token>:<local id>` -> the messenger's file id of that upload. */
  const uploaded = new Map<string, string>();

  const clientFor = (token: string): Api => {
    let api = clients.get(token);
    if (!api) {
      api = new Api(token, { apiRoot, timeoutSeconds });
      api.config.use(botApiErrors);
      clients.set(token, api);
    }
    return api;
  };

  const tokenOfBot = async (botId: number | null): Promise<string> => {
    if (botId === null) throw new MessengerError('no bot speaks for this chat: the city has no bot', { permanent: true, reason: 'NO_BOT' });
    const bot = await db.selectFrom('bots').select('bot_token').where('id', '=', botId).executeTakeFirst();
    if (!bot) throw new MessengerError(`bot ${botId} does not exist`, { permanent: true, reason: 'NO_BOT' });
    return bot.bot_token;
  };

  /** A local file as an upload (until the messenger has given it an id), anything else as the messenger's own file id. */
  const mediaOf = async (token: string, fileId: string, load: (id: string) => Promise<StoredFile | null>): Promise<Media> => {
    const known = uploaded.get(`${token}:${fileId}`);
    if (known) return known;
    const local = await load(fileId);
    return local ? new InputFile(local.data, fileId) : fileId;
  };

  const remember = (token: string, media: Media, message: Message) => {
    const id = fileIdOf(message);
    if (media instanceof InputFile && id && typeof media.filename === 'string') uploaded.set(`${token}:${media.filename}`, id);
  };

  const send = async (api: Api, token: string, message: OutgoingMessage): Promise<Message[]> => {
    const { chatId, text, button } = message;
    const photos = message.photoIds && message.photoIds.length > 0 ? message.photoIds : message.photoId ? [message.photoId] : [];
    const hasMedia = photos.length > 0 || Boolean(message.videoId);
    const caption = hasMedia && text.length <= CAPTION_LIMIT ? text : undefined;
    const sent: Message[] = [];
    if (message.videoId) {
      const video = await mediaOf(token, message.videoId, store.getVideo);
      const posted = await api.sendVideo(chatId, video, { caption, ...keyboard(caption === undefined ? null : button) });
      remember(token, video, posted);
      sent.push(posted);
    } else if (photos.length === 1) {
      const photo = await mediaOf(token, photos[0], store.getPhoto);
      const posted = await api.sendPhoto(chatId, photo, { caption, ...keyboard(caption === undefined ? null : button) });
      remember(token, photo, posted);
      sent.push(posted);
    } else if (photos.length > 1) {
      const media = await Promise.all(photos.map((id) => mediaOf(token, id, store.getPhoto)));
      const posted = await api.sendMediaGroup(
        chatId,
        media.map((item, index) => ({ type: 'photo' as const, media: item, ...(index === 0 && caption ? { caption } : {}) })),
      );
      posted.forEach((one, index) => remember(token, media[index], one));
      sent.push(...posted);
    }
    // No media, or a text too long for a caption: the text as a message of its own (an album takes no button).
    if (!hasMedia || caption === undefined) sent.push(await api.sendMessage(chatId, text, keyboard(button)));
    return sent;
  };

  return {
    async sendMessage(message) {
      const token = await tokenOfBot(message.botId);
      try {
        const messageIds = (await send(clientFor(token), token, message)).map((one) => String(one.message_id));
        return { messageId: messageIds[0], messageIds };
      } catch (error) {
        throw messengerError(error);
      }
    },
    async deleteMessage({ botId, chatId, messageId }) {
      const token = await tokenOfBot(botId);
      try {
        return await clientFor(token).deleteMessage(chatId, Number(messageId));
      } catch (error) {
        // Gone already (deleted by hand, or by an earlier try): what a removal wanted.
        if (error instanceof GrammyError && error.error_code === 400 && /not found/i.test(error.description)) return false;
        throw messengerError(error);
      }
    },
    storePhoto: store.storePhoto,
    storeVideo: store.storeVideo,
    getVideo: store.getVideo,
    missingFiles: store.missingFiles,
    async getPhoto(fileId, context) {
      const local = await store.getPhoto(fileId);
      if (local || context?.cityId == null) return local;
      // A photo the messenger keeps (a customer sent it to the city's bot): getFile, then download.
      const bot = await db.selectFrom('bots').select('bot_token').where('city_id', '=', context.cityId).executeTakeFirst();
      if (!bot) return null;
      try {
        const file = await clientFor(bot.bot_token).getFile(fileId);
        if (!file.file_path || (file.file_size ?? 0) > DOWNLOAD_LIMIT) return null;
        const root = (apiRoot ?? 'https://api.telegram.org').replace(/\/$/, '');
        const response = await fetch(`${root}/file/bot${bot.bot_token}/${file.file_path}`, {
          signal: AbortSignal.timeout(timeoutSeconds * 1000),
        });
        if (!response.ok) return null;
        const mimeType = MIME_BY_EXTENSION[file.file_path.split('.').pop()?.toLowerCase() ?? ''];
        if (!mimeType) return null;
        return { data: Buffer.from(await response.arrayBuffer()), mimeType, cityId: context.cityId };
      } catch (error) {
        if (error instanceof GrammyError && error.error_code === 400) return null;
        throw messengerError(error);
      }
    },
  };
}
