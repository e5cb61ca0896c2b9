import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Work for the messenger, written in the same transaction as the row it belongs to (DESIGN
 * section 1: nothing is sent from inside a request). The event worker (./eventWorker.ts)
 * delivers it with retries; the row's status is the spec's event status.
 */
export type OutgoingEvent =
  /** `order_message`: deliver the order chat message `payload.messageId`. */
  | { type: 'order_message'; payload: { messageId: number } }
  /** `review_publish`: post the review `payload.reviewId` to its city's review channel. */
  | { type: 'review_publish'; payload: { reviewId: number } }
  /** `review_answer`: send the answer of the review `payload.reviewId` to its author. */
  | { type: 'review_answer'; payload: { reviewId: number } }
  /** `ad_publish`: post the ad `payload.adId` to its city's ad chat, due at its publish time. */
  | { type: 'ad_publish'; payload: { adId: number } }
  /** `ad_unpublish`: delete the ad's messages from the chat, due at its unpublish time. */
  | { type: 'ad_unpublish'; payload: { adId: number } }
  /** `restaurant_unpause`: clear the restaurant's ended pause, due at its end. */
  | { type: 'restaurant_unpause'; payload: { restaurantId: number } }
  /** `demo_traffic`: the demo's next moment of orders and chats (./demoTraffic.ts), due at its time. */
  | { type: 'demo_traffic'; payload: Record<string, never> }
  /** `notifications_purge`: delete the notifications past their retention, then schedule the next purge. */
  | { type: 'notifications_purge'; payload: Record<string, never> }
  /** `order_timers`: escalate the late orders, then again a few seconds later (server/areas/orders/orderTimerJob.ts); one at a time. */
  | { type: 'order_timers'; payload: Record<string, never> };

/** Writes the event; `runAt` makes it due later (by default at once). */
export async function enqueueEvent(db: Kysely<Database> | Transaction<Database>, event: OutgoingEvent, runAt?: Date): Promise<void> {
  await db
    .insertInto('events')
    .values({ type: event.type, payload: JSON.stringify(event.payload), ...(runAt ? { run_at: runAt } : {}) })
    .execute();
}
