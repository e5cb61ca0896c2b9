import { sql, type Insertable, type Kysely } from 'kysely';
import { paginate, type PageParams, type TotalHeader } from '../../db/paginate';
import type { Database, MailingsTable } from '../../db/schema';

/**
 * The queries of the mailings' calls: with audience.ts, mailingButton.ts and senderQueries.ts
 * (the sender's), the only place the mailings area builds SQL.
 */
const selectMailings = (db: Kysely<Database>) =>
  db
    .selectFrom('mailings as m')
    .leftJoin('users as s', 's.id', 'm.stopped_by')
    .select([
      'm.id',
      'm.city_id',
      'm.text',
      'm.photo_id',
      'm.created_at',
      'm.status',
      'm.position',
      'm.count',
      'm.config',
      'm.last_active_date',
      'm.started_at',
      'm.finished_at',
      'm.failure',
      'm.last_error',
      'm.blocked',
      'm.undelivered',
      'm.unconfirmed',
      's.username as stopped_by',
      'm.audience',
      // The chosen restaurants' names, for the filters in words (a restaurant deleted since keeps its name).
      sql<unknown>`(
        SELECT coalesce(json_agg(json_build_object('id', r.id, 'name', r.name, 'name_ru', r.name_ru) ORDER BY r.name, r.id), '[]'::json)
        FROM restaurants r
        WHERE jsonb_typeof(m.audience -> 'restaurantIds') = 'array'
          AND r.id IN (SELECT jsonb_array_elements_text(m.audience -> 'restaurantIds')::int))`.as('audience_restaurants'),
    ]);

export type MailingRow = Awaited<ReturnType<ReturnType<typeof selectMailings>['execute']>>[number];

export function mailingRepository(db: Kysely<Database>) {
  return {
    find: (id: number): Promise<MailingRow | undefined> => selectMailings(db).where('m.id', '=', id).executeTakeFirst(),

    /** A city's mailings (every city's for null), newest first, a page of them. */
    list: (cityId: number | null, params: PageParams<never>, total: TotalHeader): Promise<MailingRow[]> =>
      paginate(cityId === null ? selectMailings(db) : selectMailings(db).where('m.city_id', '=', cityId), params, total, {
        columns: {},
        defaultOrder: (q) => q.orderBy('m.created_at', 'desc').orderBy('m.id', 'desc'),
      }),

    cityName: async (cityId: number): Promise<string> =>
      (await db.selectFrom('cities').select('name').where('id', '=', cityId).executeTakeFirstOrThrow()).name,

    /** The city's bot, if it has one. */
    cityBotId: async (cityId: number): Promise<number | undefined> =>
      (await db.selectFrom('bots').select('id').where('city_id', '=', cityId).executeTakeFirst())?.id,

    create: async (mailing: Insertable<MailingsTable>): Promise<number> =>
      (await db.insertInto('mailings').values(mailing).returning('id').executeTakeFirstOrThrow()).id,
  };
}
