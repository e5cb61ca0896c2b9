import type { FastifyPluginAsync } from 'fastify';
import { withZodSchemas } from '../http/zod';
import type { RouteDeps } from './deps';
import { areaRoutes } from './index';

/** Every area of spec section 7, under /api: the routes of server/areas/index.ts. */
export const apiRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, messenger, now, onEvent, liveStreams, exports }) => {
  // Only the dependencies travel on: the /api prefix in these options must not apply twice.
  const deps: RouteDeps = { db, messenger, now, onEvent, liveStreams, exports };
  withZodSchemas(app);
  for (const routes of areaRoutes) await app.register(routes, deps);
};
