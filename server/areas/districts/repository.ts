import { sql, type Kysely } from 'kysely';
import { ofLiveRestaurant, type Reference } from '../../db/references';
import type { Database } from '../../db/schema';

/**
 * The queries of districts beyond the calls they share with tags (../cities/cityRowsRepository.ts):
 * the only place the districts area builds SQL.
 */

/** Restaurants' delivery prices, restaurants and orders keep their district (a deleted restaurant does not). */
export const DISTRICT_REFERENCES: readonly Reference[] = [
  ['restaurant delivery prices', 'district_restaurants', 'district_id', ofLiveRestaurant],
  ['restaurants', 'restaurants', 'district_id', sql`deleted_at IS NULL`],
  ['orders', 'orders', 'district_id'],
];

export function districtRepository(db: Kysely<Database>) {
  return {
    /** A city's districts in their short form, by name. */
    plain: (cityId: number): Promise<{ id: number; name: string; name_ru: string }[]> =>
      db.selectFrom('districts').select(['id', 'name', 'name_ru']).where('city_id', '=', cityId).orderBy('name').orderBy('id').execute(),
  };
}
