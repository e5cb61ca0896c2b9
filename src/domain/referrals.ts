import { z } from 'zod';
import { RESTAURANT_START_PREFIX } from './restaurants';
import { id, integer, problem, requiredText } from './validation';

/**
 * Referral links (spec sections 3, 5 and 7): the input of a new link and the record the API
 * answers. A customer who opens the city bot through the link is counted on it; a limit of 0
 * means unlimited.
 */

/**
 * The code is the bot's start parameter as it is (`?start=<code>`), and the messenger takes at
 * most 64 letters, digits, `_` and `-` there: a longer code or another character would give a
 * dead link.
 */
export const REFERRAL_CODE_MAX_LENGTH = 64;
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
/** The largest count PostgreSQL's integer column keeps. */
const LIMIT_MAX = 2_147_483_647;

export const isReservedReferralCode = (code: string): boolean => code.toLowerCase().startsWith(RESTAURANT_START_PREFIX);

/** Surrounding spaces of a pasted code are dropped; anything else outside the pattern is refused. */
const code = () =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    requiredText({ lessThan: REFERRAL_CODE_MAX_LENGTH + 1, pattern: { regex: REFERRAL_CODE_PATTERN, key: 'secret' } }).superRefine(
      (value, ctx) => {
        // Only a code that is otherwise valid, so that one problem is named at a time.
        if (value.length <= REFERRAL_CODE_MAX_LENGTH && REFERRAL_CODE_PATTERN.test(value) && isReservedReferralCode(value)) {
          ctx.addIssue({ code: 'custom', message: problem('referralCodeReserved').key });
        }
      },
    ),
  );

/** An instant with its zone (`2026-11-24T18:00:00+01:00` or `…Z`), as every time in the API. */
const instant = () => z.iso.datetime({ offset: true, error: problem('dateTime').key });

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
  /** When the link stops counting customers; null or absent: never. */
  validUntil: instant()
    .nullish()
    .transform((value) => value ?? null),
  /** A city admin's is their own; an admin's is this city, else the chosen restaurant's or category's, else none (every city). */
  cityId: id().nullish(),
});
export type ReferralLinkInput = z.input<typeof referralLinkSchema>;
export type ReferralLinkCreate = z.output<typeof referralLinkSchema>;

/**
 * The same, with the rule that needs a clock: a new link's end lies in the future (a link that
 * is over before it exists is a mistake). The form asks it of the browser's clock, the API of
 * its own.
 */
export const referralLinkSchemaAt = (now: () => Date) =>
  referralLinkSchema.superRefine((link, ctx) => {
    if (link.validUntil !== null && Date.parse(link.validUntil) <= now().getTime()) {
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: problem('inFuture').key });
    }
  });

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
  return /^\w{3,64}$/.test(name) ? `https://t.me/${name}?start=${encodeURIComponent(referralCode)}` : null;
};

/** A link no longer brings customers: past its end, or its limit reached. */
export const referralLinkSpent = (link: Pick<ReferralLink, 'count' | 'limit'>): boolean => link.limit > 0 && link.count >= link.limit;
export const referralLinkExpired = (link: Pick<ReferralLink, 'validUntil'>, now: Date): boolean =>
  link.validUntil !== null && Date.parse(link.validUntil) <= now.getTime();
