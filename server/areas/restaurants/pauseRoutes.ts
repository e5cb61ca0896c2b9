import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, pauseEnd, pauseRequestSchema, restaurantRecord } from '../../../src/domain';
import { currentUser, requireCan } from '../../auth/authorize';
import { enqueueEvent } from '../../jobs/events';
import { dropUnpauseEvents } from './restaurantPauseEvent';
import { idParams } from '../../http/params';
import type { RouteDeps } from '../deps';
import { restaurantReader } from './restaurantReads';

/**
 * Pausing a restaurant in the bot: its owner, an operator or city admin of its city,
 * or an admin closes it for 15, 30 or 60 minutes or until reopened, and reopens it. A
 * restaurant outside the user's scope is answered as unknown, like the other restaurant calls.
 */
export const restaurantPauseRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now, onEvent }) => {
  const { load } = restaurantReader(db, now);

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
      // The pause and the event that clears it at its end are written together, so a restart
      // between the two cannot leave a pause without its end.
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('restaurants').set({ paused_at: at, paused_until: until }).where('id', '=', id).execute();
        await dropUnpauseEvents(trx, id);
        if (until) await enqueueEvent(trx, { type: 'restaurant_unpause', payload: { restaurantId: id } }, until);
      });
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
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('restaurants').set({ paused_at: null, paused_until: null }).where('id', '=', id).execute();
        await dropUnpauseEvents(trx, id);
      });
      return load(user, id);
    },
  );
};
