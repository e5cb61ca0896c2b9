import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import { Role } from '../../../src/domain';
import { inUserCities, type Actor } from '../../auth/scope';
import { countReferences, type Reference } from '../../db/references';
import { paginate, type PageParams, type TotalHeader } from '../../db/paginate';
import type { CitiesTable, Database } from '../../db/schema';

/** The queries of cities and their config: the only place the cities area builds SQL. */
export type CityRow = Selectable<CitiesTable>;

export type CitySort = 'id' | 'name' | 'name_ru' | 'currency' | 'active';

/** What keeps a city from being deleted. */
const CITY_REFERENCES: readonly Reference[] = [
  ['restaurants', 'restaurants', 'city_id'],
  ['districts', 'districts', 'city_id'],
  ['bots', 'bots', 'city_id'],
  ['users', 'users', 'city_id'],
  ['orders', 'orders', 'city_id'],
  ['tags', 'tags', 'city_id'],
  ['cuisines', 'cuisines', 'city_id'],
  ['canned replies', 'canned_replies', 'city_id'],
];

/** The staff a city's setup needs: someone to run it and to handle its orders. */
const SETUP_STAFF_ROLES: readonly number[] = [Role.CITY_ADMIN, Role.OPERATOR];

export function cityRepository(db: Kysely<Database>) {
  return {
    find: (id: number): Promise<CityRow | undefined> => db.selectFrom('cities').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The cities the user works in (`ids` narrows them; an empty list matches none), a page of them. */
    list: (user: Actor, ids: readonly number[] | undefined, params: PageParams<CitySort>, total: TotalHeader): Promise<CityRow[]> => {
      let query = db
        .selectFrom('cities')
        .selectAll()
        .where((eb) => inUserCities(eb, user, eb.ref('id')));
      if (ids) query = query.where('id', 'in', ids.length ? ids : [0]);
      return paginate(query, params, total, {
        columns: { id: 'id', name: 'name', name_ru: 'name_ru', currency: 'currency', active: 'active' },
        defaultOrder: (q) => q.orderBy('name').orderBy('id'),
      });
    },

    /** A new city with its first config pairs, in one transaction. */
    create: (city: Insertable<CitiesTable>, config: Record<string, string>): Promise<CityRow> =>
      db.transaction().execute(async (trx) => {
        const row = await trx.insertInto('cities').values(city).returningAll().executeTakeFirstOrThrow();
        const entries = Object.entries(config).map(([key, value]) => ({ city_id: row.id, key, value }));
        if (entries.length) await trx.insertInto('city_configs').values(entries).execute();
        return row;
      }),

    update: (id: number, changes: Updateable<CitiesTable>): Promise<CityRow> =>
      db.updateTable('cities').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),

    /** What refers to the city, as CITY_IN_USE names it; nothing when it may be deleted. */
    references: (id: number) => countReferences(db, id, CITY_REFERENCES),

    /** Deletes the city with its config (the caller has made sure nothing else refers to it). */
    remove: (id: number): Promise<void> =>
      db.transaction().execute(async (trx) => {
        await trx.deleteFrom('city_configs').where('city_id', '=', id).execute();
        await trx.deleteFrom('cities').where('id', '=', id).execute();
      }),

    /** The city's config pairs, in key order. */
    config: (cityId: number): Promise<{ key: string; value: string }[]> =>
      db.selectFrom('city_configs').select(['key', 'value']).where('city_id', '=', cityId).orderBy('key').execute(),

    /** What a city's setup checklist counts, in one query: its rows of each kind and its restaurants without a dish. */
    setupCounts: (cityId: number) => {
      const count = (from: ReturnType<typeof sql>) => sql<number>`(SELECT count(*)::int FROM ${from} WHERE city_id = ${cityId})`;
      const withoutMenu = sql`restaurants r WHERE r.city_id = ${cityId} AND NOT EXISTS (
        SELECT 1 FROM dish_categories c JOIN dishes d ON d.dish_category_id = c.id WHERE c.restaurant_id = r.id)`;
      return db
        .selectFrom('cities')
        .where('id', '=', cityId)
        .select([
          'active',
          count(sql`districts`).as('districts'),
          count(sql`bots`).as('bots'),
          sql<number | null>`(SELECT min(id) FROM bots WHERE city_id = ${cityId})`.as('botId'),
          count(sql`cuisines`).as('cuisines'),
          count(sql`tags`).as('tags'),
          count(sql`restaurants`).as('restaurants'),
          sql<number>`(SELECT count(*)::int FROM ${withoutMenu})`.as('restaurantsWithoutMenu'),
          sql<number | null>`(SELECT min(r.id) FROM ${withoutMenu})`.as('firstWithoutMenu'),
          sql<number>`(SELECT count(*)::int FROM users WHERE city_id = ${cityId} AND role_id IN (${sql.join(SETUP_STAFF_ROLES)}))`.as(
            'staff',
          ),
        ])
        .executeTakeFirst();
    },

    /** Writes config pairs, each replacing the key's value if it was set. */
    writeConfig: async (cityId: number, values: Record<string, string>): Promise<void> => {
      const entries = Object.entries(values).map(([key, value]) => ({ city_id: cityId, key, value }));
      if (!entries.length) return;
      await db
        .insertInto('city_configs')
        .values(entries)
        .onConflict((oc) => oc.columns(['city_id', 'key']).doUpdateSet({ value: sql`excluded.value` }))
        .execute();
    },
  };
}
