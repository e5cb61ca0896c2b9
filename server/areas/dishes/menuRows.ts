import type { Kysely } from 'kysely';
import { z } from 'zod';
import { type dishCategoryRecord, type dishRecord, problem, renderMessage } from '../../../src/domain';
import { assertInScope, type Actor } from '../../auth/scope';
import type { Database } from '../../db/schema';
import { forbidden, invalidFields } from '../../errors';
import { idsQuery, optionalQueryId } from '../../http/params';

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

export const categoryColumns = [
  'dish_categories.id',
  'dish_categories.restaurant_id',
  'dish_categories.name',
  'dish_categories.name_ru',
  'dish_categories.position',
  'dish_categories.enabled',
  'dish_categories.start_displaying_at',
  'dish_categories.stop_displaying_at',
  'dish_categories.updated_at',
  'restaurants.city_id',
] as const;

export const selectCategories = (db: Kysely<Database>) =>
  db
    .selectFrom('dish_categories')
    .innerJoin('restaurants', 'restaurants.id', 'dish_categories.restaurant_id')
    .innerJoin('cities', 'cities.id', 'restaurants.city_id')
    // A deleted restaurant keeps its rows for the order history, but its menu is gone.
    .where('restaurants.deleted_at', 'is', null)
    .select(categoryColumns)
    .select('cities.currency')
    .select((eb) =>
      eb
        .selectFrom('dishes')
        .whereRef('dishes.dish_category_id', '=', 'dish_categories.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('dish_count'),
    );
export type CategoryRow = Awaited<ReturnType<ReturnType<typeof selectCategories>['executeTakeFirstOrThrow']>>;

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

export const selectDishes = (db: Kysely<Database>) =>
  db
    .selectFrom('dishes')
    .innerJoin('dish_categories', 'dish_categories.id', 'dishes.dish_category_id')
    .innerJoin('restaurants', 'restaurants.id', 'dish_categories.restaurant_id')
    .innerJoin('cities', 'cities.id', 'restaurants.city_id')
    .where('restaurants.deleted_at', 'is', null)
    .selectAll('dishes')
    .select(['dish_categories.restaurant_id', 'restaurants.city_id', 'cities.currency']);
export type DishRow = Awaited<ReturnType<ReturnType<typeof selectDishes>['executeTakeFirstOrThrow']>>;

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
