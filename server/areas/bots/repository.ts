import type { Kysely } from 'kysely';
import { paginate, type PageParams, type TotalHeader } from '../../db/paginate';
import type { Database } from '../../db/schema';

/** The queries of the messenger bots: the only place the bots area builds SQL. */
const selectBots = (db: Kysely<Database>) =>
  db
    .selectFrom('bots')
    .innerJoin('cities', 'cities.id', 'bots.city_id')
    .select(['bots.id', 'bots.bot_token', 'bots.city_id', 'cities.name as city_name', 'cities.name_ru as city_name_ru']);

export type BotRow = Awaited<ReturnType<ReturnType<typeof selectBots>['executeTakeFirstOrThrow']>>;

/** The cities a bot may be attached to: those without a bot, and the bot's own (when editing one). */
const citiesForBot = (db: Kysely<Database>, botId: number | null) =>
  db
    .selectFrom('cities')
    .select(['cities.id', 'cities.name', 'cities.name_ru'])
    .where((eb) => {
      const free = eb.not(eb.exists(eb.selectFrom('bots').select('bots.id').whereRef('bots.city_id', '=', 'cities.id')));
      return botId === null
        ? free
        : eb.or([
            free,
            eb.exists(eb.selectFrom('bots').select('bots.id').whereRef('bots.city_id', '=', 'cities.id').where('bots.id', '=', botId)),
          ]);
    })
    .orderBy('cities.name')
    .orderBy('cities.id')
    .execute();

export function botRepository(db: Kysely<Database>) {
  return {
    find: (id: number): Promise<BotRow | undefined> => selectBots(db).where('bots.id', '=', id).executeTakeFirst(),

    /** Whether the bot exists (the messenger's webhook posts for it). */
    exists: async (id: number): Promise<boolean> => !!(await db.selectFrom('bots').select('id').where('id', '=', id).executeTakeFirst()),

    /** The bots (of these ids when given; an empty list matches none), a page of them. */
    list: (ids: readonly number[] | undefined, params: PageParams<'id' | 'cityId'>, total: TotalHeader): Promise<BotRow[]> =>
      paginate(ids ? selectBots(db).where('bots.id', 'in', ids.length ? ids : [0]) : selectBots(db), params, total, {
        columns: { id: 'bots.id', cityId: 'bots.city_id' },
        defaultOrder: (q) => q.orderBy('bots.id'),
      }),

    /** The bot of the city, other than `except`. */
    cityBot: (cityId: number, except?: number): Promise<BotRow | undefined> => {
      let query = selectBots(db).where('bots.city_id', '=', cityId);
      if (except !== undefined) query = query.where('bots.id', '<>', except);
      return query.executeTakeFirst();
    },

    /** The bot holding the token, other than `except`. */
    tokenBot: (botToken: string, except?: number): Promise<{ id: number } | undefined> => {
      let query = db.selectFrom('bots').select('id').where('bot_token', '=', botToken);
      if (except !== undefined) query = query.where('id', '<>', except);
      return query.executeTakeFirst();
    },

    citiesForBot: (botId: number | null) => citiesForBot(db, botId),

    create: async (bot: { bot_token: string; city_id: number }): Promise<number> =>
      (await db.insertInto('bots').values(bot).returning('id').executeTakeFirstOrThrow()).id,

    update: async (id: number, changes: { bot_token?: string; city_id?: number }): Promise<void> => {
      await db.updateTable('bots').set(changes).where('id', '=', id).execute();
    },

    /** What the bot already sent stays recorded; the outbox forgets only which bot sent it. */
    remove: async (id: number): Promise<void> => {
      await db.deleteFrom('bots').where('id', '=', id).execute();
    },
  };
}
