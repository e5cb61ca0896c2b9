import { sql, type Insertable, type Kysely } from 'kysely';
import { inUserCities, type Actor } from '../../auth/scope';
import type { Database, ReferralLinksTable } from '../../db/schema';

/** The queries of referral links (answered over GraphQL): the only place the area builds SQL. */
const selectLinks = (db: Kysely<Database>) =>
  db
    .selectFrom('referral_links')
    .leftJoin('cities', 'cities.id', 'referral_links.city_id')
    .selectAll('referral_links')
    .select('cities.chatname as city_chatname');
export type LinkRow = Awaited<ReturnType<ReturnType<typeof selectLinks>['execute']>>[number];

/**
 * Codes are unique whatever their case (SPRING and spring would be one code to the people who
 * pass it on): a new code takes the advisory lock of its lower-case spelling, in a key space of
 * its own, while it checks and inserts.
 */
const CODE_LOCK_SPACE = 0x7265_6631;

export function referralRepository(db: Kysely<Database>) {
  return {
    /** A city's links (every link for null), newest first. */
    list: (cityId: number | null): Promise<LinkRow[]> => {
      let query = selectLinks(db);
      if (cityId !== null) query = query.where('referral_links.city_id', '=', cityId);
      return query.orderBy('referral_links.created_at', 'desc').orderBy('referral_links.id', 'desc').execute();
    },

    get: (id: number): Promise<LinkRow> => selectLinks(db).where('referral_links.id', '=', id).executeTakeFirstOrThrow(),

    /** Whether the restaurant is one of the city's (not deleted). */
    isCityRestaurant: async (restaurantId: number, cityId: number): Promise<boolean> =>
      !!(await db
        .selectFrom('restaurants')
        .select('id')
        .where('id', '=', restaurantId)
        .where('city_id', '=', cityId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()),

    /** The restaurant of a dish category of the city (of a restaurant not deleted), if it is one. */
    cityCategory: (categoryId: number, cityId: number): Promise<{ restaurant_id: number } | undefined> =>
      db
        .selectFrom('dish_categories')
        .innerJoin('restaurants', 'restaurants.id', 'dish_categories.restaurant_id')
        .select('dish_categories.restaurant_id')
        .where('dish_categories.id', '=', categoryId)
        .where('restaurants.city_id', '=', cityId)
        .where('restaurants.deleted_at', 'is', null)
        .executeTakeFirst(),

    /** The city of a restaurant not deleted. */
    restaurantCity: async (restaurantId: number): Promise<number | undefined> =>
      (
        await db
          .selectFrom('restaurants')
          .select('city_id')
          .where('id', '=', restaurantId)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
      )?.city_id,

    /** The city of a dish category of a restaurant not deleted. */
    categoryCity: async (categoryId: number): Promise<number | undefined> =>
      (
        await db
          .selectFrom('dish_categories')
          .innerJoin('restaurants', 'restaurants.id', 'dish_categories.restaurant_id')
          .select('restaurants.city_id')
          .where('dish_categories.id', '=', categoryId)
          .where('restaurants.deleted_at', 'is', null)
          .executeTakeFirst()
      )?.city_id,

    /**
     * Stores a new link unless its code is taken in any spelling; answers its id, or null when
     * the code is taken. One new code at a time per spelling: the unique index does not see case.
     */
    createIfFree: (link: Insertable<ReferralLinksTable>): Promise<number | null> =>
      db.transaction().execute(async (trx) => {
        const lower = link.code.toLowerCase();
        await sql`SELECT pg_advisory_xact_lock(${CODE_LOCK_SPACE}, hashtext(${lower}))`.execute(trx);
        const taken = await trx
          .selectFrom('referral_links')
          .select('id')
          .where(sql<string>`lower(code)`, '=', lower)
          .executeTakeFirst();
        if (taken) return null;
        return (await trx.insertInto('referral_links').values(link).returning('id').executeTakeFirstOrThrow()).id;
      }),

    /** Deletes a link of a city the user works in; false when there is none (a link of every city, for a city admin). */
    remove: async (user: Actor, id: number): Promise<boolean> =>
      !!(await db
        .deleteFrom('referral_links')
        .where('id', '=', id)
        .where((eb) => inUserCities(eb, user, eb.ref('referral_links.city_id')))
        .returning('id')
        .executeTakeFirst()),
  };
}
