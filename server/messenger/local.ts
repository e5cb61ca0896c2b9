import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { FILE_ID_PATTERN } from '../../src/domain';
import type { Database } from '../db/schema';
import type { MessengerGateway } from './gateway';

/**
 * The default gateway: a sent message is a row of messenger_outbox, photos are files in `dir`,
 * listed in the stored_files table.
 */
export function localMessenger(db: Kysely<Database>, dir: string): MessengerGateway {
  return {
    async sendMessage({ botId, chatId, text, photoId, button }) {
      const row = await db
        .insertInto('messenger_outbox')
        .values({ bot_id: botId, chat_id: chatId, text, photo_id: photoId ?? null, button: button ? JSON.stringify(button) : undefined })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { messageId: String(row.id) };
    },
    async storePhoto({ data, mimeType, cityId }) {
      const id = randomBytes(18).toString('base64url');
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, id), data);
      await db.insertInto('stored_files').values({ id, city_id: cityId, mime_type: mimeType, size: data.length }).execute();
      return id;
    },
    async getPhoto(fileId) {
      if (!FILE_ID_PATTERN.test(fileId)) return null;
      const row = await db.selectFrom('stored_files').select(['mime_type', 'city_id']).where('id', '=', fileId).executeTakeFirst();
      if (!row) return null;
      try {
        return { data: await readFile(join(dir, fileId)), mimeType: row.mime_type, cityId: row.city_id };
      } catch {
        return null;
      }
    },
  };
}
