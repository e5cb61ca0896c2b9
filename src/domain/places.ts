import { z } from 'zod';
import { flag, id, integer, optionalText, requiredText, updateOf } from './validation';

/**
 * The places and reference data every restaurant hangs on: one zod schema per entity, the
 * fields the API takes; create and update shapes derive from it and the record types are
 * inferred from it. The form checks the same schema as the user types.
 */
const name = () => requiredText({ lessThan: 256 });
const nameRu = () => optionalText({ lessThan: 256 });

export const citySchema = z.strictObject({
  name: name(),
  name_ru: nameRu(),
  chatname: optionalText({ lessThan: 256 }),
  currency: requiredText({ pattern: { regex: /^[A-Z]{3}$/, key: 'currency' } }),
  active: flag().optional(),
});
export const cityUpdateSchema = updateOf(citySchema);
export type CityInput = z.infer<typeof citySchema>;

/** A city as the API answers it; the auth key only for those who manage the city. */
export const cityRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ru: z.string(),
  chatname: z.string(),
  currency: z.string(),
  active: z.boolean(),
  authKey: z.string().optional(),
});
export type City = z.infer<typeof cityRecord>;

/** Tags and districts are the same shape: a name and a Russian name in a city. */
const namedCityRow = z.strictObject({ cityId: id(), name: name(), name_ru: nameRu() });
export const districtSchema = namedCityRow;
export const tagSchema = namedCityRow;
/** Moving a tag or district to another city is an update like any other. */
export const namedCityRowUpdateSchema = updateOf(namedCityRow);
export const namedCityRecord = z.object({ id: z.number().int(), name: z.string(), name_ru: z.string(), cityId: z.number().int() });
export type District = z.infer<typeof namedCityRecord>;
export type Tag = z.infer<typeof namedCityRecord>;

export const cuisineSchema = z.strictObject({
  cityId: id(),
  name: name(),
  name_ru: nameRu(),
  position: integer({ min: 0, max: 1_000_000 }).nullish(),
  enabled: flag().nullish(),
});
export const cuisineUpdateSchema = updateOf(cuisineSchema);
export const cuisineRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ru: z.string(),
  position: z.number().int(),
  enabled: z.boolean(),
  cityId: z.number().int(),
  city: z.object({ id: z.number().int(), name: z.string() }),
});
export type Cuisine = z.infer<typeof cuisineRecord>;

/** A messenger bot token: the bot's numeric id, a colon and its secret. */
export const BOT_TOKEN_PATTERN = /^\d{5,12}:[A-Za-z0-9_-]{30,64}$/;

export const botSchema = z.strictObject({
  botToken: requiredText({ pattern: { regex: BOT_TOKEN_PATTERN, key: 'botToken' } }),
  cityId: id(),
});
export const botUpdateSchema = updateOf(botSchema);
export const botRecord = z.object({
  id: z.number().int(),
  botToken: z.string(),
  endpoint: z.string().nullable(),
  city: z.object({ id: z.number().int(), name: z.string(), name_ru: z.string() }),
  cityId: z.number().int(),
});
export type Bot = z.infer<typeof botRecord>;

/** A city as the bot form's city select lists it. */
export const cityOption = z.object({ id: z.number().int(), name: z.string(), name_ru: z.string() });

/** How a bot token is shown where it must not be read in full: its bot id and last characters. */
export const maskBotToken = (token: string): string => {
  const [botId, secret = ''] = token.split(':');
  return `${botId}:${'•'.repeat(8)}${secret.slice(-4)}`;
};

/** The path of the webhook this server exposes for a bot, under the public URL. */
export const botWebhookPath = (botId: number): string => `/webhook/${botId}`;
