import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, pauseEnd, pauseRequestSchema, restaurantRecord } from '../../../src/domain';
import { currentUser, requireCan } from '../../auth/authorize';
import { idParams } from '../../http/params';
import type { RouteDeps } from '../deps';
import { restaurantReader } from './restaurantReads';
import { restaurantRepository } from './repository';

/**
 * Pausing a restaurant in the bot: its owner, an operator or city admin of its city,
 * or an admin closes it for 15, 30 or 60 minutes or until reopened, and reopens it. A
 * restaurant outside the user's scope is answered as unknown, like the other restaurant calls.
 */
export const restaurantPauseRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now, onEvent }) => {
  const { load } = restaurantReader(db, now);
  const restaurants = restaurantRepository(db);

  app.put(
    API_PATHS.restaurants.pause,
    {
      schema: { params: idParams, body: pauseRequestSchema, response: { 200: restaurantRecord } },
      preValidation: requireCan('restaurantPause', 'edit'),
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = await load(user, request.params.id);
      const at = now();
      const until = pauseEnd(request.body.minutes, at);
      await restaurants.pause(id, at, until);
      if (until) onEvent?.();
      return load(user, id);
    },
  );

  app.delete(
    API_PATHS.restaurants.pause,
    {
      schema: { params: idParams, response: { 200: restaurantRecord } },
      preValidation: requireCan('restaurantPause', 'edit'),
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = await load(user, request.params.id);
      await restaurants.reopen(id);
      return load(user, id);
    },
  );
};
