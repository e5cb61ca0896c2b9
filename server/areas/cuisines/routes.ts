import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS, cuisineRecord, cuisineSchema, cuisineUpdateSchema } from '../../../src/domain';
import { currentUser, requireCan } from '../../auth/authorize';
import { assertCityVisible, assertCityWritable, listedCity } from '../../auth/scope';
import { pageQuery, type PageParams, type TotalHeader } from '../../db/paginate';
import { conflict, notFound } from '../../errors';
import { cityIdParams, idParams, idsQuery, optionalQueryId } from '../../http/params';
import { checkCityMove, nameChanges, newRowCity } from '../cities/cityMove';
import type { RouteDeps } from '../deps';
import { cuisineRepository, type CuisineRow, type CuisineSort } from './repository';

/** The JSON of a cuisine (spec section 3): the one mapping from its row. */
export const toCuisine = (row: CuisineRow) => ({
  id: row.id,
  name: row.name,
  name_ru: row.name_ru,
  position: row.position,
  enabled: row.enabled,
  cityId: row.city_id,
  city: { id: row.city_id, name: row.city_name },
});

const listQuery = pageQuery(['id', 'name', 'name_ru', 'position', 'enabled', 'cityId']);
const cuisineList = z.array(cuisineRecord);

/** Cuisines a city's restaurants are filed under (spec section 7, Cuisines). */
export const cuisineRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const cuisines = cuisineRepository(db);

  const load = async (id: number): Promise<CuisineRow> => {
    const row = await cuisines.find(id);
    if (!row) throw notFound('CUISINE_NOT_FOUND');
    return row;
  };

  /** A city's cuisines (every city's for null), by position then name, paged when asked. */
  const list = async (cityId: number | null, query: PageParams<CuisineSort>, reply: TotalHeader) =>
    (await cuisines.list(cityId, query, reply)).map(toCuisine);

  app.get(
    API_PATHS.cuisines.list,
    {
      schema: { querystring: listQuery.extend({ cityId: optionalQueryId('city id'), ids: idsQuery }), response: { 200: cuisineList } },
      preValidation: requireCan('cuisines', 'list'),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { ids } = request.query;
      // react-admin's getMany: the cuisines of these ids that the user may see.
      if (ids) return (await cuisines.some(user, ids)).map(toCuisine);
      const cityId = listedCity(user, request.query.cityId);
      if (cityId === 'none') return [];
      return list(cityId, request.query, reply);
    },
  );

  app.get(
    API_PATHS.cuisines.cityList,
    {
      schema: { params: cityIdParams, querystring: listQuery, response: { 200: cuisineList } },
      preValidation: requireCan('cuisines', 'list'),
    },
    async (request, reply) => {
      const { cityId } = request.params;
      assertCityVisible(currentUser(request), cityId);
      return list(cityId, request.query, reply);
    },
  );

  app.get(
    API_PATHS.cuisines.one,
    { schema: { params: idParams, response: { 200: cuisineRecord } }, preValidation: requireCan('cuisines', 'show') },
    async (request) => {
      const row = await load(request.params.id);
      assertCityVisible(currentUser(request), row.city_id);
      return toCuisine(row);
    },
  );

  app.post(
    API_PATHS.cuisines.create,
    {
      schema: { body: cuisineSchema.partial({ cityId: true }), response: { 201: cuisineRecord } },
      preValidation: requireCan('cuisines', 'create'),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { body } = request;
      const cityId = await newRowCity(db, user, body.cityId);
      const id = await cuisines.create({
        city_id: cityId,
        name: body.name.trim(),
        name_ru: body.name_ru ?? '',
        // An empty position or enabled flag means the default a new cuisine gets.
        position: body.position ?? 0,
        enabled: body.enabled ?? true,
      });
      reply.status(201);
      return toCuisine(await load(id));
    },
  );

  app.put(
    API_PATHS.cuisines.one,
    {
      schema: { params: idParams, body: cuisineUpdateSchema, response: { 200: cuisineRecord } },
      preValidation: requireCan('cuisines', 'edit'),
    },
    async (request) => {
      const user = currentUser(request);
      const existing = await load(request.params.id);
      assertCityWritable(user, existing.city_id);
      const { body } = request;
      const moving = await checkCityMove(db, user, existing, body.cityId, 'Cuisine', () => cuisines.references(existing.id));
      const changes = {
        ...nameChanges(body),
        ...(body.position !== undefined ? { position: body.position ?? 0 } : {}),
        ...(body.enabled !== undefined ? { enabled: body.enabled ?? true } : {}),
        ...(moving && body.cityId !== undefined ? { city_id: body.cityId } : {}),
      };
      if (Object.keys(changes).length === 0) return toCuisine(existing);
      await cuisines.update(existing.id, changes);
      return toCuisine(await load(existing.id));
    },
  );

  app.delete(
    API_PATHS.cuisines.one,
    { schema: { params: idParams, response: { 200: cuisineRecord } }, preValidation: requireCan('cuisines', 'delete') },
    async (request) => {
      const existing = await load(request.params.id);
      assertCityWritable(currentUser(request), existing.city_id);
      // Restaurants keep their cuisines: one still in use is never deleted (the foreign key
      // refuses it too, should a restaurant take it up between this check and the delete).
      const used = await cuisines.references(existing.id);
      if (used) throw conflict('CUISINE_IN_USE', { name: existing.name, used });
      await cuisines.remove(existing.id);
      return toCuisine(existing);
    },
  );
};
