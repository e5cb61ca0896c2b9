import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import { inUserScope, type Actor } from '../../auth/scope';
import { differsFrom } from '../../db/differsFrom';
import type { Database, DishCategoriesTable, DishesTable } from '../../db/schema';

/** The queries of a restaurant's menu, its dish categories and dishes: the only place the area builds SQL. */

const categoryColumns = [
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

const selectCategories = (db: Kysely<Database>) =>
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

const selectDishes = (db: Kysely<Database>) =>
  db
    .selectFrom('dishes')
    .innerJoin('dish_categories', 'dish_categories.id', 'dishes.dish_category_id')
    .innerJoin('restaurants', 'restaurants.id', 'dish_categories.restaurant_id')
    .innerJoin('cities', 'cities.id', 'restaurants.city_id')
    .where('restaurants.deleted_at', 'is', null)
    .selectAll('dishes')
    .select(['dish_categories.restaurant_id', 'restaurants.city_id', 'cities.currency']);
export type DishRow = Awaited<ReturnType<ReturnType<typeof selectDishes>['executeTakeFirstOrThrow']>>;

type CategoryChanges = Omit<Updateable<DishCategoriesTable>, 'updated_at'>;
type DishChanges = Omit<Updateable<DishesTable>, 'updated_at'>;

export function menuRepository(db: Kysely<Database>) {
  return {
    findCategory: (id: number): Promise<CategoryRow | undefined> =>
      selectCategories(db).where('dish_categories.id', '=', id).executeTakeFirst(),

    /** The categories the user may see, of one restaurant when asked, by position then name. */
    categories: (user: Actor, filter: { ids?: readonly number[]; restaurantId: number | null }): Promise<CategoryRow[]> => {
      let query = selectCategories(db).where((eb) =>
        inUserScope(eb, user, { city: eb.ref('restaurants.city_id'), restaurant: eb.ref('dish_categories.restaurant_id') }),
      );
      if (filter.ids) query = query.where('dish_categories.id', 'in', filter.ids);
      if (filter.restaurantId !== null) query = query.where('dish_categories.restaurant_id', '=', filter.restaurantId);
      return query.orderBy('dish_categories.position').orderBy('dish_categories.name').orderBy('dish_categories.id').execute();
    },

    /** Where a restaurant that is not deleted lives, for the scope checks of its menu. */
    restaurantPlace: (restaurantId: number): Promise<{ restaurant_id: number; city_id: number } | undefined> =>
      db
        .selectFrom('restaurants')
        .select(['id as restaurant_id', 'city_id'])
        .where('id', '=', restaurantId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),

    createCategory: async (category: Insertable<DishCategoriesTable>): Promise<number> =>
      (await db.insertInto('dish_categories').values(category).returning('id').executeTakeFirstOrThrow()).id,

    /** Writes the changes, and moves the category's time, only when they differ from what is stored. */
    updateCategory: async (id: number, changes: CategoryChanges, updatedAt: Date): Promise<void> => {
      await db
        .updateTable('dish_categories')
        .set({ ...changes, updated_at: updatedAt })
        .where('id', '=', id)
        .where(differsFrom(changes))
        .execute();
    },

    /** The dishes go with it; orders keep their items' names and prices (order_items.dish_id is set null). */
    removeCategory: async (id: number): Promise<void> => {
      await db.deleteFrom('dish_categories').where('id', '=', id).execute();
    },

    /** Each dish's tag ids, in id order. */
    tagsOf: async (dishIds: number[]): Promise<Map<number, number[]>> => {
      const tags = new Map<number, number[]>(dishIds.map((id) => [id, []]));
      if (dishIds.length === 0) return tags;
      const rows = await db
        .selectFrom('dish_tags')
        .select(['dish_id', 'tag_id'])
        .where('dish_id', 'in', dishIds)
        .orderBy('tag_id')
        .execute();
      for (const row of rows) tags.get(row.dish_id)?.push(row.tag_id);
      return tags;
    },

    /** How many of these tags are the city's. */
    cityTagCount: async (tags: number[], cityId: number): Promise<number> =>
      (await db.selectFrom('tags').select('id').where('id', 'in', tags).where('city_id', '=', cityId).execute()).length,

    findDish: (id: number): Promise<DishRow | undefined> => selectDishes(db).where('dishes.id', '=', id).executeTakeFirst(),

    /** The dishes the user may see, of one category when asked, by position then name. */
    dishes: (user: Actor, filter: { ids?: readonly number[]; dishCategoryId: number | null }): Promise<DishRow[]> => {
      let query = selectDishes(db).where((eb) =>
        inUserScope(eb, user, { city: eb.ref('restaurants.city_id'), restaurant: eb.ref('dish_categories.restaurant_id') }),
      );
      if (filter.ids) query = query.where('dishes.id', 'in', filter.ids);
      if (filter.dishCategoryId !== null) query = query.where('dishes.dish_category_id', '=', filter.dishCategoryId);
      return query.orderBy('dishes.position').orderBy('dishes.name').orderBy('dishes.id').execute();
    },

    /** A new dish with its tags, in one transaction; answers its id. */
    createDish: (dish: Insertable<DishesTable>, tags: readonly number[] | undefined): Promise<number> =>
      db.transaction().execute(async (trx) => {
        const row = await trx.insertInto('dishes').values(dish).returning('id').executeTakeFirstOrThrow();
        if (tags?.length)
          await trx
            .insertInto('dish_tags')
            .values(tags.map((tag_id) => ({ dish_id: row.id, tag_id })))
            .execute();
        return row.id;
      }),

    /**
     * Writes a dish's changes and, when given, its new tags. The dish's time moves when its
     * fields or its tags change, not on a save of what is stored.
     */
    updateDish: (id: number, changes: DishChanges, newTags: readonly number[] | null, updatedAt: Date): Promise<void> =>
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('dishes')
          .set({ ...changes, updated_at: updatedAt })
          .where('id', '=', id)
          .where(newTags ? sql<boolean>`true` : differsFrom(changes))
          .execute();
        if (newTags) {
          await trx.deleteFrom('dish_tags').where('dish_id', '=', id).execute();
          if (newTags.length)
            await trx
              .insertInto('dish_tags')
              .values(newTags.map((tag_id) => ({ dish_id: id, tag_id })))
              .execute();
        }
      }),

    /**
     * One change to several dishes, in one transaction: the dishes are read and locked first and
     * handed to `check`, which throws to refuse the whole request (a dish unknown or not the
     * user's) before anything is written. Each dish whose stored values differ is written, and its
     * time moved; one that already holds them is left alone, as a single update leaves it.
     */
    updateDishes: (ids: readonly number[], changes: DishChanges, updatedAt: Date, check: (rows: DishRow[]) => void): Promise<number[]> =>
      db.transaction().execute(async (trx) => {
        const rows = await selectDishes(trx).where('dishes.id', 'in', ids).forUpdate('dishes').execute();
        check(rows);
        const written = await trx
          .updateTable('dishes')
          .set({ ...changes, updated_at: updatedAt })
          .where('id', 'in', ids)
          .where(differsFrom(changes))
          .returning('id')
          .execute();
        return written.map((row) => row.id);
      }),

    /** Orders keep the dish's name and price on their items; only the link to the dish is cleared. */
    removeDish: async (id: number): Promise<void> => {
      await db.deleteFrom('dishes').where('id', '=', id).execute();
    },
  };
}
