import type { Kysely } from 'kysely';
import { AdStatus } from '../../../src/domain';
import { AD_CHAT_KEY, adCityConfig } from './adConfig';
import { notePosted, takeChatTurn } from './adSchedule';
import type { Database } from '../../db/schema';
import { MessengerError, type MessengerGateway } from '../../messenger/gateway';
import { DeliveryDeferred } from '../../jobs/deliveryDeferred';
import type { EventHandler } from '../../jobs/eventHandler';
import { enqueueEvent } from '../../jobs/events';

/** How often an ad waiting for its images looks for them again. */
export const IMAGE_RECHECK_SECONDS = 30;

interface Deps {
  db: Kysely<Database>;
  messenger: MessengerGateway;
  now: () => Date;
}

/** A payload that can never be delivered: trying again would not change it. */
const undeliverable = (reason: string) => new MessengerError(reason, { permanent: true });

const adIdOf = (payload: Record<string, unknown>): number => {
  const id = payload.adId;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw undeliverable(`payload has no adId: ${JSON.stringify(payload)}`);
  return id;
};

const UNPUBLISHED = [AdStatus.CREATED, AdStatus.WAITING_FOR_IMAGE];

const loadAd = (db: Kysely<Database>, adId: number) =>
  db
    .selectFrom('advertisements as a')
    .innerJoin('restaurants as r', 'r.id', 'a.restaurant_id')
    .leftJoin('bots as b', 'b.city_id', 'r.city_id')
    .select([
      'a.text',
      'a.status',
      'a.telegram_chat_id',
      'a.telegram_file_ids',
      'a.video_file_id',
      'a.publish_timestamp',
      'a.unpublish_timestamp',
      'a.published_message_ids',
      'a.deleted_at',
      'r.city_id',
      'b.id as bot_id',
    ])
    .where('a.id', '=', adId)
    .executeTakeFirst();

/**
 * Keeps the publication, right after the messenger took it (not in `delivered`, which runs
 * only while this worker still holds the event: the post is out either way, and an ad whose
 * message ids were lost could never be removed). Conditional on the ad still waiting, so a
 * second delivery of the event finds it published and posts nothing. The removal is due at the
 * unpublish time, or at once when the ad was deleted meanwhile.
 */
async function recordPublished(
  db: Kysely<Database>,
  adId: number,
  post: { chatId: string; messageIds: string[]; at: Date; delayMinutes: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const ad = await trx
      .updateTable('advertisements')
      .set({
        status: AdStatus.PUBLISHED,
        published_message_ids: JSON.stringify(post.messageIds),
        telegram_chat_id: post.chatId,
        last_error: null,
      })
      .where('id', '=', adId)
      .where('status', 'in', UNPUBLISHED)
      .returning(['unpublish_timestamp', 'deleted_at'])
      .executeTakeFirst();
    if (!ad) return false;
    await notePosted(trx, post.chatId, post.at, post.delayMinutes);
    await enqueueEvent(trx, { type: 'ad_unpublish', payload: { adId } }, ad.deleted_at ? post.at : ad.unpublish_timestamp);
    return true;
  });
}

/**
 * `ad_publish`: at the publish time, posts the ad to its city's ad chat (city config adChatId):
 * the text with its photos as one album, or with its video. Waits (a deferral, not a failed
 * attempt) for files the messenger does not hold yet (status waitingForImage) and for the
 * chat's turn (adChatDelay); fails for good once the unpublish time has passed.
 */
export function adPublishEvent({ db, messenger, now }: Deps): EventHandler {
  return {
    async deliver(payload) {
      const adId = adIdOf(payload);
      const ad = await loadAd(db, adId);
      if (!ad) throw undeliverable(`ad ${adId} does not exist`);
      // Deleted, or published already by an earlier delivery of this event: nothing to post.
      if (ad.deleted_at !== null || !UNPUBLISHED.some((status) => status === ad.status)) return;
      const at = now();
      if (at < ad.publish_timestamp) throw new DeliveryDeferred(ad.publish_timestamp, 'before the publish time');

      const files = [...ad.telegram_file_ids, ...(ad.video_file_id ? [ad.video_file_id] : [])];
      const missing = files.length > 0 ? await messenger.missingFiles(files) : [];
      if (at >= ad.unpublish_timestamp) {
        throw undeliverable(
          missing.length > 0
            ? `the files ${missing.join(', ')} had not arrived by the unpublish time`
            : 'the unpublish time passed before the ad could be published',
        );
      }
      if (missing.length > 0) {
        await db
          .updateTable('advertisements')
          .set({ status: AdStatus.WAITING_FOR_IMAGE })
          .where('id', '=', adId)
          .where('status', '=', AdStatus.CREATED)
          .execute();
        const recheck = Math.min(at.getTime() + IMAGE_RECHECK_SECONDS * 1000, ad.unpublish_timestamp.getTime());
        throw new DeliveryDeferred(new Date(recheck), `waiting for ${missing.join(', ')}`);
      }

      const config = await adCityConfig(db, ad.city_id);
      if (config.chatId === null) throw undeliverable(`the city has no ${AD_CHAT_KEY}`);
      const busyUntil = await takeChatTurn(db, { chatId: config.chatId, adId, at, delayMinutes: config.delayMinutes });
      if (busyUntil) throw new DeliveryDeferred(busyUntil, 'the chat had an ad less than adChatDelay ago');

      const sent = await messenger.sendMessage({
        botId: ad.bot_id,
        chatId: config.chatId,
        text: ad.text,
        photoIds: ad.telegram_file_ids,
        videoId: ad.video_file_id,
        button: null,
      });
      const post = { chatId: config.chatId, messageIds: sent.messageIds, at: now(), delayMinutes: config.delayMinutes };
      if (await recordPublished(db, adId, post)) return;
      // Another delivery published it while this one was sending: take this copy back.
      for (const messageId of sent.messageIds) await messenger.deleteMessage({ botId: ad.bot_id, chatId: config.chatId, messageId });
    },
    async delivered() {},
    async failed(trx, payload, failure) {
      if (!failure.final || typeof payload.adId !== 'number') return;
      await trx
        .updateTable('advertisements')
        .set({ status: AdStatus.PUBLISH_FAILED, last_error: failure.error })
        .where('id', '=', payload.adId)
        .where('status', 'in', UNPUBLISHED)
        .execute();
    },
  };
}

/**
 * `ad_unpublish`: at the unpublish time (or at once for a deleted ad), deletes the ad's
 * messages from the chat; finished, or unpublishFailed with the messenger's reason.
 */
export function adUnpublishEvent({ db, messenger, now }: Deps): EventHandler {
  return {
    async deliver(payload) {
      const adId = adIdOf(payload);
      const ad = await loadAd(db, adId);
      if (!ad) throw undeliverable(`ad ${adId} does not exist`);
      if (ad.status !== AdStatus.PUBLISHED) return;
      if (ad.deleted_at === null && now() < ad.unpublish_timestamp)
        throw new DeliveryDeferred(ad.unpublish_timestamp, 'before the unpublish time');
      if (ad.telegram_chat_id === null) throw undeliverable('the ad has no chat to remove it from');
      // A message deleted already (an earlier attempt got that far) answers false, not an error.
      for (const messageId of ad.published_message_ids) {
        await messenger.deleteMessage({ botId: ad.bot_id, chatId: ad.telegram_chat_id, messageId });
      }
    },
    async delivered(trx, payload) {
      await trx
        .updateTable('advertisements')
        .set({ status: AdStatus.FINISHED, last_error: null })
        .where('id', '=', adIdOf(payload))
        .where('status', '=', AdStatus.PUBLISHED)
        .execute();
    },
    async failed(trx, payload, failure) {
      if (!failure.final || typeof payload.adId !== 'number') return;
      await trx
        .updateTable('advertisements')
        .set({ status: AdStatus.UNPUBLISH_FAILED, last_error: failure.error })
        .where('id', '=', payload.adId)
        .where('status', '=', AdStatus.PUBLISHED)
        .execute();
    },
  };
}
