import type { Kysely } from 'kysely';
import { reviewStars } from '../../../src/domain';
import type { Database } from '../../db/schema';
import { MessengerError, type MessengerGateway } from '../../messenger/gateway';
import type { EventHandler } from '../../jobs/eventHandler';

/** The city config key of the channel that published reviews go to (spec section 3). */
export const REVIEW_CHANNEL_KEY = 'reviewChannelId';

/** A payload that can never be delivered: trying again would not change it. */
const undeliverable = (reason: string) => new MessengerError(reason, { permanent: true });

const reviewIdOf = (payload: Record<string, unknown>): number => {
  const id = payload.reviewId;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw undeliverable(`payload has no reviewId: ${JSON.stringify(payload)}`);
  return id;
};

interface Deps {
  db: Kysely<Database>;
  messenger: MessengerGateway;
  /** When an answer counts as sent; the system clock by default. */
  now?: () => Date;
}

/** A review with what its delivery needs: the order's city bot, channel and author. */
const loadReview = (db: Kysely<Database>, reviewId: number) =>
  db
    .selectFrom('reviews as rv')
    .innerJoin('orders as o', 'o.id', 'rv.order_id')
    .innerJoin('restaurants as r', 'r.id', 'o.restaurant_id')
    .leftJoin('users as author', 'author.id', 'o.user_id')
    .leftJoin('bots as b', 'b.city_id', 'o.city_id')
    .leftJoin('city_configs as channel', (join) =>
      join.onRef('channel.city_id', '=', 'o.city_id').on('channel.key', '=', REVIEW_CHANNEL_KEY),
    )
    .select([
      'rv.text',
      'rv.rating',
      'rv.answer',
      'rv.telegram_file_id',
      'rv.published_at',
      'rv.deleted_at',
      'rv.channel_message_id',
      'rv.answer_sent_at',
      'r.name as restaurant_name',
      'author.telegram_id as author_chat',
      'b.id as bot_id',
      'channel.value as channel_id',
    ])
    .where('rv.id', '=', reviewId)
    .executeTakeFirst();

/** The channel post of a review: its stars, its text and the restaurant. */
export const reviewPostText = (review: { rating: number; text: string | null; restaurantName: string }): string =>
  [reviewStars(review.rating), review.text ?? '', `— ${review.restaurantName}`].filter((part) => part.trim() !== '').join('\n\n');

/** The answer as its author receives it: the restaurant's answer under the review it answers. */
export const reviewAnswerText = (review: { text: string | null; answer: string; restaurantName: string }): string =>
  [review.text ? `«${review.text}»` : '', `${review.restaurantName}: ${review.answer}`].filter((part) => part !== '').join('\n\n');

/**
 * The marks are written as soon as the messenger has taken the message, not in `delivered`:
 * that hook runs only while this worker still holds the event, and the post is out whether it
 * does or not. A later delivery of the same event then sends nothing. Only a process that dies
 * between the messenger's answer and this one UPDATE can still post twice.
 */
const markPosted = (db: Kysely<Database>, reviewId: number, messageId: string) =>
  db
    .updateTable('reviews')
    .set({ channel_message_id: messageId })
    .where('id', '=', reviewId)
    .where('channel_message_id', 'is', null)
    .execute();

const markAnswerSent = (db: Kysely<Database>, reviewId: number, at: Date) =>
  db.updateTable('reviews').set({ answer_sent_at: at }).where('id', '=', reviewId).where('answer_sent_at', 'is', null).execute();

const noBookkeeping = { delivered: async () => {}, failed: async () => {} };

/** `review_publish`: posts the review to its city's review channel (city config `reviewChannelId`). */
export function reviewPublishEvent({ db, messenger }: Deps): EventHandler {
  return {
    async deliver(payload) {
      const reviewId = reviewIdOf(payload);
      const row = await loadReview(db, reviewId);
      if (!row) throw undeliverable(`review ${reviewId} does not exist`);
      // Deleted since it was published: the channel does not get it. Posted already: once is enough.
      if (row.deleted_at !== null || row.channel_message_id !== null) return;
      const channel = row.channel_id?.trim() ?? '';
      if (channel === '') throw undeliverable(`the city of review ${reviewId} has no ${REVIEW_CHANNEL_KEY}`);
      const sent = await messenger.sendMessage({
        botId: row.bot_id,
        chatId: channel,
        text: reviewPostText({ rating: row.rating, text: row.text, restaurantName: row.restaurant_name }),
        photoId: row.telegram_file_id,
        button: null,
      });
      await markPosted(db, reviewId, sent.messageId);
    },
    ...noBookkeeping,
  };
}

/** `review_answer`: sends the review's answer to its author (the order's customer). */
export function reviewAnswerEvent({ db, messenger, now = () => new Date() }: Deps): EventHandler {
  return {
    async deliver(payload) {
      const reviewId = reviewIdOf(payload);
      const row = await loadReview(db, reviewId);
      if (!row) throw undeliverable(`review ${reviewId} does not exist`);
      if (row.answer === null) throw undeliverable(`review ${reviewId} has no answer`);
      // The author has it already: a second delivery of the event sends nothing.
      if (row.answer_sent_at !== null) return;
      if (row.author_chat === null) throw undeliverable(`the author of review ${reviewId} has no telegram id`);
      await messenger.sendMessage({
        botId: row.bot_id,
        chatId: String(row.author_chat),
        text: reviewAnswerText({ text: row.text, answer: row.answer, restaurantName: row.restaurant_name }),
        button: null,
      });
      await markAnswerSent(db, reviewId, now());
    },
    ...noBookkeeping,
  };
}
