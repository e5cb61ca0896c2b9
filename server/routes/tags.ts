import type { FastifyPluginAsync } from 'fastify';
import { tagSchema } from '../../src/domain';
import { currentUser, requireCan } from '../auth/authorize';
import {
  assertCityVisible,
  assertCityWritable,
  bodyObject,
  checkCityMove,
  idParam,
  nameChanges,
  newCityRow,
  validBody,
  namedCityRowLoader,
  NAMED_CITY_COLUMNS,
  toNamedCityRow,
  type RouteDeps,
} from './common';

/** The JSON of a tag (spec section 3). */
const toTag = toNamedCityRow;

/** Tags of a city's dishes (spec section 7, Tags). */
export const tagRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  const columns = NAMED_CITY_COLUMNS;
  const load = namedCityRowLoader(db, 'tags', 'Tag not found');

  app.get('/tags/cities/:cityId', { preHandler: requireCan('tags', 'list') }, async (request) => {
    const cityId = idParam(request, 'cityId');
    assertCityVisible(currentUser(request), cityId);
    const rows = await db.selectFrom('tags').select(columns).where('city_id', '=', cityId).orderBy('name').execute();
    return rows.map(toTag);
  });

  app.get('/tags/:id', { preHandler: requireCan('tags', 'show') }, async (request) => {
    const row = await load(idParam(request));
    assertCityVisible(currentUser(request), row.city_id);
    return toTag(row);
  });

  app.post('/tags', { preHandler: requireCan('tags', 'create') }, async (request, reply) => {
    const { body, cityId } = await newCityRow(db, request, currentUser(request), tagSchema);
    const row = await db
      .insertInto('tags')
      .values({ city_id: cityId, name: body.name as string, name_ru: (body.name_ru as string | undefined) ?? '' })
      .returning(columns)
      .executeTakeFirstOrThrow();
    reply.status(201);
    return toTag(row);
  });

  app.put('/tags/:id', { preHandler: requireCan('tags', 'edit') }, async (request) => {
    const user = currentUser(request);
    const existing = await load(idParam(request));
    assertCityWritable(user, existing.city_id);
    const body = validBody(bodyObject(request), tagSchema, { partial: true });
    const moving = await checkCityMove(db, user, existing, body.cityId, 'Tag');
    const row = await db
      .updateTable('tags')
      .set({
        ...nameChanges(body),
        ...(moving ? { city_id: body.cityId as number } : {}),
      })
      .where('id', '=', existing.id)
      .returning(columns)
      .executeTakeFirstOrThrow();
    return toTag(row);
  });

  app.delete('/tags/:id', { preHandler: requireCan('tags', 'delete') }, async (request) => {
    const existing = await load(idParam(request));
    assertCityWritable(currentUser(request), existing.city_id);
    // Dishes lose the tag with it (dish_tags cascades): a tag is a label, not a dependency.
    await db.deleteFrom('tags').where('id', '=', existing.id).execute();
    return toTag(existing);
  });
};
