import type { Kysely, Transaction } from 'kysely';
import type { Ad } from '../../../src/domain';
import type { Database } from '../../db/schema';

/** The ads as the API reads them (not deleted), with their restaurant and its city. */
export const selectAds = (db: Kysely<Database> | Transaction<Database>) =>
  db
    .selectFrom('advertisements as a')
    .innerJoin('restaurants as r', 'r.id', 'a.restaurant_id')
    .innerJoin('cities as c', 'c.id', 'r.city_id')
    .select([
      'a.id',
      'a.text',
      'a.restaurant_id',
      'a.telegram_chat_id',
      'a.telegram_file_ids',
      'a.video_file_id',
      'a.publish_timestamp',
      'a.unpublish_timestamp',
      'a.status',
      'a.last_error',
      'a.created_at',
      'r.name as restaurant_name',
      'r.name_ru as restaurant_name_ru',
      'r.city_id',
      'c.name as city_name',
    ])
    .where('a.deleted_at', 'is', null);

export type AdRow = Awaited<ReturnType<ReturnType<typeof selectAds>['execute']>>[number];

const iso = (value: Date) => new Date(value).toISOString();

/** The one mapping of a row to its JSON (spec section 3, Advertisement). */
export const toAd = (row: AdRow): Ad => ({
  id: row.id,
  text: row.text,
  restaurantId: row.restaurant_id,
  restaurant: { id: row.restaurant_id, name: row.restaurant_name, name_ru: row.restaurant_name_ru, cityId: row.city_id },
  publishDate: iso(row.publish_timestamp),
  unpublishDate: iso(row.unpublish_timestamp),
  publishTimestamp: iso(row.publish_timestamp),
  unpublishTimestamp: iso(row.unpublish_timestamp),
  telegramChatId: row.telegram_chat_id,
  telegramFileIds: row.telegram_file_ids,
  videoFileId: row.video_file_id,
  status: row.status,
  error: row.last_error,
  createdAt: iso(row.created_at),
});
