import type { FastifyPluginAsync } from 'fastify';
import { sql, type Selectable } from 'kysely';
import {
  can,
  citySchema,
  configKeysFor,
  isCityConfigKey,
  worksInEveryCity,
  validateConfig,
  type SessionUser,
} from '../../src/domain';
import { currentUser, requireCan } from '../auth/authorize';
import { newAuthKey } from '../auth/password';
import type { CitiesTable } from '../db/schema';
import { badRequest, conflict, forbidden, invalidFields, notFound } from '../errors';
import {
  assertCityVisible,
  assertCityWritable,
  bodyObject,
  countReferences,
  idParam,
  validBody,
  type Reference,
  type RouteDeps,
} from './common';

type CityRow = Selectable<CitiesTable>;

/** The JSON of a city (spec section 3); the auth key only for those who manage the city. */
export const toCity = (row: CityRow, user: SessionUser) => ({
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

/** Cities and their key-value config (spec section 7, Cities, districts, config). */
export const cityRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  const load = async (id: number) => {
    const row = await db.selectFrom('cities').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('City not found');
    return row;
  };

  app.get('/cities', { preHandler: requireCan('cities', 'list') }, async (request) => {
    const user = currentUser(request);
    let query = db.selectFrom('cities').selectAll().orderBy('name');
    if (!worksInEveryCity(user)) query = query.where('id', '=', user.cityId ?? -1);
    return (await query.execute()).map((row) => toCity(row, user));
  });

  app.get('/cities/:id', { preHandler: requireCan('cities', 'show') }, async (request) => {
    const user = currentUser(request);
    const id = idParam(request);
    assertCityVisible(user, id);
    return toCity(await load(id), user);
  });

  app.post('/cities', { preHandler: requireCan('cities', 'create') }, async (request, reply) => {
    const user = currentUser(request);
    const body = validBody(bodyObject(request), citySchema);
    const row = await db
      .insertInto('cities')
      .values({
        name: (body.name as string).trim(),
        name_ru: (body.name_ru as string | undefined) ?? '',
        chatname: (body.chatname as string | undefined) ?? '',
        currency: body.currency as string,
        active: (body.active as boolean | undefined) ?? false,
        auth_key: newAuthKey(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    reply.status(201);
    return toCity(row, user);
  });

  app.put('/cities/:id', { preHandler: requireCan('cities', 'edit') }, async (request) => {
    const user = currentUser(request);
    const id = idParam(request);
    assertCityWritable(user, id);
    await load(id);
    const body = validBody(bodyObject(request), citySchema, { partial: true });
    const row = await db
      .updateTable('cities')
      .set({
        ...(body.name !== undefined ? { name: (body.name as string).trim() } : {}),
        ...(body.name_ru !== undefined ? { name_ru: (body.name_ru as string | null) ?? '' } : {}),
        ...(body.chatname !== undefined ? { chatname: (body.chatname as string | null) ?? '' } : {}),
        ...(body.currency !== undefined ? { currency: body.currency as string } : {}),
        ...(body.active !== undefined ? { active: body.active as boolean } : {}),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCity(row, user);
  });

  app.delete('/cities/:id', { preHandler: requireCan('cities', 'delete') }, async (request) => {
    const user = currentUser(request);
    const city = await load(idParam(request));
    const used = await countReferences(db, city.id, CITY_REFERENCES);
    if (used) throw conflict(`${city.name} cannot be deleted: it still has ${used}. Move or delete them first.`);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('city_configs').where('city_id', '=', city.id).execute();
      await trx.deleteFrom('cities').where('id', '=', city.id).execute();
    });
    return toCity(city, user);
  });

  // Config: key-value pairs, every value a string ('' for "not set").
  const readConfig = async (cityId: number, user: SessionUser) => {
    const readable = configKeysFor(user.roleId);
    const rows = await db.selectFrom('city_configs').select(['key', 'value']).where('city_id', '=', cityId).orderBy('key').execute();
    return rows.filter((row) => isCityConfigKey(row.key) && readable.includes(row.key));
  };

  app.get('/config/:cityId', { preHandler: requireCan('cityConfig', 'show') }, async (request) => {
    const user = currentUser(request);
    const cityId = idParam(request, 'cityId');
    assertCityVisible(user, cityId);
    await load(cityId);
    return readConfig(cityId, user);
  });

  app.put('/config/:cityId', { preHandler: requireCan('cityConfig', 'edit') }, async (request) => {
    const user = currentUser(request);
    const cityId = idParam(request, 'cityId');
    assertCityWritable(user, cityId);
    await load(cityId);
    const pairs = request.body;
    if (!Array.isArray(pairs)) throw badRequest('The body must be a list of {key, value} pairs');
    const values: Record<string, unknown> = {};
    for (const [index, pair] of pairs.entries()) {
      if (typeof pair !== 'object' || pair === null || typeof (pair as { key?: unknown }).key !== 'string') {
        throw badRequest(`Pair ${index + 1} must be {key, value}`, [{ field: String(index), message: 'must be {key, value}' }]);
      }
      const { key, value } = pair as { key: string; value?: unknown };
      values[key] = value === null || value === undefined ? '' : value;
    }
    const errors = validateConfig(values);
    if (errors.length) throw invalidFields(errors);
    const writable = configKeysFor(user.roleId);
    const refused = Object.keys(values).filter((key) => isCityConfigKey(key) && !writable.includes(key));
    if (refused.length) throw forbidden(`Your role may not change ${refused.join(', ')}`);
    const entries = Object.entries(values).map(([key, value]) => ({ city_id: cityId, key, value: String(value) }));
    if (entries.length) {
      await db
        .insertInto('city_configs')
        .values(entries)
        .onConflict((oc) => oc.columns(['city_id', 'key']).doUpdateSet({ value: sql`excluded.value` }))
        .execute();
    }
    return readConfig(cityId, user);
  });
};
