import type { Schema } from './validation';

/**
 * The forms of the places and reference data every restaurant hangs on: one schema per form,
 * checked by the form as the user types and by the route before anything is written.
 */
const NAME = { type: 'string', required: true, lessThan: 256 } as const;
const NAME_RU = { type: 'string', lessThan: 256 } as const;

export const citySchema: Schema = {
  name: NAME,
  name_ru: NAME_RU,
  chatname: { type: 'string', lessThan: 256 },
  currency: { type: 'string', required: true, pattern: { regex: /^[A-Z]{3}$/, key: 'validation.currency' } },
  active: { type: 'boolean' },
};

export const districtSchema: Schema = {
  cityId: { type: 'id', required: true },
  name: NAME,
  name_ru: NAME_RU,
};

export const tagSchema: Schema = {
  cityId: { type: 'id', required: true },
  name: NAME,
  name_ru: NAME_RU,
};

export const cuisineSchema: Schema = {
  cityId: { type: 'id', required: true },
  name: NAME,
  name_ru: NAME_RU,
  position: { type: 'integer', min: 0, max: 1_000_000 },
  enabled: { type: 'boolean' },
};

/** A messenger bot token: the bot's numeric id, a colon and its secret. */
export const BOT_TOKEN_PATTERN = /^\d{5,12}:[A-Za-z0-9_-]{30,64}$/;

export const botSchema: Schema = {
  botToken: { type: 'string', required: true, pattern: { regex: BOT_TOKEN_PATTERN, key: 'validation.botToken' } },
  cityId: { type: 'id', required: true },
};

/** How a bot token is shown where it must not be read in full: its bot id and last characters. */
export const maskBotToken = (token: string): string => {
  const [botId, secret = ''] = token.split(':');
  return `${botId}:${'•'.repeat(8)}${secret.slice(-4)}`;
};

/** The path of the webhook this server exposes for a bot, under the public URL. */
export const botWebhookPath = (botId: number): string => `/webhook/${botId}`;
