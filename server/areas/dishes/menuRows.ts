import { z } from 'zod';
import { type dishCategoryRecord, type dishRecord, problem, renderMessage } from '../../../src/domain';
import { assertInScope, type Actor } from '../../auth/scope';
import { forbidden, invalidFields } from '../../errors';
import { idsQuery, optionalQueryId } from '../../http/params';
import type { CategoryRow, DishRow } from './repository';

export type { CategoryRow, DishRow } from './repository';

/**
 * The menu's rows as the API reads and answers them (categories and dishes), and the scope
 * checks of the restaurant they belong to.
 */

/** Where a menu row lives: its restaurant and that restaurant's city. */
export interface Place {
  restaurantId: number;
  cityId: number;
}

/** Reading: a menu outside the user's scope is answered as unknown. */
export const assertVisible = (user: Actor, place: Place) => assertInScope(user, place);
/** Writing: a menu outside the user's scope is refused (an owner another restaurant's, a city admin another city's). */
export const assertWritable = (user: Actor, place: Place) => assertInScope(user, place, forbidden('MENU_NOT_YOURS'));

export const fieldError = (field: string, key: Parameters<typeof problem>[0]) =>
  invalidFields([{ field, message: renderMessage(problem(key)) }]);

/** A `time` column as the form shows it: HH:mm. */
export const hhmm = (value: string | null) => (value ? value.slice(0, 5) : null);
export const iso = (value: Date | string) => new Date(value).toISOString();

/** The JSON of a dish category (spec section 3): the one mapping from its row. */
export const toCategory = (row: CategoryRow): z.infer<typeof dishCategoryRecord> => ({
  id: row.id,
  restaurantId: row.restaurant_id,
  name: row.name,
  name_ru: row.name_ru,
  position: row.position,
  enabled: row.enabled,
  startDisplayingAt: hhmm(row.start_displaying_at),
  stopDisplayingAt: hhmm(row.stop_displaying_at),
  updatedAt: iso(row.updated_at),
  dishCount: Number(row.dish_count ?? 0),
  cityId: row.city_id,
  currency: row.currency,
});

/** The JSON of a dish (spec section 3) with its tag ids: the one mapping from its row. */
export const toDish = (row: DishRow, tags: number[]): z.infer<typeof dishRecord> => ({
  id: row.id,
  dishCategoryId: row.dish_category_id,
  name: row.name,
  name_ru: row.name_ru,
  position: row.position,
  description: row.description,
  description_ru: row.description_ru,
  price: Number(row.price),
  amount: row.amount,
  enabled: row.enabled,
  telegramFileId: row.telegram_file_id,
  popularityCoefficient: Number(row.popularity_coefficient),
  tags,
  updatedAt: iso(row.updated_at),
  restaurantId: row.restaurant_id,
  cityId: row.city_id,
  currency: row.currency,
});

export const placeOf = (row: { restaurant_id: number; city_id: number }): Place => ({
  restaurantId: row.restaurant_id,
  cityId: row.city_id,
});

export const categoriesQuery = z.object({ restaurantId: optionalQueryId('restaurant id'), ids: idsQuery });
export const dishesQuery = z.object({ dishCategoryId: optionalQueryId('dish category id'), ids: idsQuery });
export const deleteCategoryQuery = z.object({
  withDishes: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true')
    .describe('true deletes the dishes of the category with it'),
});
