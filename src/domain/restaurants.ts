import { z } from 'zod';
import { restaurantPauseFields } from './pause';
import { Role, type RoleId } from './roles';
import { decimal, flag, id, integer, optionalText, requiredText } from './validation';
import { CONTROL_CHARACTERS, problem, type Problem } from './validationMessages';

/**
 * A restaurant (spec sections 3 and 5): the add and edit rule sets, the record the API
 * answers, and which fields each role may change. Server and form check the same schemas.
 */

/** One opening window `HH:MM-HH:MM`, with an optional second after a comma; a window may cross midnight (23:00-02:00). */
const TIME = '(?:[01]\\d|2[0-3]):[0-5]\\d';
const WINDOW = `${TIME}-${TIME}`;
export const SCHEDULE_PATTERN = new RegExp(`^${WINDOW}(?:,${WINDOW})?$`);

export const WEEK_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

const report = (ctx: z.RefinementCtx, found: Problem) => ctx.addIssue({ code: 'custom', message: found.key, params: { args: found.args } });

/** A name of 3 to 255 characters ('must be more than 3 and less than 256'). */
const restaurantName = () =>
  z.string({ error: (issue) => problem(issue.input == null ? 'required' : 'text').key }).superRefine((value, ctx) => {
    if (value.trim() === '') return report(ctx, problem('required'));
    if (CONTROL_CHARACTERS.test(value)) return report(ctx, problem('controlCharacters'));
    if (value.trim().length < 3 || value.length >= 256) report(ctx, problem('nameLength', { moreAmount: 3, lessAmount: 256 }));
  });

/** A text with a length limit that may be left empty. */
const text = (lessThan: number) => optionalText({ lessThan });

/** A schedule in the spec's pattern; empty when `required` is off. */
const schedule = (required: boolean) =>
  z.string({ error: (issue) => problem(issue.input == null ? 'required' : 'text').key }).superRefine((value, ctx) => {
    if (value.trim() === '') {
      if (required) report(ctx, problem('required'));
      return;
    }
    if (!SCHEDULE_PATTERN.test(value.trim())) report(ctx, problem('schedule'));
  });

export const workingDaySchema = z
  .strictObject({
    value: integer({ min: 1, max: 7 }),
    enabled: flag(),
    schedule: z.string({ error: problem('text').key }).nullish(),
  })
  .superRefine((day, ctx) => {
    const value = (day.schedule ?? '').trim();
    if (!day.enabled && value === '') return;
    if (value === '') return ctx.addIssue({ code: 'custom', message: problem('required').key, path: ['schedule'] });
    if (!SCHEDULE_PATTERN.test(value)) ctx.addIssue({ code: 'custom', message: problem('schedule').key, path: ['schedule'] });
  });
export type WorkingDay = z.infer<typeof workingDaySchema>;

/** The seven days, Monday (1) to Sunday (7), each once. */
const workingDays = () =>
  z
    .array(workingDaySchema, { error: problem('list').key })
    .max(7)
    .superRefine((days, ctx) => {
      if (new Set(days.map((d) => d.value)).size !== days.length) report(ctx, problem('weekDays'));
    });

export const districtPriceSchema = z.strictObject({
  districtId: id(),
  enabled: flag(),
  price: decimal({ min: 0, max: 1_000_000_000 }).nullish(),
});
export type DistrictPrice = z.infer<typeof districtPriceSchema>;

/** The positions of enabled districts without a price: the API answers FST_KEY_IS_MISSING for the first. */
export const missingDistrictPrices = (rows: readonly { enabled?: boolean | null; price?: number | null }[] | null | undefined): number[] =>
  (rows ?? []).flatMap((row, index) => (row.enabled && (row.price === null || row.price === undefined) ? [index] : []));

const money = (whole: boolean) => (whole ? integer({ min: 0, max: 1_000_000_000 }) : decimal({ min: 0, max: 1_000_000_000 }));

/** The fields both rule sets share, with the kind of number each parses to (floats on add, integers on update). */
const fields = (add: boolean) => ({
  cityId: id(),
  name: restaurantName(),
  name_ru: restaurantName(),
  description: text(512),
  description_ru: text(512),
  receipt_text: text(128),
  receipt_text_ru: text(128),
  position: integer({ min: 0, max: 1_000_000 }),
  enabled: flag(),
  active: flag(),
  minOrderSum: money(!add),
  deliveryPrice: money(!add).nullish(),
  deliveryTime: add ? requiredText({ lessThan: 256 }) : text(256),
  maximumPreorderTime: integer({ min: 0, max: 1_000_000 }).nullish(),
  address: requiredText({ lessThan: 256 }),
  canPickup: flag(),
  canDelivery: flag(),
  telegramFileId: text(256),
  schedule: schedule(add),
  link: text(256),
  districtId: id().nullish(),
  workingDays: workingDays(),
  selectedCuisines: z.array(id(), { error: problem('list').key }).max(1000),
  districtRestaurants: z
    .array(districtPriceSchema, { error: problem('list').key })
    .max(1000)
    .nullish(),
  notificationAccountTelegramId: z
    .number({ error: problem('numericId').key })
    .int({ error: problem('numericId').key })
    .positive({ error: problem('numericId').key })
    .max(Number.MAX_SAFE_INTEGER, { error: problem('numericId').key })
    .nullish(),
});

/** A delivery price is needed when the restaurant delivers. */
const deliveryPriceWhenDelivering = (value: { canDelivery?: boolean; deliveryPrice?: number | null }, ctx: z.RefinementCtx) => {
  if (value.canDelivery && (value.deliveryPrice === null || value.deliveryPrice === undefined)) {
    ctx.addIssue({ code: 'custom', message: problem('required').key, path: ['deliveryPrice'] });
  }
};

const add = fields(true);
/** Restaurant add (spec section 5): the city (a city admin's is their own), names, position, minimum order, schedule, delivery time and address. */
export const restaurantCreateSchema = z
  .strictObject({
    ...add,
    cityId: add.cityId.optional(),
    description: add.description,
    enabled: add.enabled.optional(),
    active: add.active.optional(),
    canPickup: add.canPickup.optional(),
    canDelivery: add.canDelivery.optional(),
    workingDays: add.workingDays.optional(),
    selectedCuisines: add.selectedCuisines.optional(),
  })
  .superRefine(deliveryPriceWhenDelivering);
export type RestaurantCreateInput = z.infer<typeof restaurantCreateSchema>;

/** Restaurant edit (spec section 5): any of the fields, each under its rule. */
export const restaurantUpdateSchema = z
  .strictObject(fields(false))
  .partial()
  .refine((value) => Object.values(value).some((v) => v !== undefined), { error: problem('nothingToChange').key })
  .superRefine((value, ctx) => {
    if (value.canDelivery && value.deliveryPrice === null) deliveryPriceWhenDelivering(value, ctx);
  });
export type RestaurantUpdateInput = z.infer<typeof restaurantUpdateSchema>;

export type RestaurantField = keyof RestaurantUpdateInput;
export const RESTAURANT_FIELDS = Object.keys(fields(false)) as readonly RestaurantField[];

const OWNER_FIELDS: readonly RestaurantField[] = [
  'description',
  'description_ru',
  'receipt_text',
  'receipt_text_ru',
  'telegramFileId',
  'schedule',
  'workingDays',
  'deliveryTime',
  'maximumPreorderTime',
  'canPickup',
  'canDelivery',
];

/**
 * The fields a role may change on a stored restaurant (spec section 6): an admin all of them;
 * a city admin the position and the enabled and active flags; an operator the receipt texts
 * and the cuisines; an owner the texts, photo, opening hours and service options of their own
 * restaurant (never its name, city, prices, position, flags or notification account).
 */
export const restaurantEditableFields = (roleId: RoleId | null): readonly RestaurantField[] => {
  switch (roleId) {
    case Role.ADMIN:
      return RESTAURANT_FIELDS;
    case Role.CITY_ADMIN:
      return ['position', 'enabled', 'active'];
    case Role.OPERATOR:
      return ['receipt_text', 'receipt_text_ru', 'selectedCuisines'];
    case Role.RESTAURANT_OWNER:
      return OWNER_FIELDS;
    default:
      return [];
  }
};

export const mayChangeRestaurantField = (roleId: RoleId | null, field: string): boolean =>
  (restaurantEditableFields(roleId) as readonly string[]).includes(field);

const money$ = z.number();
export const restaurantRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ru: z.string(),
  description: z.string(),
  description_ru: z.string(),
  receipt_text: z.string(),
  receipt_text_ru: z.string(),
  position: z.number().int(),
  enabled: z.boolean(),
  active: z.boolean(),
  minOrderSum: money$,
  deliveryPrice: money$,
  deliveryTime: z.string(),
  maximumPreorderTime: z.number().int().nullable(),
  recentOrdersCount: z.number().int(),
  address: z.string(),
  canPickup: z.boolean(),
  canDelivery: z.boolean(),
  telegramFileId: z.string().nullable(),
  schedule: z.string(),
  link: z.string().nullable(),
  districtId: z.number().int().nullable(),
  cityId: z.number().int(),
  city: z.object({ id: z.number().int(), name: z.string(), name_ru: z.string(), chatname: z.string(), currency: z.string() }),
  workingDays: z.array(z.object({ value: z.number().int(), enabled: z.boolean(), schedule: z.string() })),
  notificationUser: z.object({ telegramId: z.number().nullable(), username: z.string().nullable(), name: z.string() }).nullable(),
  notificationAccountTelegramId: z.number().nullable(),
  restaurantCuisines: z.array(z.object({ cuisineId: z.number().int() })),
  selectedCuisines: z.array(z.number().int()),
  districtRestaurants: z.array(
    z.object({
      restaurantId: z.number().int(),
      districtId: z.number().int(),
      enabled: z.boolean(),
      price: z.number().nullable(),
      district: z.object({ name: z.string(), name_ru: z.string() }),
    }),
  ),
  /** The bot deep link that opens this restaurant, when the city names its bot's chat. */
  publicLink: z.string().nullable(),
  /** Closed in the bot for a while. */
  ...restaurantPauseFields,
});
export type Restaurant = z.infer<typeof restaurantRecord>;

/**
 * The bot's start parameter that opens a restaurant (`restaurant_<id>`); referral codes may
 * not start with it, or a referral link would open a restaurant instead.
 */
export const RESTAURANT_START_PREFIX = 'restaurant_';

/** The link a customer follows to open a restaurant in the city's bot (the city's chat name is the bot's username). */
export const restaurantDeepLink = (chatname: string, restaurantId: number): string | null => {
  const name = chatname.trim().replace(/^@/, '');
  return /^\w{3,64}$/.test(name) ? `https://t.me/${name}?start=${RESTAURANT_START_PREFIX}${restaurantId}` : null;
};

/** How many days of orders `recentOrdersCount` counts (orders at CONFIRMED or above). */
export const RECENT_ORDERS_DAYS = 30;
