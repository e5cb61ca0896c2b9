import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS, dishBulkSchema, dishRecord } from '../../../src/domain';
import { currentUser, requireCan } from '../../auth/authorize';
import { notFound } from '../../errors';
import type { RouteDeps } from '../deps';
import { assertWritable, placeOf, toDish } from './menuRows';
import { menuRepository } from './repository';

/**
 * Several dishes enabled, disabled or marked out of stock at once (the dish list's bulk actions):
 * the same rules as editing one dish, for all of them or none. A dish that does not exist is a
 * 404 and one the user may not edit a 403, for the whole request; the change is written in one
 * transaction, and each dish changed is audited as a single update is.
 */
export const dishBulkRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  const menu = menuRepository(db);

  app.post(
    API_PATHS.menu.bulk,
    {
      schema: { body: dishBulkSchema, response: { 200: z.array(dishRecord) } },
      preValidation: requireCan('dishes', 'edit'),
    },
    async (request) => {
      const user = currentUser(request);
      const ids = [...new Set(request.body.ids)];
      const { enabled, amount } = request.body.change;
      const changes = {
        ...(enabled !== undefined ? { enabled } : {}),
        ...(amount !== undefined ? { amount } : {}),
      };
      await menu.updateDishes(ids, changes, now(), (rows) => {
        if (rows.length !== ids.length) throw notFound('DISH_NOT_FOUND');
        for (const row of rows) assertWritable(user, placeOf(row));
      });
      const rows = await menu.dishes(user, { ids, dishCategoryId: null });
      const tags = await menu.tagsOf(rows.map((row) => row.id));
      return rows.map((row) => toDish(row, tags.get(row.id) ?? []));
    },
  );
};
