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
import { spamRoutes } from './spam';
import { statsRoutes } from './stats';
import { adRoutes } from './ads';
import { videoRoutes } from './videos';
import { photoRoutes } from './photos';
import { restaurantRoutes } from './restaurants';
import { restaurantPauseRoutes } from './restaurantPause';
import { superadminRoutes } from './superadmin';
import { tagRoutes } from './tags';
import { languageRoutes } from './language';
import { userRoutes } from './users';

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
  await app.register(restaurantPauseRoutes, deps);
  await app.register(dishRoutes, deps);
  await app.register(orderRoutes, deps);
  await app.register(reviewRoutes, deps);
  await app.register(spamRoutes, deps);
  await app.register(statsRoutes, deps);
  await app.register(adRoutes, deps);
  await app.register(videoRoutes, deps);
  await app.register(languageRoutes, deps);
  await app.register(userRoutes, deps);
};
