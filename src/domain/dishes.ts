import { z } from 'zod';
import { MAX_DISH_TAGS } from './constants';
import { decimal, flag, id, integer, optionalText, requiredText, updateOf } from './validation';
import { problem } from './validationMessages';

/**
 * A restaurant's menu: its dish categories and their dishes (spec sections 3 and 5). One
 * schema per form, which the form checks as the user types and the API route before it writes.
 */
/** A time of day as the category's display window takes it: HH:mm, 00:00 to 23:59. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

const timeOfDay = () => optionalText({ pattern: { regex: TIME_OF_DAY, key: 'time' } });
const position = () => integer({ min: 0, max: 1_000_000 });

type DisplayWindow = { startDisplayingAt?: string | null; stopDisplayingAt?: string | null };

/**
 * The display window has both ends or none (it may cross midnight: 22:00 to 02:00): the
 * missing end is the field in error.
 */
export const displayWindowProblem = (window: DisplayWindow): 'startDisplayingAt' | 'stopDisplayingAt' | null => {
  const start = !!window.startDisplayingAt;
  const stop = !!window.stopDisplayingAt;
  if (start === stop) return null;
  return start ? 'stopDisplayingAt' : 'startDisplayingAt';
};

const checkDisplayWindow = (value: DisplayWindow, ctx: z.RefinementCtx) => {
  const missing = displayWindowProblem(value);
  if (missing) {
    const found = problem('displayWindow');
    ctx.addIssue({ code: 'custom', path: [missing], message: found.key, params: { args: found.args } });
  }
};

const dishCategoryFields = z.strictObject({
  restaurantId: id(),
  name: requiredText({ lessThan: 256 }),
  name_ru: requiredText({ lessThan: 256 }),
  position: position(),
  enabled: flag().nullish(),
  startDisplayingAt: timeOfDay(),
  stopDisplayingAt: timeOfDay(),
});
export const dishCategorySchema = dishCategoryFields.superRefine(checkDisplayWindow);
/** A category stays in its restaurant; the window's two ends are checked with the stored ones by the route. */
export const dishCategoryUpdateSchema = updateOf(dishCategoryFields.omit({ restaurantId: true }));
/** The category form: the same rules, the window checked as a whole. */
export const dishCategoryFormSchema = dishCategoryFields.omit({ restaurantId: true }).superRefine(checkDisplayWindow);
export type DishCategoryInput = z.infer<typeof dishCategorySchema>;

export const dishCategoryRecord = z.object({
  id: z.number().int(),
  restaurantId: z.number().int(),
  name: z.string(),
  name_ru: z.string(),
  position: z.number().int(),
  enabled: z.boolean(),
  startDisplayingAt: z.string().nullable(),
  stopDisplayingAt: z.string().nullable(),
  updatedAt: z.string(),
  /** How many dishes it holds: what deleting it would take with it. */
  dishCount: z.number().int(),
  /** The restaurant's city and its currency, which the category's dishes are priced in. */
  cityId: z.number().int(),
  currency: z.string(),
});
export type DishCategory = z.infer<typeof dishCategoryRecord>;

/** The tags of a dish: ids of its city's tags, each once, at most two. */
const dishTags = () =>
  z.array(id(), { error: problem('list').key }).superRefine((tags, ctx) => {
    if (new Set(tags).size !== tags.length) {
      ctx.addIssue({ code: 'custom', message: problem('duplicateTags').key });
    } else if (tags.length > MAX_DISH_TAGS) {
      const found = problem('tooManyTags', { max: MAX_DISH_TAGS });
      ctx.addIssue({ code: 'custom', message: found.key, params: { args: found.args } });
    }
  });

const dishFields = {
  dishCategoryId: id(),
  name: requiredText({ lessThan: 256 }),
  name_ru: optionalText({ lessThan: 256 }),
  position: position(),
  description: requiredText({ lessThan: 256 }),
  description_ru: requiredText({ lessThan: 256 }),
  price: decimal({ min: 0, max: 1_000_000_000, notZero: true }),
  /** Stock left: null means no limit. */
  amount: integer({ min: 0, max: 1_000_000 }).nullish(),
  enabled: flag().nullish(),
  telegramFileId: optionalText({ lessThan: 256 }),
  popularityCoefficient: decimal({ min: -1_000_000, max: 1_000_000 }).nullish(),
  tags: dishTags().optional(),
};
export const dishSchema = z.strictObject(dishFields);
/** The edit form: the descriptions are required only on add (spec section 5). */
export const dishEditSchema = z.strictObject({
  ...dishFields,
  description: optionalText({ lessThan: 256 }),
  description_ru: optionalText({ lessThan: 256 }),
});
export const dishUpdateSchema = updateOf(dishEditSchema);
export type DishInput = z.infer<typeof dishSchema>;

export const dishRecord = z.object({
  id: z.number().int(),
  dishCategoryId: z.number().int(),
  name: z.string(),
  name_ru: z.string(),
  position: z.number().int(),
  description: z.string(),
  description_ru: z.string(),
  price: z.number(),
  amount: z.number().int().nullable(),
  enabled: z.boolean(),
  telegramFileId: z.string().nullable(),
  popularityCoefficient: z.number(),
  tags: z.array(z.number().int()),
  updatedAt: z.string(),
  /** Where it is sold: its restaurant and city, and the city's currency its price is in. */
  restaurantId: z.number().int(),
  cityId: z.number().int(),
  currency: z.string(),
});
export type Dish = z.infer<typeof dishRecord>;

/**
 * The stock the form sends: none (null) unless its checkbox is on, and then the typed amount
 * or 0 when the field was left empty.
 */
export const stockAmount = (limited: boolean, typed: number | null | undefined): number | null => (limited ? (typed ?? 0) : null);

/** How many dishes one bulk change may name: a whole category's page, and a bound on one transaction. */
export const DISH_BULK_MAX = 500;

/** What a bulk change sets on every dish it names: enabled, or the stock (0 is out of stock). */
export const dishBulkChangeSchema = updateOf(z.strictObject({ enabled: flag(), amount: dishFields.amount }));

/**
 * Several dishes changed in one call (the list's bulk actions): the ids, each a dish the user may
 * edit, at least one and at most DISH_BULK_MAX, and the one change they all take.
 */
export const dishBulkSchema = z.strictObject({
  ids: z.array(id(), { error: problem('list').key }).superRefine((ids, ctx) => {
    if (ids.length === 0) ctx.addIssue({ code: 'custom', message: problem('required').key });
    else if (ids.length > DISH_BULK_MAX) {
      const found = problem('tooManyAtOnce', { max: DISH_BULK_MAX });
      ctx.addIssue({ code: 'custom', message: found.key, params: { args: found.args } });
    }
  }),
  change: dishBulkChangeSchema,
});
export type DishBulkInput = z.infer<typeof dishBulkSchema>;
