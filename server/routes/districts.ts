import type { FastifyPluginAsync } from 'fastify';
import { districtSchema } from '../../src/domain';
import { currentUser, requireCan } from '../auth/authorize';
import { conflict } from '../errors';
import {
  assertCityVisible,
  assertCityWritable,
  bodyObject,
  checkCityMove,
  countReferences,
  idParam,
  nameChanges,
  newCityRow,
  validBody,
  namedCityRowLoader,
  NAMED_CITY_COLUMNS,
  toNamedCityRow,
  type RouteDeps,
} from './common';

/** The JSON of a district (spec section 3). */
const toDistrict = toNamedCityRow;

/** Districts of a city (spec section 7, Cities, districts, config). */
export const districtRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  const columns = NAMED_CITY_COLUMNS;
  const load = namedCityRowLoader(db, 'districts', 'District not found');

  /** What still points at a district: restaurants' delivery prices, restaurants and orders. */
  const references = (districtId: number) =>
    countReferences(db, districtId, [
      ['restaurant delivery prices', 'district_restaurants', 'district_id'],
      ['restaurants', 'restaurants', 'district_id'],
      ['orders', 'orders', 'district_id'],
    ]);
  const cityDistricts = (cityId: number) =>
    db.selectFrom('districts').select(columns).where('city_id', '=', cityId).orderBy('name').orderBy('id').execute();

  app.get('/cities/:cityId/districts', { preHandler: requireCan('districts', 'list') }, async (request) => {
    const cityId = idParam(request, 'cityId');
    assertCityVisible(currentUser(request), cityId);
    return (await cityDistricts(cityId)).map(toDistrict);
  });

  /** The short form the restaurant form uses for its delivery prices. */
  app.get('/districts/plain/:cityId', { preHandler: requireCan('districts', 'list') }, async (request) => {
    const cityId = idParam(request, 'cityId');
    assertCityVisible(currentUser(request), cityId);
    return (await cityDistricts(cityId)).map(({ id, name, name_ru }) => ({ id, name, name_ru }));
  });

  app.get('/districts/:id', { preHandler: requireCan('districts', 'show') }, async (request) => {
    const row = await load(idParam(request));
    assertCityVisible(currentUser(request), row.city_id);
    return toDistrict(row);
  });

  app.post('/districts', { preHandler: requireCan('districts', 'create') }, async (request, reply) => {
    const { body, cityId } = await newCityRow(db, request, currentUser(request), districtSchema);
    const row = await db
      .insertInto('districts')
      .values({ city_id: cityId, name: (body.name as string).trim(), name_ru: (body.name_ru as string | undefined) ?? '' })
      .returning(columns)
      .executeTakeFirstOrThrow();
    reply.status(201);
    return toDistrict(row);
  });

  app.put('/districts/:id', { preHandler: requireCan('districts', 'edit') }, async (request) => {
    const user = currentUser(request);
    const existing = await load(idParam(request));
    assertCityWritable(user, existing.city_id);
    const body = validBody(bodyObject(request), districtSchema, { partial: true });
    const moving = await checkCityMove(db, user, existing, body.cityId, 'District', () => references(existing.id));
    const changes = {
      ...nameChanges(body),
      ...(moving ? { city_id: body.cityId as number } : {}),
    };
    if (Object.keys(changes).length === 0) return toDistrict(existing);
    const row = await db
      .updateTable('districts')
      .set(changes)
      .where('id', '=', existing.id)
      .returning(columns)
      .executeTakeFirstOrThrow();
    return toDistrict(row);
  });

  app.delete('/districts/:id', { preHandler: requireCan('districts', 'delete') }, async (request) => {
    const existing = await load(idParam(request));
    assertCityWritable(currentUser(request), existing.city_id);
    // Prices and orders keep their district: a district in use is never deleted (the foreign
    // keys refuse it too, should a reference appear between this check and the delete).
    const used = await references(existing.id);
    if (used) {
      throw conflict(`District "${existing.name}" cannot be deleted: it is still used by ${used}. Remove those references first.`);
    }
    await db.deleteFrom('districts').where('id', '=', existing.id).execute();
    return toDistrict(existing);
  });
};
