import { z } from 'zod';
import { id, integer, requiredText } from './validation';

/**
 * Referral links (spec sections 3, 5 and 7): the input of a new link and the record the API
 * answers. A customer who opens the city bot through the link is counted on it; a limit of 0
 * means unlimited.
 */

/**
 * The messenger takes a start parameter of at most 64 letters, digits, `_` and `-`; the link
 * sends `ref_<code>`, so a code may have 60 of them (a longer one would give a dead link).
 */
export const REFERRAL_CODE_MAX_LENGTH = 60;
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const REFERRAL_START_PREFIX = 'ref_';
/** The largest count PostgreSQL's integer column keeps. */
const LIMIT_MAX = 2_147_483_647;

/** Surrounding spaces of a pasted code are dropped; anything else outside the pattern is refused. */
const code = () =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    requiredText({ lessThan: REFERRAL_CODE_MAX_LENGTH + 1, pattern: { regex: REFERRAL_CODE_PATTERN, key: 'secret' } }),
  );

export const referralLinkOptionsSchema = z.strictObject({
  categoryId: id().nullish(),
  restaurantId: id().nullish(),
});

/** A new link (spec section 5): the code is required; the limit is a whole number, 0 (the default) for unlimited. */
export const referralLinkSchema = z.strictObject({
  code: code(),
  limit: integer({ min: 0, max: LIMIT_MAX })
    .nullish()
    .transform((value) => value ?? 0),
  options: referralLinkOptionsSchema.nullish().transform((value) => ({
    categoryId: value?.categoryId ?? null,
    restaurantId: value?.restaurantId ?? null,
  })),
  /** Admins pick the city; a city admin's is their own. */
  cityId: id().nullish(),
});
export type ReferralLinkInput = z.input<typeof referralLinkSchema>;
export type ReferralLinkCreate = z.output<typeof referralLinkSchema>;

export const referralLinkRecord = z.object({
  id: z.number().int(),
  code: z.string(),
  /** How many customers came through the link. */
  count: z.number().int(),
  /** 0: unlimited. */
  limit: z.number().int(),
  /** The deep link into the city's bot, when the city names its bot's chat. */
  referralLink: z.string().nullable(),
  options: z.object({ categoryId: z.number().int().nullable(), restaurantId: z.number().int().nullable() }),
  /** ISO 8601, or null when the link does not expire. */
  validUntil: z.string().nullable(),
  /** Null for a link of every city (admins only). */
  cityId: z.number().int().nullable(),
});
export type ReferralLink = z.infer<typeof referralLinkRecord>;

/** The link a customer follows to open the city's bot with this code (the city's chat name is the bot's username). */
export const referralDeepLink = (chatname: string | null | undefined, referralCode: string): string | null => {
  const name = (chatname ?? '').trim().replace(/^@/, '');
  return /^\w{3,64}$/.test(name) ? `https://t.me/${name}?start=${REFERRAL_START_PREFIX}${encodeURIComponent(referralCode)}` : null;
};
