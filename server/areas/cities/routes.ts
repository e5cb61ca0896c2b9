import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  can,
  citySchema,
  cityRecord,
  cityUpdateSchema,
  CITY_CONFIG_DEFAULTS,
  CITY_SETUP_PATH,
  citySetup,
  citySetupRecord,
  configKeysFor,
  isCityConfigKey,
  validateConfig,
} from '../../../src/domain';
import { currentUser, requireCan } from '../../auth/authorize';
import { newAuthKey } from '../../auth/password';
import { assertCityVisible, assertCityWritable, type Actor } from '../../auth/scope';
import { pageQuery } from '../../db/paginate';
import { conflict, forbidden, invalidFields, notFound } from '../../errors';
import { cityIdParams, idParams, idsQuery } from '../../http/params';
import type { RouteDeps } from '../deps';
import { cityRepository, type CityRow } from './repository';

/** The JSON of a city (spec section 3); the auth key only for those who manage the city. */
export const toCity = (row: CityRow, user: Actor) => ({
  id: row.id,
  name: row.name,
  name_ru: row.name_ru,
  chatname: row.chatname,
  currency: row.currency,
  active: row.active,
  ...(can(user.roleId, 'cities', 'edit') ? { authKey: row.auth_key } : {}),
});

/** Config as the API carries it: `{key, value}` pairs, every value a string ('' for "not set"). */
const configPair = z.object({ key: z.string(), value: z.string() });
const configPairsIn = z
  .array(z.object({ key: z.string(), value: z.string().nullish() }))
  .min(1, { error: 'validation.nothingToChange' })
  .max(200);
const listQuery = pageQuery(['id', 'name', 'name_ru', 'currency', 'active']);

/** Cities and their key-value config (spec section 7, Cities, districts, config). */
export const cityRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const cities = cityRepository(db);
  const load = async (id: number) => {
    const row = await cities.find(id);
    if (!row) throw notFound('CITY_NOT_FOUND');
    return row;
  };

  app.get(
    API_PATHS.cities.list,
    {
      schema: { querystring: listQuery.extend({ ids: idsQuery }), response: { 200: z.array(cityRecord) } },
      preValidation: requireCan('cities', 'list'),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const rows = await cities.list(user, request.query.ids, request.query, reply);
      return rows.map((row) => toCity(row, user));
    },
  );

  app.get(
    API_PATHS.cities.one,
    { schema: { params: idParams, response: { 200: cityRecord } }, preValidation: requireCan('cities', 'show') },
    async (request) => {
      const user = currentUser(request);
      assertCityVisible(user, request.params.id);
      return toCity(await load(request.params.id), user);
    },
  );

  app.post(
    API_PATHS.cities.create,
    { schema: { body: citySchema, response: { 201: cityRecord } }, preValidation: requireCan('cities', 'create') },
    async (request, reply) => {
      const { body } = request;
      const row = await cities.create(
        {
          name: body.name.trim(),
          name_ru: body.name_ru ?? '',
          chatname: body.chatname ?? '',
          currency: body.currency,
          active: body.active ?? false,
          auth_key: newAuthKey(),
        },
        // Every setting with a sensible default starts with it, so that a new city lacks only what no default can say.
        { ...CITY_CONFIG_DEFAULTS },
      );
      reply.status(201);
      return toCity(row, currentUser(request));
    },
  );

  app.put(
    API_PATHS.cities.one,
    { schema: { params: idParams, body: cityUpdateSchema, response: { 200: cityRecord } }, preValidation: requireCan('cities', 'edit') },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      assertCityWritable(user, id);
      await load(id);
      const { body } = request;
      const row = await cities.update(id, {
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.name_ru !== undefined ? { name_ru: body.name_ru ?? '' } : {}),
        ...(body.chatname !== undefined ? { chatname: body.chatname ?? '' } : {}),
        ...(body.currency !== undefined ? { currency: body.currency } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
      });
      return toCity(row, user);
    },
  );

  app.delete(
    API_PATHS.cities.one,
    { schema: { params: idParams, response: { 200: cityRecord } }, preValidation: requireCan('cities', 'delete') },
    async (request) => {
      const city = await load(request.params.id);
      const used = await cities.references(city.id);
      if (used) throw conflict('CITY_IN_USE', { name: city.name, used });
      await cities.remove(city.id);
      return toCity(city, currentUser(request));
    },
  );

  /** The setup checklist of a city: what it has of each part it needs, and which settings it lacks. */
  app.get(
    CITY_SETUP_PATH,
    { schema: { params: cityIdParams, response: { 200: citySetupRecord } }, preValidation: requireCan('cities', 'edit') },
    async (request) => {
      const { cityId } = request.params;
      assertCityVisible(currentUser(request), cityId);
      const [counts, pairs] = await Promise.all([cities.setupCounts(cityId), cities.config(cityId)]);
      if (!counts) throw notFound('CITY_NOT_FOUND');
      const config = Object.fromEntries(pairs.filter((pair) => isCityConfigKey(pair.key)).map((pair) => [pair.key, pair.value]));
      return citySetup(cityId, { ...counts, config });
    },
  );

  /** The config pairs the user's role may read, in key order. */
  const readConfig = async (cityId: number, user: Actor) => {
    const readable = configKeysFor(user.roleId);
    const rows = await cities.config(cityId);
    return rows.filter((row) => isCityConfigKey(row.key) && readable.includes(row.key));
  };

  app.get(
    API_PATHS.cityConfig.one,
    { schema: { params: cityIdParams, response: { 200: z.array(configPair) } }, preValidation: requireCan('cityConfig', 'show') },
    async (request) => {
      const user = currentUser(request);
      const { cityId } = request.params;
      assertCityVisible(user, cityId);
      await load(cityId);
      return readConfig(cityId, user);
    },
  );

  app.put(
    API_PATHS.cityConfig.one,
    {
      schema: { params: cityIdParams, body: configPairsIn, response: { 200: z.array(configPair) } },
      preValidation: requireCan('cityConfig', 'edit'),
    },
    async (request) => {
      const user = currentUser(request);
      const { cityId } = request.params;
      assertCityWritable(user, cityId);
      await load(cityId);
      const values = Object.fromEntries(request.body.map(({ key, value }) => [key, value ?? '']));
      const errors = validateConfig(values);
      if (errors.length) throw invalidFields(errors);
      const writable = configKeysFor(user.roleId);
      const refused = Object.keys(values).filter((key) => isCityConfigKey(key) && !writable.includes(key));
      if (refused.length) throw forbidden('CONFIG_KEYS_REFUSED', { keys: refused.join(', ') });
      await cities.writeConfig(cityId, values);
      return readConfig(cityId, user);
    },
  );
};
