import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { namedCityRecord, namedCityRowUpdateSchema, tagSchema, type ApiErrorCode, type ResourceName } from '../../../src/domain';
import { currentUser, requireCan } from '../../auth/authorize';
import { assertCityVisible, assertCityWritable } from '../../auth/scope';
import { pageQuery } from '../../db/paginate';
import type { Reference } from '../../db/references';
import { conflict, notFound } from '../../errors';
import { cityIdParams, idParams, idsQuery } from '../../http/params';
import { checkCityMove, nameChanges, newRowCity } from './cityMove';
import type { RouteDeps } from '../deps';
import { cityRowRepository, type CityRow, type CityRowTable } from './cityRowsRepository';

/** Tags and districts: a name and a Russian name in a city, with the same five calls. */
export interface CityRowsOptions {
  table: CityRowTable;
  resource: ResourceName & ('tags' | 'districts');
  /** "Tag", "District": how messages name one. */
  what: string;
  /** The spec's paths of its calls. */
  paths: { cityList: string; one: string; create: string; many: string };
  notFoundCode: ApiErrorCode;
  /** What keeps a row from being deleted or moved; none for rows that are only labels. */
  references?: readonly Reference[];
  inUseCode?: ApiErrorCode;
}

const toRecord = (row: CityRow) => ({
  id: row.id,
  name: row.name,
  name_ru: row.name_ru,
  cityId: row.city_id,
});

const listQuery = pageQuery(['id', 'name', 'name_ru']);
const createBody = tagSchema.partial({ cityId: true });

export const cityRowRoutes: FastifyPluginAsyncZod<RouteDeps & CityRowsOptions> = async (app, options) => {
  const { db, table, resource, what, paths, notFoundCode, references, inUseCode } = options;
  const rows = cityRowRepository(db, table, references);
  const load = async (id: number) => {
    const row = await rows.find(id);
    if (!row) throw notFound(notFoundCode);
    return row;
  };

  app.get(
    paths.cityList,
    {
      schema: { params: cityIdParams, querystring: listQuery, response: { 200: z.array(namedCityRecord) } },
      preValidation: requireCan(resource, 'list'),
    },
    async (request, reply) => {
      const { cityId } = request.params;
      assertCityVisible(currentUser(request), cityId);
      return (await rows.list(cityId, request.query, reply)).map(toRecord);
    },
  );

  /** The rows of these ids that the user may see: react-admin's getMany in one call. */
  app.get(
    paths.many,
    {
      schema: { querystring: z.object({ ids: idsQuery }), response: { 200: z.array(namedCityRecord) } },
      preValidation: requireCan(resource, 'list'),
    },
    async (request) => {
      const ids = request.query.ids ?? [];
      if (ids.length === 0) return [];
      return (await rows.some(currentUser(request), ids)).map(toRecord);
    },
  );

  app.get(
    paths.one,
    { schema: { params: idParams, response: { 200: namedCityRecord } }, preValidation: requireCan(resource, 'show') },
    async (request) => {
      const row = await load(request.params.id);
      assertCityVisible(currentUser(request), row.city_id);
      return toRecord(row);
    },
  );

  app.post(
    paths.create,
    { schema: { body: createBody, response: { 201: namedCityRecord } }, preValidation: requireCan(resource, 'create') },
    async (request, reply) => {
      const user = currentUser(request);
      const cityId = await newRowCity(db, user, request.body.cityId);
      const row = await rows.create({ city_id: cityId, name: request.body.name.trim(), name_ru: request.body.name_ru ?? '' });
      reply.status(201);
      return toRecord(row);
    },
  );

  app.put(
    paths.one,
    {
      schema: { params: idParams, body: namedCityRowUpdateSchema, response: { 200: namedCityRecord } },
      preValidation: requireCan(resource, 'edit'),
    },
    async (request) => {
      const user = currentUser(request);
      const existing = await load(request.params.id);
      assertCityWritable(user, existing.city_id);
      const { cityId } = request.body;
      const moving = await checkCityMove(db, user, existing, cityId, what, () => rows.used(existing.id));
      const changes = { ...nameChanges(request.body), ...(moving && cityId !== undefined ? { city_id: cityId } : {}) };
      if (Object.keys(changes).length === 0) return toRecord(existing);
      const row = await rows.update(existing.id, changes);
      return toRecord(row);
    },
  );

  app.delete(
    paths.one,
    { schema: { params: idParams, response: { 200: namedCityRecord } }, preValidation: requireCan(resource, 'delete') },
    async (request) => {
      const existing = await load(request.params.id);
      assertCityWritable(currentUser(request), existing.city_id);
      // A row still in use is never deleted (the foreign keys refuse it too, should a
      // reference appear between this check and the delete); labels go with their uses.
      const inUse = await rows.used(existing.id);
      if (inUse && inUseCode) throw conflict(inUseCode, { name: existing.name, used: inUse });
      await rows.remove(existing.id);
      return toRecord(existing);
    },
  );
};
