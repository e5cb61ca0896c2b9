import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { WEEK_DAYS, type DistrictPrice, type WorkingDay } from '../../../src/domain';
import { differsFrom } from '../../db/differsFrom';
import type { Database, RestaurantsTable } from '../../db/schema';
import { enqueueEvent } from '../../jobs/events';
import { dropUnpauseEvents } from './restaurantPauseEvent';

/**
 * The writes of restaurants and the look-ups their checks need: with restaurantReads.ts (the
 * reads, which leave restaurants marked deleted out), the only place the restaurants area
 * builds SQL.
 */
type Db = Kysely<Database> | Transaction<Database>;

/** A restaurant's rows of other tables, each replaced whole when given. */
export interface RestaurantParts {
  workingDays?: readonly WorkingDay[];
  cuisines?: readonly number[];
  districts?: readonly DistrictPrice[];
}

const writeDays = async (trx: Db, restaurantId: number, days: readonly WorkingDay[]) => {
  await trx.deleteFrom('restaurant_working_days').where('restaurant_id', '=', restaurantId).execute();
  const given = new Map(days.map((d) => [d.value, d]));
  await trx
    .insertInto('restaurant_working_days')
    .values(
      WEEK_DAYS.map((value) => ({
        restaurant_id: restaurantId,
        value,
        enabled: given.get(value)?.enabled ?? false,
        schedule: (given.get(value)?.schedule ?? '').trim(),
      })),
    )
    .execute();
};
const writeCuisines = async (trx: Db, restaurantId: number, cuisines: readonly number[]) => {
  await trx.deleteFrom('restaurant_cuisines').where('restaurant_id', '=', restaurantId).execute();
  const unique = [...new Set(cuisines)];
  if (unique.length) {
    await trx
      .insertInto('restaurant_cuisines')
      .values(unique.map((cuisine_id) => ({ restaurant_id: restaurantId, cuisine_id })))
      .execute();
  }
};
const writeDistricts = async (trx: Db, restaurantId: number, rows: readonly DistrictPrice[]) => {
  await trx.deleteFrom('district_restaurants').where('restaurant_id', '=', restaurantId).execute();
  if (rows.length) {
    await trx
      .insertInto('district_restaurants')
      .values(rows.map((d) => ({ restaurant_id: restaurantId, district_id: d.districtId, enabled: d.enabled, price: d.price ?? null })))
      .execute();
  }
};
const writeParts = async (trx: Db, restaurantId: number, parts: RestaurantParts) => {
  if (parts.workingDays) await writeDays(trx, restaurantId, parts.workingDays);
  if (parts.cuisines) await writeCuisines(trx, restaurantId, parts.cuisines);
  if (parts.districts) await writeDistricts(trx, restaurantId, parts.districts);
};

export function restaurantRepository(db: Kysely<Database>) {
  return {
    /** The id of the user with this messenger id, if there is one. */
    userIdByTelegramId: async (telegramId: number): Promise<number | undefined> =>
      (await db.selectFrom('users').select('id').where('telegram_id', '=', telegramId).executeTakeFirst())?.id,

    /** Which of these cuisines are the city's. */
    cityCuisineIds: async (cityId: number, ids: readonly number[]): Promise<number[]> =>
      (await db.selectFrom('cuisines').select('id').where('city_id', '=', cityId).where('id', 'in', ids).execute()).map((c) => c.id),

    /** Which of these districts are the city's, with their names. */
    cityDistricts: (cityId: number, ids: readonly number[]): Promise<{ id: number; name: string }[]> =>
      db.selectFrom('districts').select(['id', 'name']).where('city_id', '=', cityId).where('id', 'in', ids).execute(),

    /** A new restaurant with its working days, cuisines and district prices; answers its id. */
    create: (restaurant: Insertable<RestaurantsTable>, parts: Required<RestaurantParts>): Promise<number> =>
      db.transaction().execute(async (trx) => {
        const { id } = await trx.insertInto('restaurants').values(restaurant).returning('id').executeTakeFirstOrThrow();
        await writeParts(trx, id, parts);
        return id;
      }),

    /** Writes the changed columns (only when they differ from what is stored) and the parts given. */
    update: (id: number, set: Updateable<RestaurantsTable>, parts: RestaurantParts): Promise<void> =>
      db.transaction().execute(async (trx) => {
        if (Object.keys(set).length) await trx.updateTable('restaurants').set(set).where('id', '=', id).where(differsFrom(set)).execute();
        await writeParts(trx, id, parts);
      }),

    setPhoto: async (id: number, fileId: string): Promise<void> => {
      await db.updateTable('restaurants').set({ telegram_file_id: fileId }).where('id', '=', id).execute();
    },

    /**
     * Marked deleted, never removed: its orders keep showing its name and prices. It lets go of
     * its cuisines and districts (orders keep their own district), so those can be deleted.
     */
    markDeleted: (id: number, at: Date): Promise<void> =>
      db.transaction().execute(async (trx) => {
        await trx.updateTable('restaurants').set({ deleted_at: at, enabled: false, district_id: null }).where('id', '=', id).execute();
        await trx.deleteFrom('restaurant_cuisines').where('restaurant_id', '=', id).execute();
        await trx.deleteFrom('district_restaurants').where('restaurant_id', '=', id).execute();
      }),

    /**
     * Pauses the restaurant from `at` until `until` (null: until reopened). The pause and the
     * event that clears it at its end are written together, so a restart between the two
     * cannot leave a pause without its end.
     */
    pause: (id: number, at: Date, until: Date | null): Promise<void> =>
      db.transaction().execute(async (trx) => {
        await trx.updateTable('restaurants').set({ paused_at: at, paused_until: until }).where('id', '=', id).execute();
        await dropUnpauseEvents(trx, id);
        if (until) await enqueueEvent(trx, { type: 'restaurant_unpause', payload: { restaurantId: id } }, until);
      }),

    reopen: (id: number): Promise<void> =>
      db.transaction().execute(async (trx) => {
        await trx.updateTable('restaurants').set({ paused_at: null, paused_until: null }).where('id', '=', id).execute();
        await dropUnpauseEvents(trx, id);
      }),
  };
}
