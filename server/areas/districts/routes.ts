import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '../../../src/domain';
import { currentUser, requireCan } from '../../auth/authorize';
import { assertCityVisible } from '../../auth/scope';
import { cityIdParams } from '../../http/params';
import { cityRowRoutes } from '../cities/cityRows';
import type { RouteDeps } from '../deps';
import { districtRepository, DISTRICT_REFERENCES } from './repository';

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
    references: DISTRICT_REFERENCES,
    inUseCode: 'DISTRICT_IN_USE',
  });

  /** The short form the restaurant form uses for its delivery prices. */
  app.get(
    API_PATHS.districts.plain,
    { schema: { params: cityIdParams, response: { 200: z.array(plainDistrict) } }, preValidation: requireCan('districts', 'list') },
    async (request) => {
      const { cityId } = request.params;
      assertCityVisible(currentUser(request), cityId);
      return districtRepository(db).plain(cityId);
    },
  );
};
