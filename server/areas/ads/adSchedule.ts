import { sql, type Kysely, type Transaction } from 'kysely';
import { EventStatus } from '../../../src/domain';
import type { Database } from '../../db/schema';
import { enqueueEvent } from '../../jobs/events';

/**
 * The ad's events in the events table (the order chat's outbox and worker): `ad_publish` due at
 * the publish time, `ad_unpublish` at the unpublish time. An edit moves the pending one.
 */
export type AdEventType = 'ad_publish' | 'ad_unpublish';

const ofAd = (adId: number) => sql<boolean>`payload->>'adId' = ${String(adId)}`;

/**
 * Makes the ad's event of this type due at `runAt`: moves the pending one, or writes one.
 * 'busy' when a worker is delivering it right now (then nothing changed): the caller decides
 * whether that refuses the edit.
 */
export async function scheduleAdEvent(
  trx: Transaction<Database>,
  type: AdEventType,
  adId: number,
  runAt: Date,
): Promise<'moved' | 'written' | 'busy'> {
  const moved = await trx
    .updateTable('events')
    .set({ run_at: runAt })
    .where('type', '=', type)
    .where(ofAd(adId))
    .where('status', '=', EventStatus.PENDING)
    .returning('id')
    .execute();
  if (moved.length > 0) return 'moved';
  const busy = await trx
    .selectFrom('events')
    .select('id')
    .where('type', '=', type)
    .where(ofAd(adId))
    .where('status', '=', EventStatus.PROCESSING)
    .executeTakeFirst();
  if (busy) return 'busy';
  await enqueueEvent(trx, { type, payload: { adId } }, runAt);
  return 'written';
}

/** Drops the ad's pending events of this type (a deleted ad is not published). */
export async function cancelAdEvents(trx: Transaction<Database>, type: AdEventType, adId: number): Promise<void> {
  await trx.deleteFrom('events').where('type', '=', type).where(ofAd(adId)).where('status', '=', EventStatus.PENDING).execute();
}

const MINUTE = 60_000;

/**
 * Takes the chat's turn for this ad (city config adChatDelay: ads at least `delayMinutes`
 * apart): null when taken, else when the chat is free again. One statement, so two workers
 * never take it at once; the ad that holds it may take it again (a retried send).
 */
export async function takeChatTurn(
  db: Kysely<Database>,
  turn: { chatId: string; adId: number; at: Date; delayMinutes: number },
): Promise<Date | null> {
  const freeAgain = new Date(turn.at.getTime() + turn.delayMinutes * MINUTE);
  const taken = await db
    .insertInto('ad_chat_slots')
    .values({ chat_id: turn.chatId, next_free_at: freeAgain, ad_id: turn.adId })
    .onConflict((oc) =>
      oc
        .column('chat_id')
        .doUpdateSet({ next_free_at: freeAgain, ad_id: turn.adId })
        .where((eb) => eb.or([eb('ad_chat_slots.next_free_at', '<=', turn.at), eb('ad_chat_slots.ad_id', '=', turn.adId)])),
    )
    .returning('chat_id')
    .executeTakeFirst();
  if (taken) return null;
  const slot = await db.selectFrom('ad_chat_slots').select('next_free_at').where('chat_id', '=', turn.chatId).executeTakeFirst();
  return slot?.next_free_at ?? turn.at;
}

/** After the post: the chat is free again `delayMinutes` after it, not after the turn was taken. */
export async function notePosted(trx: Transaction<Database>, chatId: string, postedAt: Date, delayMinutes: number): Promise<void> {
  const freeAgain = new Date(postedAt.getTime() + delayMinutes * MINUTE);
  await trx
    .updateTable('ad_chat_slots')
    .set({ next_free_at: freeAgain })
    .where('chat_id', '=', chatId)
    .where('next_free_at', '<', freeAgain)
    .execute();
}
