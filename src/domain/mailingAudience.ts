import { z } from 'zod';
import { LOCALES, type Locale } from './constants';
import { flag, id, integer, problem, queryInteger } from './validation';

/**
 * Who a mailing reaches besides "active since" (src/domain/mailings.ts): customers who ordered
 * within N days, from chosen restaurants of the mailing's city, at least N times, or never,
 * and who use the bot in chosen languages. Every filter narrows the audience (AND).
 *
 * An order counts when it reached CONFIRMED (status 30) or above, as in every total (spec
 * section 4); orders are those of the mailing's city. When restaurants are chosen, "ordered
 * within" and "at least N orders" count the orders from those restaurants only ("at least 3
 * orders from Pizza Roma"). "Never ordered" is a customer without a counted order in the city,
 * so it cannot go with any other order filter: the combination is refused, naming the field.
 */

export const AUDIENCE_MAX_DAYS = 3650;
export const AUDIENCE_MAX_ORDERS = 10_000;
export const AUDIENCE_MAX_RESTAURANTS = 100;

/** The filters as stored with a mailing and as the server applies them; no filter is the old audience. */
export interface MailingAudience {
  orderedWithinDays: number | null;
  restaurantIds: number[];
  neverOrdered: boolean;
  minOrders: number | null;
  languages: Locale[];
}

export const NO_AUDIENCE_FILTERS: MailingAudience = {
  orderedWithinDays: null,
  restaurantIds: [],
  neverOrdered: false,
  minOrders: null,
  languages: [],
};

/** The filters that need an order, which "never ordered" contradicts. */
export const ORDER_FILTERS = ['orderedWithinDays', 'restaurantIds', 'minOrders'] as const;

interface LooseAudience {
  orderedWithinDays?: number | null;
  restaurantIds?: readonly number[] | null;
  neverOrdered?: boolean | null;
  minOrders?: number | null;
  languages?: readonly Locale[] | null;
}

const normalize = (input: LooseAudience): MailingAudience => ({
  orderedWithinDays: input.orderedWithinDays ?? null,
  restaurantIds: [...new Set(input.restaurantIds ?? [])].sort((a, b) => a - b),
  neverOrdered: input.neverOrdered ?? false,
  minOrders: input.minOrders ?? null,
  languages: LOCALES.filter((locale) => input.languages?.includes(locale)),
});

/** The order filters set beside "never ordered": each is refused, the error next to it. */
export const audienceConflicts = (input: LooseAudience): (typeof ORDER_FILTERS)[number][] => {
  const filters = normalize(input);
  if (!filters.neverOrdered) return [];
  return ORDER_FILTERS.filter((field) => (field === 'restaurantIds' ? filters.restaurantIds.length > 0 : filters[field] !== null));
};

/** The rule as a zod refinement, for POST /spam's body and GET /users/count's query alike. */
export const refuseAudienceConflicts = (input: LooseAudience, ctx: z.RefinementCtx) => {
  for (const field of audienceConflicts(input)) {
    ctx.addIssue({ code: 'custom', path: [field], message: problem('neverOrderedConflict').key });
  }
};

const locale = z.enum(LOCALES, { error: problem('locales').key });

/** POST /spam's `audience`, and what the composer checks as the user types. */
export const mailingAudienceSchema = z
  .strictObject({
    orderedWithinDays: integer({ min: 1, max: AUDIENCE_MAX_DAYS }).nullish(),
    restaurantIds: z
      .array(id(), { error: problem('list').key })
      .max(AUDIENCE_MAX_RESTAURANTS)
      .nullish(),
    neverOrdered: flag().nullish(),
    minOrders: integer({ min: 1, max: AUDIENCE_MAX_ORDERS }).nullish(),
    languages: z
      .array(locale, { error: problem('list').key })
      .max(LOCALES.length)
      .nullish(),
  })
  .superRefine(refuseAudienceConflicts)
  .transform(normalize);
export type MailingAudienceInput = z.input<typeof mailingAudienceSchema>;

/** A comma-separated list in a query string: `restaurantIds=3,5`. */
const commaList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .transform((value) => (value.trim() === '' ? [] : value.split(',').map((part) => part.trim())))
    .pipe(z.array(item));

const queryRestaurantId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, { error: problem('id').key })
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, { error: problem('id').key });

/** The same filters in GET /users/count's query string (lists comma-separated, `neverOrdered=true`). */
export const audienceQueryFields = {
  orderedWithinDays: queryInteger(1, AUDIENCE_MAX_DAYS).optional(),
  restaurantIds: commaList(queryRestaurantId).pipe(z.array(z.number()).max(AUDIENCE_MAX_RESTAURANTS)).optional(),
  neverOrdered: z
    .enum(['true', 'false'], { error: problem('boolean').key })
    .transform((v) => v === 'true')
    .optional(),
  minOrders: queryInteger(1, AUDIENCE_MAX_ORDERS).optional(),
  languages: commaList(locale).optional(),
};

/** The filters a (checked) query describes. */
export const audienceFromQuery = (query: LooseAudience): MailingAudience => normalize(query);

/** The filters of a stored mailing as the API answers them, with the chosen restaurants' names. */
export const mailingAudienceRecord = z.object({
  orderedWithinDays: z.number().int().nullable(),
  restaurantIds: z.array(z.number().int()),
  restaurants: z.array(z.object({ id: z.number().int(), name: z.string(), name_ru: z.string() })),
  neverOrdered: z.boolean(),
  minOrders: z.number().int().nullable(),
  languages: z.array(z.enum(LOCALES)),
});
export type MailingAudienceRecord = z.infer<typeof mailingAudienceRecord>;

/** A stored filter object (jsonb) read back: what does not parse is no filter, as before the filters existed. */
export const storedAudience = (value: unknown): MailingAudience => {
  const parsed = mailingAudienceSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : NO_AUDIENCE_FILTERS;
};

/** Whether any filter narrows the audience beyond "active since". */
export const hasAudienceFilters = (audience: MailingAudience): boolean =>
  audience.orderedWithinDays !== null ||
  audience.restaurantIds.length > 0 ||
  audience.neverOrdered ||
  audience.minOrders !== null ||
  audience.languages.length > 0;

/** GET /users/count's query parameters of the filters (the browser's side of audienceQueryFields). */
export const audienceQueryParams = (audience: MailingAudience): Record<string, string> => {
  const params: Record<string, string> = {};
  if (audience.orderedWithinDays !== null) params.orderedWithinDays = String(audience.orderedWithinDays);
  if (audience.restaurantIds.length > 0) params.restaurantIds = audience.restaurantIds.join(',');
  if (audience.neverOrdered) params.neverOrdered = 'true';
  if (audience.minOrders !== null) params.minOrders = String(audience.minOrders);
  if (audience.languages.length > 0) params.languages = audience.languages.join(',');
  return params;
};

/** The record of a mailing without filters. */
export const NO_AUDIENCE_RECORD: MailingAudienceRecord = { ...NO_AUDIENCE_FILTERS, restaurants: [] };
