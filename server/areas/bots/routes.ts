import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS, botRecord, botSchema, botUpdateSchema, botWebhookPath, cityOption, maskBotToken } from '../../../src/domain';
import { requireCan } from '../../auth/authorize';
import { assertCityExists } from '../../auth/scope';
import { pageQuery } from '../../db/paginate';
import { conflict, notFound } from '../../errors';
import { botIdParams, idParams, idsQuery } from '../../http/params';
import { readGlobalSettings } from '../../settings';
import type { RouteDeps } from '../deps';
import { botRepository, type BotRow } from './repository';

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

const listQuery = pageQuery(['id', 'cityId']);

/** The messenger bots, one per city (spec section 7, Bots). Admins only. */
export const botRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const bots = botRepository(db);
  const load = async (id: number) => {
    const row = await bots.find(id);
    if (!row) throw notFound('BOT_NOT_FOUND');
    return row;
  };
  const publicUrl = async () => (await readGlobalSettings(db)).publicUrl;

  /** A city speaks through one bot and a token belongs to one bot: say which one is in the way. */
  const assertFree = async ({ cityId, botToken, except }: { cityId?: number; botToken?: string; except?: number }) => {
    if (cityId !== undefined) {
      const taken = await bots.cityBot(cityId, except);
      if (taken) throw conflict('CITY_HAS_BOT', { city: taken.city_name, id: taken.id });
    }
    if (botToken !== undefined) {
      const taken = await bots.tokenBot(botToken, except);
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
      const [rows, url] = await Promise.all([bots.list(request.query.ids, request.query, reply), publicUrl()]);
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
      const id = await bots.create({ bot_token: botToken, city_id: cityId });
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
      await bots.update(existing.id, {
        ...(cityId !== undefined ? { city_id: cityId } : {}),
        ...(botToken !== undefined ? { bot_token: botToken } : {}),
      });
      return toBot(await load(existing.id), await publicUrl(), { masked: false });
    },
  );

  app.delete(
    API_PATHS.bots.one,
    { schema: { params: idParams, response: { 200: botRecord } }, preValidation: requireCan('bots', 'delete') },
    async (request) => {
      const existing = await load(request.params.id);
      await bots.remove(existing.id);
      return toBot(existing, await publicUrl(), { masked: true });
    },
  );

  app.get(
    API_PATHS.bots.freeCities,
    { schema: { response: { 200: z.array(cityOption) } }, preValidation: requireCan('bots', 'create') },
    async () => bots.citiesForBot(null),
  );

  app.get(
    API_PATHS.bots.freeCitiesFor,
    { schema: { params: botIdParams, response: { 200: z.array(cityOption) } }, preValidation: requireCan('bots', 'edit') },
    async (request) => bots.citiesForBot((await load(request.params.botId)).id),
  );
};
