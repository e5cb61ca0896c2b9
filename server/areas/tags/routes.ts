import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS } from '../../../src/domain';
import { cityRowRoutes } from '../cities/cityRows';
import type { RouteDeps } from '../deps';

/**
 * Tags of a city's dishes (spec section 7, Tags). Deleting a tag takes it off its dishes
 * (dish_tags cascades): a tag is a label, not a dependency.
 */
export const tagRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  await app.register(cityRowRoutes, {
    ...deps,
    table: 'tags',
    resource: 'tags',
    what: 'Tag',
    paths: API_PATHS.tags,
    notFoundCode: 'TAG_NOT_FOUND',
  });
};
