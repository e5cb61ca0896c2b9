import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { retryLater, type HttpError } from '../../errors';

/**
 * An owner's pause between ads (city config adChatGap): the seconds until the restaurant's last
 * ad, by its creation, is `gapMinutes` old; 0 when it may post now.
 */
export async function adTimeoutSeconds(
  db: Kysely<Database> | Transaction<Database>,
  restaurantId: number,
  gapMinutes: number,
  at: Date,
): Promise<number> {
  if (gapMinutes <= 0) return 0;
  const last = await db
    .selectFrom('advertisements')
    .select('created_at')
    .where('restaurant_id', '=', restaurantId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last) return 0;
  const left = new Date(last.created_at).getTime() + gapMinutes * 60_000 - at.getTime();
  return Math.max(0, Math.ceil(left / 1000));
}

/** 429 AD_TIMEOUT with the time left, in minutes (rounded up) and seconds, and Retry-After. */
export const adTimeoutError = (seconds: number): HttpError => {
  return retryLater(429, 'AD_TIMEOUT', seconds, { minutes: Math.ceil(seconds / 60), seconds });
};
