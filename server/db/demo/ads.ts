import type { InsertObject, Transaction } from 'kysely';
import { AdStatus } from '../../../src/domain/statuses';
import type { Database } from '../schema';
import { AD_TEXTS } from './catalog';
import type { Random } from './random';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const STATUSES = [
  AdStatus.CREATED,
  AdStatus.PUBLISHED,
  AdStatus.FINISHED,
  AdStatus.PUBLISH_FAILED,
  AdStatus.UNPUBLISH_FAILED,
  AdStatus.WAITING_FOR_IMAGE,
] as const;

const PUBLISHED_ONCE: readonly number[] = [AdStatus.PUBLISHED, AdStatus.FINISHED, AdStatus.UNPUBLISH_FAILED];

const ERRORS: Partial<Record<number, string>> = {
  [AdStatus.PUBLISH_FAILED]: 'Bot API 400: Bad Request: chat not found',
  [AdStatus.UNPUBLISH_FAILED]: "Bot API 400: Bad Request: message can't be deleted",
};

export interface DemoAdsInput {
  restaurants: readonly { id: number; name: string }[];
  /** Who created the restaurant's ads: its owner, else an admin. */
  authorOf: (restaurantId: number) => number | null;
  now: number;
  rnd: Random;
}

/**
 * Ads in every status, consistent with what the scheduler would have left: the chat is the
 * city's adChatId; what was posted has its messages in the local messenger's outbox (deleted
 * for finished ads); an ad waiting for its image names a file not uploaded yet; and what is
 * still to happen has its event, so a fresh start publishes and removes them on time. The
 * random stream is drawn as before, so the data after the ads stays the same.
 */
export async function seedDemoAds(trx: Transaction<Database>, { restaurants, authorOf, now, rnd }: DemoAdsInput): Promise<void> {
  const chats = await trx.selectFrom('city_configs').select(['city_id', 'value']).where('key', '=', 'adChatId').execute();
  const cities = await trx.selectFrom('restaurants').select(['id', 'city_id']).execute();
  const chatOf = (restaurantId: number) => {
    const cityId = cities.find((row) => row.id === restaurantId)?.city_id;
    return chats.find((row) => row.city_id === cityId)?.value || null;
  };

  const rows: InsertObject<Database, 'advertisements'>[] = [];
  const events: InsertObject<Database, 'events'>[] = [];
  const posted: { ad: number; chat: string; text: string; finished: boolean }[] = [];
  restaurants.forEach((restaurant, r) => {
    const count = r === 0 ? STATUSES.length : rnd.int(1, 2);
    for (let k = 0; k < count; k++) {
      const status = r === 0 ? STATUSES[k] : rnd.pick(STATUSES);
      const start =
        status === AdStatus.CREATED
          ? now + rnd.int(1, 10) * DAY
          : status === AdStatus.WAITING_FOR_IMAGE
            ? now - rnd.int(1, 10) * HOUR
            : status === AdStatus.PUBLISHED || status === AdStatus.UNPUBLISH_FAILED
              ? now - rnd.int(1, 3) * DAY
              : now - rnd.int(10, 60) * DAY;
      const end =
        status === AdStatus.FINISHED || status === AdStatus.PUBLISH_FAILED
          ? start + rnd.int(2, 7) * DAY
          : status === AdStatus.UNPUBLISH_FAILED
            ? now - HOUR
            : start + rnd.int(3, 14) * DAY;
      const id = rows.length + 1;
      const text = `${rnd.pick(AD_TEXTS)}\n${restaurant.name}`;
      // Ads posted before their city lost its chat keep the chat they went to.
      const formerChat = `-100${rnd.token(10, '0123456789')}`;
      const chat = chatOf(restaurant.id) ?? formerChat;
      if (PUBLISHED_ONCE.includes(status)) {
        rnd.int(1000, 99999);
        posted.push({ ad: id, chat, text, finished: status === AdStatus.FINISHED });
      }
      rows.push({
        id,
        restaurant_id: restaurant.id,
        text,
        telegram_chat_id: status === AdStatus.CREATED || status === AdStatus.WAITING_FOR_IMAGE ? chatOf(restaurant.id) : chat,
        telegram_file_ids: status === AdStatus.WAITING_FOR_IMAGE ? JSON.stringify([`demoImageNotUploaded${id}`]) : '[]',
        publish_timestamp: new Date(start),
        unpublish_timestamp: new Date(end),
        status,
        last_error: ERRORS[status] ?? null,
        created_by: authorOf(restaurant.id),
        created_at: new Date(Math.min(start, now) - rnd.int(1, 5) * DAY),
      });
      const payload = JSON.stringify({ adId: id });
      if (status === AdStatus.CREATED || status === AdStatus.WAITING_FOR_IMAGE) {
        events.push({ type: 'ad_publish', payload, run_at: new Date(start) });
      } else if (status === AdStatus.PUBLISHED) {
        events.push({ type: 'ad_unpublish', payload, run_at: new Date(end) });
      }
    }
  });
  // What was posted is in the outbox first, so that each ad is written once with its message's id.
  if (posted.length > 0) {
    const messages = await trx
      .insertInto('messenger_outbox')
      .values(
        posted.map((post) => ({
          bot_id: null,
          chat_id: post.chat,
          text: post.text,
          photo_id: null,
          deleted_at: post.finished ? new Date(now) : null,
        })),
      )
      .returning('id')
      .execute();
    posted.forEach((post, i) => {
      rows[post.ad - 1].published_message_ids = JSON.stringify([String(messages[i].id)]);
    });
  }
  await trx.insertInto('advertisements').values(rows).execute();

  if (events.length > 0) await trx.insertInto('events').values(events).execute();
}
