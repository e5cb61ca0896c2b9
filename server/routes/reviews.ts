import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import {
  API_PATHS,
  can,
  reviewActionSchema,
  reviewAnswerSchema,
  reviewFilterQuery,
  reviewRecord,
  reviewState,
  type Review,
  type ReviewFilter,
} from '../../src/domain';
import { currentUser, requireCan } from '../auth/authorize';
import { assertCityVisible, assertInScope, inUserScope, type Actor } from '../auth/scope';
import type { Database } from '../db/schema';
import { conflict, notFound } from '../errors';
import { cityIdParams, idParams } from '../http/params';
import { enqueueEvent } from '../jobs/events';
import { paginate } from '../db/paginate';
import { rangeBoundary } from '../http/dayRange';
import type { RouteDeps } from './deps';

const P = API_PATHS.reviews;
const restaurantParams = z.object({
  restaurantId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, { error: 'validation.id' })
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, { error: 'validation.id' }),
});

type ReviewEb = ExpressionBuilder<Database & { rv: Database['reviews']; o: Database['orders'] }, 'rv' | 'o'>;

/** The `where` of a lifecycle state (spec section 4); the same rules as reviewState. */
const inState = (eb: ReviewEb, state: NonNullable<ReviewFilter['state']>): Expression<SqlBool> => {
  switch (state) {
    case 'unpublished':
      return eb.and([eb('rv.approved_at', 'is', null), eb('rv.published_at', 'is', null)]);
    case 'approved':
      return eb.and([eb('rv.approved_at', 'is not', null), eb('rv.published_at', 'is', null), eb('rv.answer', 'is', null)]);
    case 'published':
      return eb.and([eb('rv.published_at', 'is not', null), eb('rv.answer', 'is', null)]);
    case 'answered':
      return eb('rv.answer', 'is not', null);
  }
};

/**
 * Reviews (spec section 7, Reviews): a city's or a restaurant's list, approving, publishing
 * to the city's review channel, answering the author, and deleting. Every lifecycle step is a
 * conditional UPDATE, so two staff members acting at once cannot publish or answer twice.
 */
export const reviewRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db } = deps;

  const selectReviews = () =>
    db
      .selectFrom('reviews as rv')
      .innerJoin('orders as o', 'o.id', 'rv.order_id')
      .innerJoin('restaurants as r', 'r.id', 'o.restaurant_id')
      .leftJoin('users as u', 'u.id', 'o.user_id')
      .select([
        'rv.id',
        'rv.order_id',
        'rv.text',
        'rv.rating',
        'rv.answer',
        'rv.telegram_file_id',
        'rv.approved_at',
        'rv.published_at',
        'rv.created_at',
        'o.thread_id',
        'r.name as restaurant_name',
        'u.id as author_id',
        'u.name as author_name',
        'u.telegram_username as author_username',
      ])
      .where('rv.deleted_at', 'is', null);
  type ReviewRow = Awaited<ReturnType<ReturnType<typeof selectReviews>['execute']>>[number];

  /** A row as the user may see it: the author only for roles allowed to (never owners). */
  const toRecord = (user: Actor, row: ReviewRow): Review => {
    const times = {
      approvedAt: row.approved_at ? row.approved_at.toISOString() : null,
      publishedAt: row.published_at ? row.published_at.toISOString() : null,
    };
    const showAuthor = can(user.roleId, 'reviewAuthor', 'show') && row.author_id !== null;
    return {
      id: row.id,
      orderId: row.order_id,
      order: { threadId: row.thread_id, restaurant: { name: row.restaurant_name } },
      createdAt: row.created_at.toISOString(),
      text: row.text,
      rating: row.rating,
      answer: row.answer,
      ...times,
      telegramFileId: row.telegram_file_id,
      state: reviewState({ ...times, answer: row.answer }),
      telegramProfile: showAuthor ? { name: row.author_name ?? '', username: row.author_username } : null,
    };
  };

  const list = async (
    user: Actor,
    place: { cityId: number } | { restaurantId: number },
    filter: ReviewFilter,
    reply: Parameters<typeof paginate>[2],
  ): Promise<Review[]> => {
    const query = selectReviews().where((eb) => {
      const conditions: Expression<SqlBool>[] = [inUserScope(user, { city: 'o.city_id', restaurant: 'o.restaurant_id' })(eb)];
      if ('cityId' in place) conditions.push(eb('o.city_id', '=', place.cityId));
      else conditions.push(eb('o.restaurant_id', '=', place.restaurantId));
      if (filter.restaurantId !== undefined) conditions.push(eb('o.restaurant_id', '=', filter.restaurantId));
      if (filter.state) conditions.push(inState(eb, filter.state));
      if (filter.rating !== undefined) conditions.push(eb('rv.rating', '=', filter.rating));
      const from = rangeBoundary(filter.from, false);
      const to = rangeBoundary(filter.to, true);
      if (from) conditions.push(eb('rv.created_at', '>=', from));
      if (to) conditions.push(eb('rv.created_at', '<', to));
      return eb.and(conditions);
    });
    // Newest first, always; paged and counted like every list.
    const rows = await paginate(query, filter, reply, {
      columns: { createdAt: 'rv.created_at' },
      defaultOrder: (q) => q.orderBy('rv.created_at', 'desc').orderBy('rv.id', 'desc'),
    });
    return rows.map((row) => toRecord(user, row));
  };

  /** A review the user may see (not deleted), or 404 REVIEW_NOT_FOUND. */
  const visible = async (user: Actor, id: number): Promise<void> => {
    const row = await db
      .selectFrom('reviews as rv')
      .innerJoin('orders as o', 'o.id', 'rv.order_id')
      .select(['o.city_id', 'o.restaurant_id'])
      .where('rv.id', '=', id)
      .where('rv.deleted_at', 'is', null)
      .executeTakeFirst();
    assertInScope(user, row ? { cityId: row.city_id, restaurantId: row.restaurant_id } : null, notFound('REVIEW_NOT_FOUND'));
  };

  const one = async (user: Actor, id: number): Promise<Review> => {
    const row = await selectReviews().where('rv.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('REVIEW_NOT_FOUND');
    return toRecord(user, row);
  };

  /** Why a conditional update changed nothing: deleted meanwhile, or the state it refused. */
  const refusal = async (id: number, refuse: (row: { published: boolean; answered: boolean }) => Error): Promise<Error> => {
    const row = await db.selectFrom('reviews').select(['published_at', 'answer', 'deleted_at']).where('id', '=', id).executeTakeFirst();
    if (!row || row.deleted_at !== null) return notFound('REVIEW_NOT_FOUND');
    return refuse({ published: row.published_at !== null, answered: row.answer !== null });
  };

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
      const city = await db.selectFrom('cities').select('id').where('id', '=', cityId).executeTakeFirst();
      if (!city) throw notFound('CITY_NOT_FOUND');
      return list(user, { cityId }, request.query, reply);
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
      const restaurant = await db.selectFrom('restaurants').select(['id', 'city_id']).where('id', '=', restaurantId).executeTakeFirst();
      assertInScope(
        user,
        restaurant ? { cityId: restaurant.city_id, restaurantId: restaurant.id } : null,
        notFound('RESTAURANT_NOT_FOUND'),
      );
      return list(user, { restaurantId }, request.query, reply);
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
      await visible(user, id);
      const at = deps.now();
      const done = await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('reviews')
          .set((eb) =>
            request.body.publish
              ? { published_at: at, approved_at: eb.fn.coalesce('approved_at', eb.val(at)) }
              : { approved_at: eb.fn.coalesce('approved_at', eb.val(at)) },
          )
          .where('id', '=', id)
          .where('deleted_at', 'is', null)
          .where('published_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (updated && request.body.publish) await enqueueEvent(trx, { type: 'review_publish', payload: { reviewId: id } });
        return updated !== undefined;
      });
      if (!done) throw await refusal(id, () => conflict('REVIEW_ALREADY_PUBLISHED'));
      if (request.body.publish) deps.onEvent?.();
      return one(user, id);
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
      await visible(user, id);
      const done = await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('reviews')
          .set({ answer: request.body.text })
          .where('id', '=', id)
          .where('deleted_at', 'is', null)
          .where('published_at', 'is not', null)
          .where('answer', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (updated) await enqueueEvent(trx, { type: 'review_answer', payload: { reviewId: id } });
        return updated !== undefined;
      });
      if (!done) {
        throw await refusal(id, (row) => (row.answered ? conflict('REVIEW_ANSWER_LOCKED') : conflict('REVIEW_NOT_PUBLISHED')));
      }
      deps.onEvent?.();
      return one(user, id);
    },
  );

  app.delete(
    P.one,
    { schema: { params: idParams, response: { 200: reviewRecord } }, preValidation: requireCan('reviews', 'delete') },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      await visible(user, id);
      const record = await one(user, id);
      const deleted = await db
        .updateTable('reviews')
        .set({ deleted_at: deps.now() })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!deleted) throw notFound('REVIEW_NOT_FOUND');
      return record;
    },
  );
};
