import { z } from 'zod';
import { LOCALES } from './constants';
import { Role, type RoleId } from './roles';
import { PaymentsMode } from './statuses';
import {
  CONTROL_CHARACTERS,
  formMessage,
  LONE_SURROGATE,
  renderMessage,
  type FieldError,
  type FormErrors,
  type Problem,
} from './validationMessages';

/** The configuration keys every city carries (spec section 3), read and written as pairs. */
export const CITY_CONFIG_KEYS = [
  'cityLocales',
  'hideMoney',
  'cityDisabledReason',
  'showOpenNow',
  'showTopTen',
  'showInfoButton',
  'showTagsButton',
  'deliveryCostJump',
  'annoyRestaurants',
  'telegramPaymentsStatus',
  'roundUpDeliveryCost',
  'providerToken',
  'exchangeRate',
  'serviceFeeMultiplier',
  'cityVat',
  'deliveryCostJumpStart',
  'deliveryCostJumpEnd',
  'deliveryCostJumpAmount',
  'deliveryDiscountPercent',
  'deliveryAfterDiscountMin',
  'topInterval',
  'infoButtonTextEn',
  'infoButtonTextRu',
  'infoButtonContentEn',
  'infoButtonContentRu',
  'deliveryMultiplier',
  'timeShift',
  'mixPanelToken',
  'defaultImageId',
  'notifyChannelId',
  'courierChannelId',
  'adChatId',
  'reviewChannelId',
  'adChatGap',
  'adChatDelay',
] as const;
export type CityConfigKey = (typeof CITY_CONFIG_KEYS)[number];
export const isCityConfigKey = (key: string): key is CityConfigKey => (CITY_CONFIG_KEYS as readonly string[]).includes(key);

/** Config as the API carries it: every value a string, an empty string for "not set". */
export type CityConfig = Partial<Record<CityConfigKey, string>>;

export type ConfigInput = 'toggle' | 'number' | 'integer' | 'text' | 'longText' | 'time' | 'select' | 'locales' | 'photo';

export type ConfigGroupId = 'general' | 'topTen' | 'infoButton' | 'delivery' | 'costJump' | 'channels' | 'payments';

export interface ConfigField {
  key: CityConfigKey;
  input: ConfigInput;
  group: ConfigGroupId;
  min?: number;
  max?: number;
  /** select: the allowed values. */
  options?: readonly string[];
  /** An example shown in the empty input (spec section 9). */
  placeholder?: string;
}

const f = (key: CityConfigKey, input: ConfigInput, group: ConfigGroupId, extra: Partial<ConfigField> = {}): ConfigField => ({
  key,
  input,
  group,
  ...extra,
});

/** Every config key with its input, in the order and groups of the city form. */
export const CONFIG_FIELDS: readonly ConfigField[] = [
  f('cityLocales', 'locales', 'general'),
  f('cityDisabledReason', 'longText', 'general'),
  f('hideMoney', 'toggle', 'general'),
  f('showOpenNow', 'toggle', 'general'),
  f('showTagsButton', 'toggle', 'general'),
  f('annoyRestaurants', 'toggle', 'general'),
  f('timeShift', 'integer', 'general', { min: -12, max: 14, placeholder: '3' }),
  f('mixPanelToken', 'text', 'general'),
  f('defaultImageId', 'photo', 'general'),
  f('showTopTen', 'toggle', 'topTen'),
  f('topInterval', 'integer', 'topTen', { min: 1, max: 365, placeholder: '7' }),
  f('showInfoButton', 'toggle', 'infoButton'),
  f('infoButtonTextEn', 'text', 'infoButton'),
  f('infoButtonTextRu', 'text', 'infoButton'),
  f('infoButtonContentEn', 'longText', 'infoButton'),
  f('infoButtonContentRu', 'longText', 'infoButton'),
  f('deliveryMultiplier', 'number', 'delivery', { min: 0, placeholder: '1.75' }),
  f('roundUpDeliveryCost', 'toggle', 'delivery'),
  f('deliveryDiscountPercent', 'number', 'delivery', { min: 0, max: 10, placeholder: '5' }),
  f('deliveryAfterDiscountMin', 'number', 'delivery', { min: 1, max: 10, placeholder: '2' }),
  f('deliveryCostJump', 'toggle', 'costJump'),
  f('deliveryCostJumpStart', 'time', 'costJump', { placeholder: '22:00' }),
  f('deliveryCostJumpEnd', 'time', 'costJump', { placeholder: '06:00' }),
  f('deliveryCostJumpAmount', 'number', 'costJump', { min: 0, placeholder: '1500' }),
  f('notifyChannelId', 'text', 'channels', { placeholder: '-1001234567890' }),
  f('courierChannelId', 'text', 'channels', { placeholder: '-1001234567890' }),
  f('reviewChannelId', 'text', 'channels', { placeholder: '-1001234567890' }),
  f('adChatId', 'text', 'channels', { placeholder: '-1001234567890' }),
  f('adChatGap', 'integer', 'channels', { min: 0, placeholder: '30' }),
  f('adChatDelay', 'integer', 'channels', { min: 0, placeholder: '5' }),
  f('telegramPaymentsStatus', 'select', 'payments', { options: ['0', '1', '2'] }),
  f('providerToken', 'text', 'payments'),
  f('exchangeRate', 'number', 'payments', { min: 0, placeholder: '60' }),
  f('serviceFeeMultiplier', 'number', 'payments', { min: 0, max: 1, placeholder: '0.035' }),
  f('cityVat', 'number', 'payments', { min: 0, max: 1, placeholder: '0.21' }),
];

export const CONFIG_FIELD: Record<CityConfigKey, ConfigField> = Object.fromEntries(
  CONFIG_FIELDS.map((field) => [field.key, field]),
) as Record<CityConfigKey, ConfigField>;

/** The groups of the city form; a group with a toggle is greyed out while it is off. */
export const CONFIG_GROUPS: readonly { id: ConfigGroupId; toggle?: CityConfigKey }[] = [
  { id: 'general' },
  { id: 'topTen', toggle: 'showTopTen' },
  { id: 'infoButton', toggle: 'showInfoButton' },
  { id: 'delivery' },
  { id: 'costJump', toggle: 'deliveryCostJump' },
  { id: 'channels' },
  { id: 'payments' },
];

/** The payments block: admins only, to read and to write. */
export const PAYMENT_CONFIG_KEYS: readonly CityConfigKey[] = CONFIG_FIELDS.filter((x) => x.group === 'payments').map((x) => x.key);

/** The reduced form of operators: delivery multiplier and the cost-jump settings. */
export const OPERATOR_CONFIG_KEYS: readonly CityConfigKey[] = [
  'deliveryMultiplier',
  'deliveryCostJump',
  'deliveryCostJumpStart',
  'deliveryCostJumpEnd',
  'deliveryCostJumpAmount',
];

/** The config keys a role may read and write (the same set: what one cannot see, one cannot set). */
export const configKeysFor = (roleId: RoleId): readonly CityConfigKey[] => {
  switch (roleId) {
    case Role.ADMIN:
      return CITY_CONFIG_KEYS;
    case Role.CITY_ADMIN:
      return CITY_CONFIG_KEYS.filter((key) => !PAYMENT_CONFIG_KEYS.includes(key));
    case Role.OPERATOR:
      return OPERATOR_CONFIG_KEYS;
    default:
      return [];
  }
};

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DECIMAL = /^-?\d{1,15}(\.\d{1,15})?$/;
const isOn = (value: string | undefined) => value === 'true';

function checkValue(field: ConfigField, value: string): Problem | undefined {
  const p = (key: string, args?: Problem['args']): Problem => ({ key: `validation.${key}`, args });
  switch (field.input) {
    case 'toggle':
      return value === 'true' || value === 'false' ? undefined : p('boolean');
    case 'number':
    case 'integer': {
      // Decimal notation only: '0x10', ' 1.5 ', '1e3' and 'Infinity' are not what the form offers.
      if (!DECIMAL.test(value)) return p('number');
      const n = Number(value);
      if (field.input === 'integer' && !Number.isInteger(n)) return p('integer');
      if ((field.min !== undefined && n < field.min) || (field.max !== undefined && n > field.max)) {
        return field.max === undefined ? p('atLeast', { min: field.min ?? 0 }) : p('range', { min: field.min ?? '', max: field.max });
      }
      return undefined;
    }
    case 'time':
      return TIME.test(value) ? undefined : p('time');
    case 'select':
      return field.options?.includes(value) ? undefined : p('id');
    case 'locales': {
      const parts = value.split(',').map((x) => x.trim());
      return parts.length > 0 && parts.every((x) => (LOCALES as readonly string[]).includes(x)) ? undefined : p('locales');
    }
    default:
      return value.length < 4096 ? undefined : p('lessThan', { amount: 4096 });
  }
}

/**
 * Checks config pairs: known keys, string values, each value fitting its input. An empty
 * string means "not set" and is always accepted.
 */
export function validateConfig(values: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  for (const [key, value] of Object.entries(values)) {
    let found: Problem | undefined;
    if (!isCityConfigKey(key)) found = { key: 'validation.unknownField' };
    else if (typeof value !== 'string') found = { key: 'validation.text' };
    else if (CONTROL_CHARACTERS.test(value)) found = { key: 'validation.controlCharacters' };
    else if (LONE_SURROGATE.test(value)) found = { key: 'validation.text' };
    else if (value !== '') found = checkValue(CONFIG_FIELD[key], value);
    if (found) errors.push({ field: key, key: found.key, args: found.args, message: renderMessage(found) });
  }
  return errors;
}

/** The same rules for the city form, whose config block lives under `config`. */
export const configFormErrors = (config: unknown): FormErrors =>
  Object.fromEntries(
    validateConfig(
      Object.fromEntries(
        Object.entries(typeof config === 'object' && config !== null ? config : {}).map(([k, v]) => [
          k,
          v == null ? '' : typeof v === 'string' ? v : String(v),
        ]),
      ),
    ).map((e) => [`config.${e.field}`, formMessage(e)]),
  );

/**
 * The value a new city starts with for each setting that has a sensible one: the server writes
 * them when it creates a city and the new-city form shows them. Features start switched off,
 * the bot in English and paid in cash, the delivery cost unchanged, no fee, discount or pause
 * between ads, and the top ten over the spec's 7 days. What depends on the place or on the
 * messenger (time shift, channel ids, tokens, VAT, exchange rate, texts) has no default.
 */
export const CITY_CONFIG_DEFAULTS: Readonly<CityConfig> = {
  cityLocales: 'en',
  hideMoney: 'false',
  showOpenNow: 'false',
  showTopTen: 'false',
  showInfoButton: 'false',
  showTagsButton: 'false',
  deliveryCostJump: 'false',
  annoyRestaurants: 'false',
  roundUpDeliveryCost: 'false',
  telegramPaymentsStatus: String(PaymentsMode.CASH_ONLY),
  serviceFeeMultiplier: '0',
  deliveryMultiplier: '1',
  deliveryDiscountPercent: '0',
  deliveryAfterDiscountMin: '1',
  topInterval: '7',
  adChatGap: '0',
  adChatDelay: '0',
};

/** The review and ad channels: an item of their own in a city's setup, not among its missing settings. */
export const CHANNEL_CONFIG_KEYS: readonly CityConfigKey[] = ['reviewChannelId', 'adChatId'];

const isEmpty = (value: string | undefined) => value === undefined || value.trim() === '';

/**
 * The settings a city truly lacks: the keys the bot needs, given the city's other settings
 * (the payment token when cards are taken, the info button's texts when it is shown, ...),
 * that have no value. Optional keys left empty are a choice, not a gap, and a new city has
 * every default written, so only what no default can say is named.
 */
export function missingConfigKeys(config: CityConfig, city: { active: boolean }): CityConfigKey[] {
  const needs = new Set<CityConfigKey>([
    'cityLocales',
    'telegramPaymentsStatus',
    'deliveryMultiplier',
    'timeShift',
    'notifyChannelId',
    'courierChannelId',
  ]);
  if (!city.active) needs.add('cityDisabledReason');
  if (isOn(config.showTopTen)) needs.add('topInterval');
  if (isOn(config.showInfoButton)) {
    for (const key of ['infoButtonTextEn', 'infoButtonTextRu', 'infoButtonContentEn', 'infoButtonContentRu'] as const) needs.add(key);
  }
  if (isOn(config.deliveryCostJump)) {
    for (const key of ['deliveryCostJumpStart', 'deliveryCostJumpEnd', 'deliveryCostJumpAmount'] as const) needs.add(key);
  }
  const mode = Number(config.telegramPaymentsStatus);
  if (mode === PaymentsMode.CASHLESS_ONLY || mode === PaymentsMode.BOTH) {
    for (const key of ['providerToken', 'exchangeRate'] as const) needs.add(key);
  }
  return CITY_CONFIG_KEYS.filter((key) => needs.has(key) && isEmpty(config[key]));
}

/** The checklist of a city's setup, in the order it is done. */
export const CITY_SETUP_ITEMS = ['settings', 'districts', 'bot', 'cuisines', 'tags', 'restaurants', 'staff', 'channels'] as const;
export type CitySetupItemId = (typeof CITY_SETUP_ITEMS)[number];

export const citySetupItemRecord = z.object({
  id: z.enum(CITY_SETUP_ITEMS),
  done: z.boolean(),
  /** How many rows the city has (districts, bots, cuisines, tags, restaurants, staff); 0 for the settings items. */
  count: z.number().int().min(0),
  /** Restaurants: how many have no dish yet. */
  pending: z.number().int().min(0),
  /** Settings and channels: the keys without a value. */
  missing: z.array(z.enum(CITY_CONFIG_KEYS)),
  /** The one row the item's link opens: the city's bot, or the first restaurant without a menu. */
  targetId: z.number().int().nullable(),
});
export const citySetupRecord = z.object({ cityId: z.number().int(), items: z.array(citySetupItemRecord) });
export type CitySetupItem = z.infer<typeof citySetupItemRecord>;
export type CitySetup = z.infer<typeof citySetupRecord>;

/** GET: a city's setup checklist (admins any city, city admins their own). */
export const CITY_SETUP_PATH = '/cities/:cityId/setup';

/** What the server counts for a city's setup checklist. */
export interface CitySetupFacts {
  active: boolean;
  config: CityConfig;
  districts: number;
  bots: number;
  botId: number | null;
  cuisines: number;
  tags: number;
  restaurants: number;
  /** Restaurants of the city without a single dish. */
  restaurantsWithoutMenu: number;
  firstWithoutMenu: number | null;
  /** City admins and operators of the city. */
  staff: number;
}

/**
 * The checklist from the counts: each part done once the city has at least one (a restaurant
 * counts once it has a dish, and all of them must), the settings once none is missing, the
 * channels once both are set.
 */
export function citySetup(cityId: number, facts: CitySetupFacts): CitySetup {
  const rows = (id: CitySetupItemId, count: number, targetId: number | null = null): CitySetupItem => ({
    id,
    done: count > 0,
    count,
    pending: 0,
    missing: [],
    targetId,
  });
  const settings = missingConfigKeys(facts.config, facts);
  const channels = CHANNEL_CONFIG_KEYS.filter((key) => isEmpty(facts.config[key]));
  return {
    cityId,
    items: [
      { id: 'settings', done: settings.length === 0, count: 0, pending: 0, missing: settings, targetId: null },
      rows('districts', facts.districts),
      rows('bot', facts.bots, facts.botId),
      rows('cuisines', facts.cuisines),
      rows('tags', facts.tags),
      {
        id: 'restaurants',
        done: facts.restaurants > 0 && facts.restaurantsWithoutMenu === 0,
        count: facts.restaurants,
        pending: facts.restaurantsWithoutMenu,
        missing: [],
        targetId: facts.firstWithoutMenu,
      },
      rows('staff', facts.staff),
      { id: 'channels', done: channels.length === 0, count: 0, pending: 0, missing: [...channels], targetId: null },
    ],
  };
}
