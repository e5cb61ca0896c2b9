import type { FastifyPluginAsync } from 'fastify';
import { withZodSchemas } from '../http/zod';
import { botRoutes } from './bots';
import { cityRoutes } from './cities';
import type { RouteDeps } from './deps';
import { cuisineRoutes } from './cuisines';
import { districtRoutes } from './districts';
import { dishRoutes } from './dishes';
import { orderRoutes } from './orders';
import { reviewRoutes } from './reviews';
import { photoRoutes } from './photos';
import { restaurantRoutes } from './restaurants';
import { superadminRoutes } from './superadmin';
import { tagRoutes } from './tags';

/** Every area of spec section 7, under /api. */
export const apiRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, messenger, now, onEvent }) => {
  // Only the dependencies travel on: the /api prefix in these options must not apply twice.
  const deps: RouteDeps = { db, messenger, now, onEvent };
  withZodSchemas(app);
  await app.register(cityRoutes, deps);
  await app.register(superadminRoutes, deps);
  await app.register(photoRoutes, deps);
  await app.register(tagRoutes, deps);
  await app.register(cuisineRoutes, deps);
  await app.register(districtRoutes, deps);
  await app.register(botRoutes, deps);
  await app.register(restaurantRoutes, deps);
  await app.register(dishRoutes, deps);
  await app.register(orderRoutes, deps);
  await app.register(reviewRoutes, deps);
};
