import type { FastifyPluginAsync } from 'fastify';
import type { Selectable } from 'kysely';
import { cuisineSchema, worksInEveryCity, type SessionUser } from '../../src/domain';
import { currentUser, requireCan } from '../auth/authorize';
import type { CuisinesTable } from '../db/schema';
import { conflict, notFound } from '../errors';
import {
  assertCityVisible,
  assertCityWritable,
  bodyObject,
  checkCityMove,
  countReferences,
  idParam,
  nameChanges,
  newCityRow,
  optionalIdParam,
  validBody,
  type RouteDeps,
} from './common';

type CuisineRow = Pick<Selectable<CuisinesTable>, 'id' | 'name' | 'name_ru' | 'position' | 'enabled' | 'city_id'> & {
  city_name: string;
};

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

/** An empty position or enabled flag means the default a new cuisine gets. */
const positionOf = (value: unknown): number => (typeof value === 'number' ? value : 0);
const enabledOf = (value: unknown): boolean => (typeof value === 'boolean' ? value : true);

/** Cuisines a city's restaurants are filed under (spec section 7, Cuisines). */
export const cuisineRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  const selectCuisines = () =>
    db
      .selectFrom('cuisines')
      .innerJoin('cities', 'cities.id', 'cuisines.city_id')
      .select([
        'cuisines.id',
        'cuisines.name',
        'cuisines.name_ru',
        'cuisines.position',
        'cuisines.enabled',
        'cuisines.city_id',
        'cities.name as city_name',
      ]);

  const load = async (id: number): Promise<CuisineRow> => {
    const row = await selectCuisines().where('cuisines.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Cuisine not found');
    return row;
  };

  /** A city's cuisines, or every city's when cityId is null (admins only get that far). */
  const list = async (cityId: number | null) => {
    let query = selectCuisines();
    if (cityId !== null) query = query.where('cuisines.city_id', '=', cityId);
    const rows = await query.orderBy('cuisines.position').orderBy('cuisines.name').orderBy('cuisines.id').execute();
    return rows.map(toCuisine);
  };

  /** The city a plain GET /cuisines covers: the one asked for, or the user's own. */
  const listedCity = (user: SessionUser, asked: number | null): number | null | 'none' => {
    if (asked !== null) {
      assertCityVisible(user, asked);
      return asked;
    }
    if (worksInEveryCity(user)) return null;
    return user.cityId ?? 'none';
  };

  /** What still refers to a cuisine: the restaurants filed under it. */
  const references = (cuisineId: number) => countReferences(db, cuisineId, [['restaurants', 'restaurant_cuisines', 'cuisine_id']]);

  app.get('/cuisines', { preHandler: requireCan('cuisines', 'list') }, async (request) => {
    const cityId = listedCity(currentUser(request), optionalIdParam(request, 'cityId'));
    return cityId === 'none' ? [] : list(cityId);
  });

  app.get('/cuisines/city/:cityId', { preHandler: requireCan('cuisines', 'list') }, async (request) => {
    const cityId = idParam(request, 'cityId');
    assertCityVisible(currentUser(request), cityId);
    return list(cityId);
  });

  app.get('/cuisines/:id', { preHandler: requireCan('cuisines', 'show') }, async (request) => {
    const row = await load(idParam(request));
    assertCityVisible(currentUser(request), row.city_id);
    return toCuisine(row);
  });

  app.post('/cuisines', { preHandler: requireCan('cuisines', 'create') }, async (request, reply) => {
    const { body, cityId } = await newCityRow(db, request, currentUser(request), cuisineSchema);
    const { id } = await db
      .insertInto('cuisines')
      .values({
        city_id: cityId,
        name: (body.name as string).trim(),
        name_ru: (body.name_ru as string | null | undefined) ?? '',
        position: positionOf(body.position),
        enabled: enabledOf(body.enabled),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    reply.status(201);
    return toCuisine(await load(id));
  });

  app.put('/cuisines/:id', { preHandler: requireCan('cuisines', 'edit') }, async (request) => {
    const user = currentUser(request);
    const existing = await load(idParam(request));
    assertCityWritable(user, existing.city_id);
    const body = validBody(bodyObject(request), cuisineSchema, { partial: true });
    const moving = await checkCityMove(db, user, existing, body.cityId, 'Cuisine', () => references(existing.id));
    const changes = {
      ...nameChanges(body),
      ...(body.position !== undefined ? { position: positionOf(body.position) } : {}),
      ...(body.enabled !== undefined ? { enabled: enabledOf(body.enabled) } : {}),
      ...(moving ? { city_id: body.cityId as number } : {}),
    };
    if (Object.keys(changes).length === 0) return toCuisine(existing);
    await db.updateTable('cuisines').set(changes).where('id', '=', existing.id).execute();
    return toCuisine(await load(existing.id));
  });

  app.delete('/cuisines/:id', { preHandler: requireCan('cuisines', 'delete') }, async (request) => {
    const existing = await load(idParam(request));
    assertCityWritable(currentUser(request), existing.city_id);
    // Restaurants keep their cuisines: one still in use is never deleted (the foreign key
    // refuses it too, should a restaurant take it up between this check and the delete).
    const used = await references(existing.id);
    if (used) {
      throw conflict(`Cuisine "${existing.name}" cannot be deleted: it is still used by ${used}. Remove it from them first.`);
    }
    await db.deleteFrom('cuisines').where('id', '=', existing.id).execute();
    return toCuisine(existing);
  });
};
