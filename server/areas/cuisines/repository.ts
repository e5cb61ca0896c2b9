import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { inUserCities, type Actor } from '../../auth/scope';
import { paginate, type PageParams, type TotalHeader } from '../../db/paginate';
import { countReferences, ofLiveRestaurant } from '../../db/references';
import type { CuisinesTable, Database } from '../../db/schema';

/** The queries of cuisines: the only place the cuisines area builds SQL. */
export type CuisineRow = Pick<Selectable<CuisinesTable>, 'id' | 'name' | 'name_ru' | 'position' | 'enabled' | 'city_id'> & {
  city_name: string;
};

const SORT_COLUMNS = {
  id: 'cuisines.id',
  name: 'cuisines.name',
  name_ru: 'cuisines.name_ru',
  position: 'cuisines.position',
  enabled: 'cuisines.enabled',
  cityId: 'cuisines.city_id',
} as const;

export type CuisineSort = keyof typeof SORT_COLUMNS;

export function cuisineRepository(db: Kysely<Database>) {
  const selectCuisines = () =>
    db
      .selectFrom('cuisines')
      .innerJoin('cities', 'cities.id', 'cuisines.city_id')
      .select([
        'cuisines.id',
        'cuisines.name',
        'cuisines.name_ru',
        'cuisines.position',
        'cuisines.enabled',
        'cuisines.city_id',
        'cities.name as city_name',
      ]);

  return {
    find: (id: number): Promise<CuisineRow | undefined> => selectCuisines().where('cuisines.id', '=', id).executeTakeFirst(),

    /** react-admin's getMany: the cuisines of these ids in the cities the user works in. */
    some: (user: Actor, ids: readonly number[]): Promise<CuisineRow[]> =>
      selectCuisines()
        .where('cuisines.id', 'in', ids)
        .where((eb) => inUserCities(eb, user, eb.ref('cuisines.city_id')))
        .execute(),

    /** A city's cuisines (every city's for null), by position then name, paged when asked. */
    list: (cityId: number | null, params: PageParams<CuisineSort>, total: TotalHeader): Promise<CuisineRow[]> =>
      paginate(cityId === null ? selectCuisines() : selectCuisines().where('cuisines.city_id', '=', cityId), params, total, {
        columns: SORT_COLUMNS,
        defaultOrder: (q) => q.orderBy('cuisines.position').orderBy('cuisines.name').orderBy('cuisines.id'),
      }),

    /** What still refers to a cuisine: the restaurants (not deleted) filed under it. */
    references: (cuisineId: number) =>
      countReferences(db, cuisineId, [['restaurants', 'restaurant_cuisines', 'cuisine_id', ofLiveRestaurant]]),

    create: async (cuisine: Insertable<CuisinesTable>): Promise<number> =>
      (await db.insertInto('cuisines').values(cuisine).returning('id').executeTakeFirstOrThrow()).id,

    update: async (id: number, changes: Updateable<CuisinesTable>): Promise<void> => {
      await db.updateTable('cuisines').set(changes).where('id', '=', id).execute();
    },

    remove: async (id: number): Promise<void> => {
      await db.deleteFrom('cuisines').where('id', '=', id).execute();
    },
  };
}
