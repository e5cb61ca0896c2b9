import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  API_PATHS,
  dishCategoryRecord,
  dishCategorySchema,
  dishCategoryUpdateSchema,
  dishRecord,
  dishSchema,
  dishUpdateSchema,
  displayWindowProblem,
} from '../../../src/domain';
import { currentUser, requireCan } from '../../auth/authorize';
import type { Actor } from '../../auth/scope';
import { inUserScope } from '../../auth/scope';
import { differsFrom } from '../../db/differsFrom';
import { conflict, notFound } from '../../errors';
import { idParams } from '../../http/params';
import type { RouteDeps } from '../deps';

import {
  type CategoryRow,
  type DishRow,
  assertVisible,
  assertWritable,
  categoriesQuery,
  deleteCategoryQuery,
  dishesQuery,
  fieldError,
  placeOf,
  selectCategories,
  selectDishes,
  toCategory,
  toDish,
} from './menuRows';

/** A restaurant's menu: its dish categories and dishes (spec section 7, Dish categories and dishes). */
export const dishRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  const loadCategory = async (id: number): Promise<CategoryRow> => {
    const row = await selectCategories(db).where('dish_categories.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('DISH_CATEGORY_NOT_FOUND');
    return row;
  };

  const tagsOf = async (dishIds: number[]): Promise<Map<number, number[]>> => {
    const tags = new Map<number, number[]>(dishIds.map((id) => [id, []]));
    if (dishIds.length === 0) return tags;
    const rows = await db.selectFrom('dish_tags').select(['dish_id', 'tag_id']).where('dish_id', 'in', dishIds).orderBy('tag_id').execute();
    for (const row of rows) tags.get(row.dish_id)?.push(row.tag_id);
    return tags;
  };
  const dishesJson = async (rows: DishRow[]) => {
    const tags = await tagsOf(rows.map((row) => row.id));
    return rows.map((row) => toDish(row, tags.get(row.id) ?? []));
  };
  const loadDish = async (id: number): Promise<DishRow> => {
    const row = await selectDishes(db).where('dishes.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('DISH_NOT_FOUND');
    return row;
  };
  const dishJson = async (id: number) => (await dishesJson([await loadDish(id)]))[0];

  /** The category a dish goes to: one that exists, in the user's scope, and (when moving) of the same restaurant. */
  const targetCategory = async (user: Actor, categoryId: number, restaurantId?: number): Promise<CategoryRow> => {
    const category = await selectCategories(db).where('dish_categories.id', '=', categoryId).executeTakeFirst();
    if (!category) throw fieldError('dishCategoryId', 'id');
    assertWritable(user, placeOf(category));
    if (restaurantId !== undefined && category.restaurant_id !== restaurantId) throw fieldError('dishCategoryId', 'id');
    return category;
  };

  /** Tags of a dish are tags of its restaurant's city. */
  const checkTags = async (tags: number[] | undefined, cityId: number) => {
    if (!tags || tags.length === 0) return;
    const found = await db.selectFrom('tags').select('id').where('id', 'in', tags).where('city_id', '=', cityId).execute();
    if (found.length !== tags.length) throw fieldError('tags', 'id');
  };

  // ---- Dish categories ----

  app.get(
    API_PATHS.menu.categories,
    {
      schema: { querystring: categoriesQuery, response: { 200: z.array(dishCategoryRecord) } },
      preValidation: requireCan('dishCategories', 'list'),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { restaurantId, ids } = request.query;
      let query = selectCategories(db).where((eb) =>
        inUserScope(eb, user, { city: eb.ref('restaurants.city_id'), restaurant: eb.ref('dish_categories.restaurant_id') }),
      );
      if (ids) query = query.where('dish_categories.id', 'in', ids);
      if (restaurantId !== null) {
        const restaurant = await db
          .selectFrom('restaurants')
          .select(['id as restaurant_id', 'city_id'])
          .where('id', '=', restaurantId)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (!restaurant) throw notFound();
        assertVisible(user, placeOf(restaurant));
        query = query.where('dish_categories.restaurant_id', '=', restaurantId);
      }
      const rows = await query.orderBy('dish_categories.position').orderBy('dish_categories.name').orderBy('dish_categories.id').execute();
      reply.header('x-total-count', String(rows.length));
      return rows.map(toCategory);
    },
  );

  app.get(
    API_PATHS.menu.category,
    { schema: { params: idParams, response: { 200: dishCategoryRecord } }, preValidation: requireCan('dishCategories', 'show') },
    async (request) => {
      const row = await loadCategory(request.params.id);
      assertVisible(currentUser(request), placeOf(row));
      return toCategory(row);
    },
  );

  app.post(
    API_PATHS.menu.categories,
    {
      schema: { body: dishCategorySchema, response: { 201: dishCategoryRecord } },
      preValidation: requireCan('dishCategories', 'create'),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { body } = request;
      const restaurant = await db
        .selectFrom('restaurants')
        .select(['id as restaurant_id', 'city_id'])
        .where('id', '=', body.restaurantId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!restaurant) throw fieldError('restaurantId', 'id');
      assertWritable(user, placeOf(restaurant));
      const { id } = await db
        .insertInto('dish_categories')
        .values({
          restaurant_id: body.restaurantId,
          name: body.name.trim(),
          name_ru: body.name_ru.trim(),
          position: body.position,
          enabled: body.enabled ?? true,
          start_displaying_at: body.startDisplayingAt || null,
          stop_displaying_at: body.stopDisplayingAt || null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      reply.status(201);
      return toCategory(await loadCategory(id));
    },
  );

  app.put(
    API_PATHS.menu.category,
    {
      schema: { params: idParams, body: dishCategoryUpdateSchema, response: { 200: dishCategoryRecord } },
      preValidation: requireCan('dishCategories', 'edit'),
    },
    async (request) => {
      const user = currentUser(request);
      const existing = await loadCategory(request.params.id);
      assertWritable(user, placeOf(existing));
      const { body } = request;
      const start = body.startDisplayingAt !== undefined ? body.startDisplayingAt || null : existing.start_displaying_at;
      const stop = body.stopDisplayingAt !== undefined ? body.stopDisplayingAt || null : existing.stop_displaying_at;
      const missing = displayWindowProblem({ startDisplayingAt: start, stopDisplayingAt: stop });
      if (missing) throw fieldError(missing, 'displayWindow');
      const changes = {
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.name_ru !== undefined ? { name_ru: body.name_ru.trim() } : {}),
        ...(body.position !== undefined ? { position: body.position } : {}),
        ...(body.enabled !== undefined ? { enabled: body.enabled ?? true } : {}),
        start_displaying_at: start,
        stop_displaying_at: stop,
      };
      await db
        .updateTable('dish_categories')
        .set({ ...changes, updated_at: now() })
        .where('id', '=', existing.id)
        .where(differsFrom(changes))
        .execute();
      return toCategory(await loadCategory(existing.id));
    },
  );

  app.delete(
    API_PATHS.menu.category,
    {
      schema: { params: idParams, querystring: deleteCategoryQuery, response: { 200: dishCategoryRecord } },
      preValidation: requireCan('dishCategories', 'delete'),
    },
    async (request) => {
      const existing = await loadCategory(request.params.id);
      assertWritable(currentUser(request), placeOf(existing));
      const count = Number(existing.dish_count ?? 0);
      // Dishes never go with their category by surprise: only when the user confirmed how many.
      if (count > 0 && !request.query.withDishes) throw conflict('DISH_CATEGORY_HAS_DISHES', { name: existing.name, count });
      // The dishes go with it; orders keep their items' names and prices (order_items.dish_id is set null).
      await db.deleteFrom('dish_categories').where('id', '=', existing.id).execute();
      return toCategory(existing);
    },
  );

  // ---- Dishes ----

  app.get(
    API_PATHS.menu.dishes,
    { schema: { querystring: dishesQuery, response: { 200: z.array(dishRecord) } }, preValidation: requireCan('dishes', 'list') },
    async (request, reply) => {
      const user = currentUser(request);
      const { dishCategoryId, ids } = request.query;
      let query = selectDishes(db).where((eb) =>
        inUserScope(eb, user, { city: eb.ref('restaurants.city_id'), restaurant: eb.ref('dish_categories.restaurant_id') }),
      );
      if (ids) query = query.where('dishes.id', 'in', ids);
      if (dishCategoryId !== null) {
        assertVisible(user, placeOf(await loadCategory(dishCategoryId)));
        query = query.where('dishes.dish_category_id', '=', dishCategoryId);
      }
      const rows = await query.orderBy('dishes.position').orderBy('dishes.name').orderBy('dishes.id').execute();
      reply.header('x-total-count', String(rows.length));
      return dishesJson(rows);
    },
  );

  app.get(
    API_PATHS.menu.dish,
    { schema: { params: idParams, response: { 200: dishRecord } }, preValidation: requireCan('dishes', 'show') },
    async (request) => {
      const row = await loadDish(request.params.id);
      assertVisible(currentUser(request), placeOf(row));
      return (await dishesJson([row]))[0];
    },
  );

  app.post(
    API_PATHS.menu.dishes,
    { schema: { body: dishSchema, response: { 201: dishRecord } }, preValidation: requireCan('dishes', 'create') },
    async (request, reply) => {
      const user = currentUser(request);
      const { body } = request;
      const category = await targetCategory(user, body.dishCategoryId);
      await checkTags(body.tags, category.city_id);
      const id = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('dishes')
          .values({
            dish_category_id: body.dishCategoryId,
            name: body.name.trim(),
            name_ru: body.name_ru ?? '',
            position: body.position,
            description: body.description,
            description_ru: body.description_ru,
            price: body.price,
            amount: body.amount ?? null,
            enabled: body.enabled ?? true,
            telegram_file_id: body.telegramFileId || null,
            popularity_coefficient: body.popularityCoefficient ?? 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (body.tags?.length)
          await trx
            .insertInto('dish_tags')
            .values(body.tags.map((tag_id) => ({ dish_id: row.id, tag_id })))
            .execute();
        return row.id;
      });
      reply.status(201);
      return dishJson(id);
    },
  );

  app.put(
    API_PATHS.menu.dish,
    {
      schema: { params: idParams, body: dishUpdateSchema, response: { 200: dishRecord } },
      preValidation: requireCan('dishes', 'edit'),
    },
    async (request) => {
      const user = currentUser(request);
      const existing = await loadDish(request.params.id);
      assertWritable(user, placeOf(existing));
      const { body } = request;
      if (body.dishCategoryId !== undefined && body.dishCategoryId !== existing.dish_category_id) {
        await targetCategory(user, body.dishCategoryId, existing.restaurant_id);
      }
      await checkTags(body.tags, existing.city_id);
      const storedTags = (await tagsOf([existing.id])).get(existing.id) ?? [];
      const newTags = body.tags === undefined ? storedTags : [...new Set(body.tags)].sort((a, b) => a - b);
      const tagsChange = newTags.join() !== storedTags.join();
      const changes = {
        ...(body.dishCategoryId !== undefined ? { dish_category_id: body.dishCategoryId } : {}),
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.name_ru !== undefined ? { name_ru: body.name_ru ?? '' } : {}),
        ...(body.position !== undefined ? { position: body.position } : {}),
        ...(body.description !== undefined ? { description: body.description ?? '' } : {}),
        ...(body.description_ru !== undefined ? { description_ru: body.description_ru ?? '' } : {}),
        ...(body.price !== undefined ? { price: body.price } : {}),
        ...(body.amount !== undefined ? { amount: body.amount } : {}),
        ...(body.enabled !== undefined ? { enabled: body.enabled ?? true } : {}),
        ...(body.telegramFileId !== undefined ? { telegram_file_id: body.telegramFileId || null } : {}),
        ...(body.popularityCoefficient !== undefined ? { popularity_coefficient: body.popularityCoefficient ?? 0 } : {}),
      };
      await db.transaction().execute(async (trx) => {
        // The dish's time moves when its fields or its tags change, not on a save of what is stored.
        await trx
          .updateTable('dishes')
          .set({ ...changes, updated_at: now() })
          .where('id', '=', existing.id)
          .where(tagsChange ? sql<boolean>`true` : differsFrom(changes))
          .execute();
        if (tagsChange && body.tags !== undefined) {
          await trx.deleteFrom('dish_tags').where('dish_id', '=', existing.id).execute();
          if (body.tags.length)
            await trx
              .insertInto('dish_tags')
              .values(body.tags.map((tag_id) => ({ dish_id: existing.id, tag_id })))
              .execute();
        }
      });
      return dishJson(existing.id);
    },
  );

  app.delete(
    API_PATHS.menu.dish,
    { schema: { params: idParams, response: { 200: dishRecord } }, preValidation: requireCan('dishes', 'delete') },
    async (request) => {
      const existing = await loadDish(request.params.id);
      assertWritable(currentUser(request), placeOf(existing));
      const [json] = await dishesJson([existing]);
      // Orders keep the dish's name and price on their items; only the link to the dish is cleared.
      await db.deleteFrom('dishes').where('id', '=', existing.id).execute();
      return json;
    },
  );
};
