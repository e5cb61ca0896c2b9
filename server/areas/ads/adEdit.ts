import type { Transaction } from 'kysely';
import { adContentEditable, adMergedProblems, AdStatus, fieldErrors, type AdUpdate } from '../../../src/domain';
import type { Database } from '../../db/schema';
import { conflict, invalidFields } from '../../errors';
import { adCityConfig } from './adConfig';
import type { AdRow } from './adRows';
import { scheduleAdEvent } from './adSchedule';
import { inFutureError, type AdRestaurant } from './adRestaurant';

/** What an update changes of the stored ad; a value equal to the stored one is no change. */
export interface AdChanges {
  text?: string;
  restaurant?: AdRestaurant;
  telegramFileIds?: string[];
  videoFileId?: string | null;
  publishTimestamp?: Date;
  unpublishTimestamp?: Date;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * The changes an update asks for. The chat is never taken from the body (the server posts to
 * the city's adChatId), and an owner's restaurant is always their own.
 */
export function changesOf(row: AdRow, body: AdUpdate, restaurant: AdRestaurant | undefined): AdChanges {
  const changes: AdChanges = {};
  if (body.text !== undefined && body.text !== row.text) changes.text = body.text;
  if (restaurant && restaurant.id !== row.restaurant_id) changes.restaurant = restaurant;
  if (body.telegramFileIds !== undefined && !sameList(body.telegramFileIds, row.telegram_file_ids))
    changes.telegramFileIds = body.telegramFileIds;
  if (body.videoFileId !== undefined && (body.videoFileId ?? null) !== row.video_file_id) changes.videoFileId = body.videoFileId ?? null;
  const publish = body.publishTimestamp === undefined ? undefined : new Date(body.publishTimestamp);
  if (publish && publish.getTime() !== new Date(row.publish_timestamp).getTime()) changes.publishTimestamp = publish;
  const unpublish = body.unpublishTimestamp === undefined ? undefined : new Date(body.unpublishTimestamp);
  if (unpublish && unpublish.getTime() !== new Date(row.unpublish_timestamp).getTime()) changes.unpublishTimestamp = unpublish;
  return changes;
}

const changesContent = (changes: AdChanges) => Object.keys(changes).some((field) => field !== 'unpublishTimestamp');

/**
 * Applies an update to the locked ad, in the caller's transaction. Before publication anything
 * may change, and the ad goes back to waiting with its publication rescheduled (also after a
 * failed one: saving it again is how it is retried). Once published only the unpublish time
 * may change, which moves its removal (and retries a failed one); once finished nothing.
 */
export async function applyAdChanges(trx: Transaction<Database>, row: AdRow, changes: AdChanges, at: Date): Promise<void> {
  if (row.status === AdStatus.FINISHED) throw conflict('AD_FINISHED');
  const editable = adContentEditable(row.status);
  if (changesContent(changes) && !editable) throw conflict('AD_CONTENT_LOCKED');

  const publish = changes.publishTimestamp ?? new Date(row.publish_timestamp);
  const unpublish = changes.unpublishTimestamp ?? new Date(row.unpublish_timestamp);
  const problems = adMergedProblems({
    publishTimestamp: publish.toISOString(),
    unpublishTimestamp: unpublish.toISOString(),
    telegramFileIds: changes.telegramFileIds ?? row.telegram_file_ids,
    videoFileId: changes.videoFileId === undefined ? row.video_file_id : changes.videoFileId,
  });
  if (problems) throw invalidFields(fieldErrors(problems));

  const fields = {
    ...(changes.text !== undefined ? { text: changes.text } : {}),
    ...(changes.restaurant ? { restaurant_id: changes.restaurant.id } : {}),
    ...(changes.telegramFileIds ? { telegram_file_ids: JSON.stringify(changes.telegramFileIds) } : {}),
    ...(changes.videoFileId !== undefined ? { video_file_id: changes.videoFileId } : {}),
    ...(changes.publishTimestamp ? { publish_timestamp: changes.publishTimestamp } : {}),
    ...(changes.unpublishTimestamp ? { unpublish_timestamp: changes.unpublishTimestamp } : {}),
  };

  if (editable) {
    // Rescheduled, so it must still have a time to be shown in, and a chat to go to.
    if (unpublish <= at) throw inFutureError('unpublishTimestamp');
    const city = changes.restaurant ?? { cityId: row.city_id, cityName: row.city_name };
    const config = await adCityConfig(trx, city.cityId);
    if (config.chatId === null) throw conflict('AD_NO_CHAT', { city: city.cityName });
    await trx
      .updateTable('advertisements')
      .set({ ...fields, telegram_chat_id: config.chatId, status: AdStatus.CREATED, last_error: null })
      .where('id', '=', row.id)
      .execute();
    if ((await scheduleAdEvent(trx, 'ad_publish', row.id, publish)) === 'busy') throw conflict('AD_BUSY');
    return;
  }
  if (!changes.unpublishTimestamp) return;
  await trx
    .updateTable('advertisements')
    .set({ ...fields, status: AdStatus.PUBLISHED, last_error: null })
    .where('id', '=', row.id)
    .execute();
  if ((await scheduleAdEvent(trx, 'ad_unpublish', row.id, unpublish)) === 'busy') throw conflict('AD_BUSY');
}
