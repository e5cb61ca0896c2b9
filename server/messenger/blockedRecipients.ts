import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { MessengerError } from './gateway';

/**
 * Sends through `send`; when the messenger says the recipient blocked the bot (403), marks the
 * customer with that chat id as blocked (the statistics count them by `blocked_at`) before the
 * error goes on to the worker, which fails the event for good.
 */
export async function noteBlockedRecipient<T>(db: Kysely<Database>, chatId: string, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof MessengerError && error.blocked && /^\d{1,18}$/.test(chatId)) {
      await db
        .updateTable('users')
        .set((eb) => ({ blocked: true, blocked_at: eb.fn.coalesce('blocked_at', eb.fn<Date>('now', [])) }))
        .where('telegram_id', '=', Number(chatId))
        .execute();
    }
    throw error;
  }
}
