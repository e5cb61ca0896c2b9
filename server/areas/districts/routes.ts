import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { API_PATHS } from '../../../src/domain';
import { currentUser, requireCan } from '../../auth/authorize';
import { assertCityVisible } from '../../auth/scope';
import { ofLiveRestaurant } from '../../db/references';
import { cityIdParams } from '../../http/params';
import { cityRowRoutes } from '../cities/cityRows';
import type { RouteDeps } from '../deps';

const plainDistrict = z.object({ id: z.number().int(), name: z.string(), name_ru: z.string() });

/** Districts of a city (spec section 7, Cities, districts, config). */
export const districtRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db } = deps;
  await app.register(cityRowRoutes, {
    ...deps,
    table: 'districts',
    resource: 'districts',
    what: 'District',
    paths: API_PATHS.districts,
    notFoundCode: 'DISTRICT_NOT_FOUND',
    // Restaurants' delivery prices, restaurants and orders keep their district (a deleted restaurant does not).
    references: [
      ['restaurant delivery prices', 'district_restaurants', 'district_id', ofLiveRestaurant],
      ['restaurants', 'restaurants', 'district_id', sql`deleted_at IS NULL`],
      ['orders', 'orders', 'district_id'],
    ],
    inUseCode: 'DISTRICT_IN_USE',
  });

  /** The short form the restaurant form uses for its delivery prices. */
  app.get(
    API_PATHS.districts.plain,
    { schema: { params: cityIdParams, response: { 200: z.array(plainDistrict) } }, preValidation: requireCan('districts', 'list') },
    async (request) => {
      const { cityId } = request.params;
      assertCityVisible(currentUser(request), cityId);
      return db
        .selectFrom('districts')
        .select(['id', 'name', 'name_ru'])
        .where('city_id', '=', cityId)
        .orderBy('name')
        .orderBy('id')
        .execute();
    },
  );
};
