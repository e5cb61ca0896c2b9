import type { RaRecord } from 'react-admin';

export interface Bot extends RaRecord {
  id: number;
  /** Masked in the list, in full on the bot's own screen. */
  botToken: string;
  /** Where the messenger posts the bot's updates; null while the public URL is not set. */
  endpoint: string | null;
  city: { id: number; name: string };
  cityId: number;
}

/** The spec's path of the new-bot form (its edit form is react-admin's own /bots/:id). */
export const BOT_CREATE_PATH = '/bots/add';
