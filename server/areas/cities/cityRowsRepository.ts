import type { Kysely } from 'kysely';
import { inUserCities, type Actor } from '../../auth/scope';
import { paginate, type PageParams, type TotalHeader } from '../../db/paginate';
import { countReferences, type Reference } from '../../db/references';
import type { Database } from '../../db/schema';

/** The queries of tags and districts (cityRows.ts): the only place their calls build SQL. */
export type CityRowTable = 'tags' | 'districts';

const COLUMNS = ['id', 'name', 'name_ru', 'city_id'] as const;

export interface CityRow {
  id: number;
  name: string;
  name_ru: string;
  city_id: number;
}

/** `references`: what keeps a row from being deleted or moved; none for rows that are only labels. */
export function cityRowRepository(db: Kysely<Database>, table: CityRowTable, references: readonly Reference[] | undefined) {
  return {
    find: (id: number): Promise<CityRow | undefined> => db.selectFrom(table).select(COLUMNS).where('id', '=', id).executeTakeFirst(),

    /** A city's rows by name, a page of them. */
    list: (cityId: number, params: PageParams<'id' | 'name' | 'name_ru'>, total: TotalHeader): Promise<CityRow[]> =>
      paginate(db.selectFrom(table).select(COLUMNS).where('city_id', '=', cityId), params, total, {
        columns: { id: 'id', name: 'name', name_ru: 'name_ru' },
        defaultOrder: (q) => q.orderBy('name').orderBy('id'),
      }),

    /** The rows of these ids in the cities the user works in, by id. */
    some: (user: Actor, ids: readonly number[]): Promise<CityRow[]> =>
      db
        .selectFrom(table)
        .select(COLUMNS)
        .where('id', 'in', ids)
        .where((eb) => inUserCities(eb, user, eb.ref('city_id')))
        .orderBy('id')
        .execute(),

    /** What refers to the row, as the in-use error names it; nothing when it is free. */
    used: (id: number): Promise<string> => (references ? countReferences(db, id, references) : Promise.resolve('')),

    create: (row: { city_id: number; name: string; name_ru: string }): Promise<CityRow> =>
      db.insertInto(table).values(row).returning(COLUMNS).executeTakeFirstOrThrow(),

    update: (id: number, changes: { name?: string; name_ru?: string; city_id?: number }): Promise<CityRow> =>
      db.updateTable(table).set(changes).where('id', '=', id).returning(COLUMNS).executeTakeFirstOrThrow(),

    remove: async (id: number): Promise<void> => {
      await db.deleteFrom(table).where('id', '=', id).execute();
    },
  };
}
