import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { API_PATHS, botRecord, botSchema, botUpdateSchema, botWebhookPath, cityOption, maskBotToken } from '../../../src/domain';
import { requireCan } from '../../auth/authorize';
import { assertCityExists } from '../../auth/scope';
import { paginate, pageQuery } from '../../db/paginate';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { botIdParams, idParams, idsQuery } from '../../http/params';
import { readGlobalSettings } from '../../settings';
import type { RouteDeps } from '../deps';

interface BotRow {
  id: number;
  bot_token: string;
  city_id: number;
  city_name: string;
  city_name_ru: string;
}

/**
 * The JSON of a bot (spec section 3): the one mapping from its row. `endpoint` is where the
 * messenger must post the bot's updates; without a public URL there is none to give.
 */
export const toBot = (row: BotRow, publicUrl: string | undefined, { masked }: { masked: boolean }) => ({
  id: row.id,
  botToken: masked ? maskBotToken(row.bot_token) : row.bot_token,
  endpoint: publicUrl ? `${publicUrl.replace(/\/+$/, '')}${botWebhookPath(row.id)}` : null,
  city: { id: row.city_id, name: row.city_name, name_ru: row.city_name_ru },
  cityId: row.city_id,
});

const selectBots = (db: Kysely<Database>) =>
  db
    .selectFrom('bots')
    .innerJoin('cities', 'cities.id', 'bots.city_id')
    .select(['bots.id', 'bots.bot_token', 'bots.city_id', 'cities.name as city_name', 'cities.name_ru as city_name_ru']);

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

const listQuery = pageQuery(['id', 'cityId']);

/** The messenger bots, one per city (spec section 7, Bots). Admins only. */
export const botRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const load = async (id: number) => {
    const row = await selectBots(db).where('bots.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('BOT_NOT_FOUND');
    return row;
  };
  const publicUrl = async () => (await readGlobalSettings(db)).publicUrl;

  /** A city speaks through one bot and a token belongs to one bot: say which one is in the way. */
  const assertFree = async ({ cityId, botToken, except }: { cityId?: number; botToken?: string; except?: number }) => {
    if (cityId !== undefined) {
      let query = selectBots(db).where('bots.city_id', '=', cityId);
      if (except !== undefined) query = query.where('bots.id', '<>', except);
      const taken = await query.executeTakeFirst();
      if (taken) throw conflict('CITY_HAS_BOT', { city: taken.city_name, id: taken.id });
    }
    if (botToken !== undefined) {
      let query = db.selectFrom('bots').select('id').where('bot_token', '=', botToken);
      if (except !== undefined) query = query.where('id', '<>', except);
      const taken = await query.executeTakeFirst();
      if (taken) throw conflict('BOT_TOKEN_TAKEN', { id: taken.id });
    }
  };

  app.get(
    API_PATHS.bots.list,
    {
      schema: { querystring: listQuery.extend({ ids: idsQuery }), response: { 200: z.array(botRecord) } },
      preValidation: requireCan('bots', 'list'),
    },
    async (request, reply) => {
      const { ids } = request.query;
      const query = ids ? selectBots(db).where('bots.id', 'in', ids.length ? ids : [0]) : selectBots(db);
      const [rows, url] = await Promise.all([
        paginate(query, request.query, reply, {
          columns: { id: 'bots.id', cityId: 'bots.city_id' },
          defaultOrder: (q) => q.orderBy('bots.id'),
        }),
        publicUrl(),
      ]);
      // The list never shows a token in full: only the bot's own screen does.
      return rows.map((row) => toBot(row, url, { masked: true }));
    },
  );

  app.get(
    API_PATHS.bots.one,
    { schema: { params: idParams, response: { 200: botRecord } }, preValidation: requireCan('bots', 'show') },
    async (request) => toBot(await load(request.params.id), await publicUrl(), { masked: false }),
  );

  app.post(
    API_PATHS.bots.create,
    { schema: { body: botSchema, response: { 201: botRecord } }, preValidation: requireCan('bots', 'create') },
    async (request, reply) => {
      const { cityId, botToken } = request.body;
      await assertCityExists(db, cityId);
      await assertFree({ cityId, botToken });
      const { id } = await db.insertInto('bots').values({ bot_token: botToken, city_id: cityId }).returning('id').executeTakeFirstOrThrow();
      reply.status(201);
      return toBot(await load(id), await publicUrl(), { masked: false });
    },
  );

  app.put(
    API_PATHS.bots.one,
    { schema: { params: idParams, body: botUpdateSchema, response: { 200: botRecord } }, preValidation: requireCan('bots', 'edit') },
    async (request) => {
      const existing = await load(request.params.id);
      const { cityId, botToken } = request.body;
      if (cityId !== undefined) await assertCityExists(db, cityId);
      await assertFree({ cityId, botToken, except: existing.id });
      await db
        .updateTable('bots')
        .set({ ...(cityId !== undefined ? { city_id: cityId } : {}), ...(botToken !== undefined ? { bot_token: botToken } : {}) })
        .where('id', '=', existing.id)
        .execute();
      return toBot(await load(existing.id), await publicUrl(), { masked: false });
    },
  );

  app.delete(
    API_PATHS.bots.one,
    { schema: { params: idParams, response: { 200: botRecord } }, preValidation: requireCan('bots', 'delete') },
    async (request) => {
      const existing = await load(request.params.id);
      // What the bot already sent stays recorded; the outbox forgets only which bot sent it.
      await db.deleteFrom('bots').where('id', '=', existing.id).execute();
      return toBot(existing, await publicUrl(), { masked: true });
    },
  );

  app.get(
    API_PATHS.bots.freeCities,
    { schema: { response: { 200: z.array(cityOption) } }, preValidation: requireCan('bots', 'create') },
    async () => citiesForBot(db, null),
  );

  app.get(
    API_PATHS.bots.freeCitiesFor,
    { schema: { params: botIdParams, response: { 200: z.array(cityOption) } }, preValidation: requireCan('bots', 'edit') },
    async (request) => citiesForBot(db, (await load(request.params.botId)).id),
  );
};
