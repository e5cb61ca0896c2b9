import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS, reviewActionSchema, reviewAnswerSchema, reviewFilterQuery, reviewRecord } from '../../../src/domain';
import { currentUser, requireCan } from '../../auth/authorize';
import { assertCityVisible, assertInScope } from '../../auth/scope';
import { notFound } from '../../errors';
import { cityIdParams, idParams } from '../../http/params';
import { reviewReader } from './reviewReads';
import { reviewWriter } from './reviewWrites';
import type { RouteDeps } from '../deps';

const P = API_PATHS.reviews;
const restaurantParams = z.object({
  restaurantId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, { error: 'validation.id' })
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, { error: 'validation.id' }),
});

/**
 * Reviews (spec section 7, Reviews): a city's or a restaurant's list, approving, publishing
 * to the city's review channel, answering the author, and deleting. The reads and the
 * lifecycle steps live beside this file; here are the paths, schemas and grants.
 */
export const reviewRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db } = deps;
  const reads = reviewReader(db);
  const writes = reviewWriter(db);

  app.get(
    P.cityList,
    {
      schema: { params: cityIdParams, querystring: reviewFilterQuery, response: { 200: z.array(reviewRecord) } },
      // Owners list their restaurant's reviews through the restaurant's route.
      preValidation: requireCan('cityReviews', 'list'),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { cityId } = request.params;
      assertCityVisible(user, cityId);
      if (!(await reads.cityExists(cityId))) throw notFound('CITY_NOT_FOUND');
      return reads.list(user, { cityId }, request.query, reply);
    },
  );

  app.get(
    P.restaurantList,
    {
      schema: {
        params: restaurantParams,
        querystring: reviewFilterQuery.omit({ restaurantId: true }),
        response: { 200: z.array(reviewRecord) },
      },
      preValidation: requireCan('reviews', 'list'),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { restaurantId } = request.params;
      assertInScope(user, await reads.restaurantPlace(restaurantId), notFound('RESTAURANT_NOT_FOUND'));
      return reads.list(user, { restaurantId }, request.query, reply);
    },
  );

  app.post(
    P.one,
    {
      schema: { params: idParams, body: reviewActionSchema, response: { 200: reviewRecord } },
      preValidation: requireCan('reviews', 'edit'),
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      await reads.assertVisible(user, id);
      const publish = request.body.publish === true;
      await writes.approve(id, publish, deps.now());
      if (publish) deps.onEvent?.();
      return reads.one(user, id);
    },
  );

  app.put(
    P.one,
    {
      schema: { params: idParams, body: reviewAnswerSchema, response: { 200: reviewRecord } },
      preValidation: requireCan('reviews', 'edit'),
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      await reads.assertVisible(user, id);
      await writes.answer(id, request.body.text);
      deps.onEvent?.();
      return reads.one(user, id);
    },
  );

  app.delete(
    P.one,
    { schema: { params: idParams, response: { 200: reviewRecord } }, preValidation: requireCan('reviews', 'delete') },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      await reads.assertVisible(user, id);
      const record = await reads.one(user, id);
      await writes.remove(id, deps.now());
      return record;
    },
  );
};
