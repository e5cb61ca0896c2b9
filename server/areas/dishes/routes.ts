import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  toCategory,
  toDish,
} from './menuRows';
import { menuRepository } from './repository';

/** A restaurant's menu: its dish categories and dishes (spec section 7, Dish categories and dishes). */
export const dishRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  const menu = menuRepository(db);
  const loadCategory = async (id: number): Promise<CategoryRow> => {
    const row = await menu.findCategory(id);
    if (!row) throw notFound('DISH_CATEGORY_NOT_FOUND');
    return row;
  };

  const dishesJson = async (rows: DishRow[]) => {
    const tags = await menu.tagsOf(rows.map((row) => row.id));
    return rows.map((row) => toDish(row, tags.get(row.id) ?? []));
  };
  const loadDish = async (id: number): Promise<DishRow> => {
    const row = await menu.findDish(id);
    if (!row) throw notFound('DISH_NOT_FOUND');
    return row;
  };
  const dishJson = async (id: number) => (await dishesJson([await loadDish(id)]))[0];

  /** The category a dish goes to: one that exists, in the user's scope, and (when moving) of the same restaurant. */
  const targetCategory = async (user: Actor, categoryId: number, restaurantId?: number): Promise<CategoryRow> => {
    const category = await menu.findCategory(categoryId);
    if (!category) throw fieldError('dishCategoryId', 'id');
    assertWritable(user, placeOf(category));
    if (restaurantId !== undefined && category.restaurant_id !== restaurantId) throw fieldError('dishCategoryId', 'id');
    return category;
  };

  /** Tags of a dish are tags of its restaurant's city. */
  const checkTags = async (tags: number[] | undefined, cityId: number) => {
    if (!tags || tags.length === 0) return;
    if ((await menu.cityTagCount(tags, cityId)) !== tags.length) throw fieldError('tags', 'id');
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
      if (restaurantId !== null) {
        const restaurant = await menu.restaurantPlace(restaurantId);
        if (!restaurant) throw notFound();
        assertVisible(user, placeOf(restaurant));
      }
      const rows = await menu.categories(user, { ids, restaurantId });
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
      const restaurant = await menu.restaurantPlace(body.restaurantId);
      if (!restaurant) throw fieldError('restaurantId', 'id');
      assertWritable(user, placeOf(restaurant));
      const id = await menu.createCategory({
        restaurant_id: body.restaurantId,
        name: body.name.trim(),
        name_ru: body.name_ru.trim(),
        position: body.position,
        enabled: body.enabled ?? true,
        start_displaying_at: body.startDisplayingAt || null,
        stop_displaying_at: body.stopDisplayingAt || null,
      });
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
      await menu.updateCategory(existing.id, changes, now());
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
      await menu.removeCategory(existing.id);
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
      if (dishCategoryId !== null) assertVisible(user, placeOf(await loadCategory(dishCategoryId)));
      const rows = await menu.dishes(user, { ids, dishCategoryId });
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
      const id = await menu.createDish(
        {
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
        },
        body.tags,
      );
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
      const storedTags = (await menu.tagsOf([existing.id])).get(existing.id) ?? [];
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
      // The dish's time moves when its fields or its tags change, not on a save of what is stored.
      await menu.updateDish(existing.id, changes, tagsChange && body.tags !== undefined ? body.tags : null, now());
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
      await menu.removeDish(existing.id);
      return json;
    },
  );
};
