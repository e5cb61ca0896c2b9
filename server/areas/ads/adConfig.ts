import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** The city config keys of the ads (spec section 3): the chat, and the owners' and the chat's pauses in minutes. */
export const AD_CHAT_KEY = 'adChatId';
export const AD_GAP_KEY = 'adChatGap';
export const AD_DELAY_KEY = 'adChatDelay';

export interface AdCityConfig {
  /** Where the city's ads are posted; null when the city has none. */
  chatId: string | null;
  /** Minutes an owner waits after their restaurant's last ad before creating the next. */
  gapMinutes: number;
  /** Minutes between two ads posted in the chat. */
  delayMinutes: number;
}

/** A whole number of minutes; anything else (unset, empty, not a number) is no pause. */
const minutes = (value: string | undefined): number => (value !== undefined && /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : 0);

export async function adCityConfig(db: Kysely<Database> | Transaction<Database>, cityId: number): Promise<AdCityConfig> {
  const rows = await db
    .selectFrom('city_configs')
    .select(['key', 'value'])
    .where('city_id', '=', cityId)
    .where('key', 'in', [AD_CHAT_KEY, AD_GAP_KEY, AD_DELAY_KEY])
    .execute();
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  const chatId = value(AD_CHAT_KEY)?.trim() ?? '';
  return { chatId: chatId === '' ? null : chatId, gapMinutes: minutes(value(AD_GAP_KEY)), delayMinutes: minutes(value(AD_DELAY_KEY)) };
}
