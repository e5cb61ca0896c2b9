import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Selectable } from 'kysely';
import { z } from 'zod';
import {
  API_PATHS,
  can,
  citySchema,
  cityRecord,
  cityUpdateSchema,
  configKeysFor,
  isCityConfigKey,
  validateConfig,
} from '../../../src/domain';
import { currentUser, requireCan } from '../../auth/authorize';
import { newAuthKey } from '../../auth/password';
import { assertCityVisible, assertCityWritable, inUserCities, type Actor } from '../../auth/scope';
import { paginate, pageQuery } from '../../db/paginate';
import { countReferences, type Reference } from '../../db/references';
import type { CitiesTable } from '../../db/schema';
import { conflict, forbidden, invalidFields, notFound } from '../../errors';
import { cityIdParams, idParams, idsQuery } from '../../http/params';
import type { RouteDeps } from '../deps';

type CityRow = Selectable<CitiesTable>;

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

/** What keeps a city from being deleted. */
const CITY_REFERENCES: readonly Reference[] = [
  ['restaurants', 'restaurants', 'city_id'],
  ['districts', 'districts', 'city_id'],
  ['bots', 'bots', 'city_id'],
  ['users', 'users', 'city_id'],
  ['orders', 'orders', 'city_id'],
  ['tags', 'tags', 'city_id'],
  ['cuisines', 'cuisines', 'city_id'],
];

/** Config as the API carries it: `{key, value}` pairs, every value a string ('' for "not set"). */
const configPair = z.object({ key: z.string(), value: z.string() });
const configPairsIn = z
  .array(z.object({ key: z.string(), value: z.string().nullish() }))
  .min(1, { error: 'validation.nothingToChange' })
  .max(200);
const listQuery = pageQuery(['id', 'name', 'name_ru', 'currency', 'active']);

/** Cities and their key-value config (spec section 7, Cities, districts, config). */
export const cityRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const load = async (id: number) => {
    const row = await db.selectFrom('cities').selectAll().where('id', '=', id).executeTakeFirst();
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
      let query = db.selectFrom('cities').selectAll().where(inUserCities(user, 'id'));
      if (request.query.ids) query = query.where('id', 'in', request.query.ids.length ? request.query.ids : [0]);
      const rows = await paginate(query, request.query, reply, {
        columns: { id: 'id', name: 'name', name_ru: 'name_ru', currency: 'currency', active: 'active' },
        defaultOrder: (q) => q.orderBy('name').orderBy('id'),
      });
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
      const row = await db
        .insertInto('cities')
        .values({
          name: body.name.trim(),
          name_ru: body.name_ru ?? '',
          chatname: body.chatname ?? '',
          currency: body.currency,
          active: body.active ?? false,
          auth_key: newAuthKey(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
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
      const row = await db
        .updateTable('cities')
        .set({
          ...(body.name !== undefined ? { name: body.name.trim() } : {}),
          ...(body.name_ru !== undefined ? { name_ru: body.name_ru ?? '' } : {}),
          ...(body.chatname !== undefined ? { chatname: body.chatname ?? '' } : {}),
          ...(body.currency !== undefined ? { currency: body.currency } : {}),
          ...(body.active !== undefined ? { active: body.active } : {}),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toCity(row, user);
    },
  );

  app.delete(
    API_PATHS.cities.one,
    { schema: { params: idParams, response: { 200: cityRecord } }, preValidation: requireCan('cities', 'delete') },
    async (request) => {
      const city = await load(request.params.id);
      const used = await countReferences(db, city.id, CITY_REFERENCES);
      if (used) throw conflict('CITY_IN_USE', { name: city.name, used });
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('city_configs').where('city_id', '=', city.id).execute();
        await trx.deleteFrom('cities').where('id', '=', city.id).execute();
      });
      return toCity(city, currentUser(request));
    },
  );

  /** The config pairs the user's role may read, in key order. */
  const readConfig = async (cityId: number, user: Actor) => {
    const readable = configKeysFor(user.roleId);
    const rows = await db.selectFrom('city_configs').select(['key', 'value']).where('city_id', '=', cityId).orderBy('key').execute();
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
      const entries = Object.entries(values).map(([key, value]) => ({ city_id: cityId, key, value }));
      if (entries.length) {
        await db
          .insertInto('city_configs')
          .values(entries)
          .onConflict((oc) => oc.columns(['city_id', 'key']).doUpdateSet({ value: sql`excluded.value` }))
          .execute();
      }
      return readConfig(cityId, user);
    },
  );
};
