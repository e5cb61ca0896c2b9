import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { FILE_ID_PATTERN } from '../../src/domain';
import type { Database } from '../db/schema';
import type { MessengerGateway, StoredFile } from './gateway';

/** A message id of the local messenger: a messenger_outbox row's id (bigint). */
const OUTBOX_ID = /^[1-9]\d{0,17}$/;

/**
 * The default gateway: a sent message is a row of messenger_outbox (an album one row per
 * photo, as the messenger makes it one message per photo; a deleted message gets deleted_at),
 * photos and videos are files in `dir`, listed in the stored_files table.
 */
export function localMessenger(db: Kysely<Database>, dir: string): MessengerGateway {
  const store = async ({ data, mimeType, cityId }: StoredFile & { cityId: number | null }) => {
    const id = randomBytes(18).toString('base64url');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, id), data);
    await db.insertInto('stored_files').values({ id, city_id: cityId, mime_type: mimeType, size: data.length }).execute();
    return id;
  };

  /** A stored file of the given kind (`image/`, `video/`), or null. */
  const load = async (fileId: string, kind: string) => {
    if (!FILE_ID_PATTERN.test(fileId)) return null;
    const row = await db.selectFrom('stored_files').select(['mime_type', 'city_id']).where('id', '=', fileId).executeTakeFirst();
    if (!row || !row.mime_type.startsWith(kind)) return null;
    try {
      return { data: await readFile(join(dir, fileId)), mimeType: row.mime_type, cityId: row.city_id };
    } catch {
      return null;
    }
  };

  return {
    async sendMessage({ botId, chatId, text, photoId, photoIds, videoId, button }) {
      const photos: readonly (string | null)[] = photoIds && photoIds.length > 0 ? photoIds : [photoId ?? null];
      const messageIds: string[] = [];
      for (const [index, photo] of photos.entries()) {
        const first = index === 0;
        const row = await db
          .insertInto('messenger_outbox')
          .values({
            bot_id: botId,
            chat_id: chatId,
            text: first ? text : null,
            photo_id: photo,
            video_id: first ? (videoId ?? null) : null,
            button: button && photos.length === 1 ? JSON.stringify(button) : undefined,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        messageIds.push(String(row.id));
      }
      return { messageId: messageIds[0], messageIds };
    },
    async deleteMessage({ chatId, messageId }) {
      if (!OUTBOX_ID.test(messageId)) return false;
      const deleted = await db
        .updateTable('messenger_outbox')
        .set({ deleted_at: new Date() })
        .where('id', '=', messageId)
        .where('chat_id', '=', chatId)
        .where('deleted_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return deleted !== undefined;
    },
    storePhoto: store,
    getPhoto: (fileId) => load(fileId, 'image/'),
    storeVideo: store,
    getVideo: (fileId) => load(fileId, 'video/'),
    async missingFiles(fileIds) {
      const valid = fileIds.filter((id) => FILE_ID_PATTERN.test(id));
      const stored = valid.length === 0 ? [] : await db.selectFrom('stored_files').select('id').where('id', 'in', valid).execute();
      const found = new Set(stored.map((row) => row.id));
      return fileIds.filter((id) => !found.has(id));
    },
  };
}
