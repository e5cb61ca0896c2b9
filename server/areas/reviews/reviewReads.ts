import type { FastifyReply } from 'fastify';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { can, reviewState, type Review, type ReviewFilter } from '../../../src/domain';
import { assertInScope, inUserScope, type Actor } from '../../auth/scope';
import { paginate } from '../../db/paginate';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';
import { rangeBoundary } from '../../http/dayRange';

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

/** A review list's place: a whole city, or one restaurant. */
export type ReviewPlace = { cityId: number } | { restaurantId: number };

/**
 * Reading reviews: a page of a city's or a restaurant's list, one review, and the city or
 * restaurant a list is asked for. Every read of reviews applies the user's scope in SQL, and `toRecord` is the one place where the author's profile
 * is kept from the roles that may not see it (owners).
 */
export function reviewReader(db: Kysely<Database>) {
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
        'r.name_ru as restaurant_name_ru',
        'u.id as author_id',
        'u.name as author_name',
        'u.telegram_username as author_username',
      ])
      .where('rv.deleted_at', 'is', null);
  type ReviewRow = Awaited<ReturnType<ReturnType<typeof selectReviews>['execute']>>[number];

  const toRecord = (user: Actor, row: ReviewRow): Review => {
    const times = {
      approvedAt: row.approved_at ? row.approved_at.toISOString() : null,
      publishedAt: row.published_at ? row.published_at.toISOString() : null,
    };
    const showAuthor = can(user.roleId, 'reviewAuthor', 'show') && row.author_id !== null;
    return {
      id: row.id,
      orderId: row.order_id,
      order: { threadId: row.thread_id, restaurant: { name: row.restaurant_name, name_ru: row.restaurant_name_ru } },
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

  /** One page of a list, filtered and sorted in SQL (newest first unless asked otherwise), with X-Total-Count. */
  const list = async (user: Actor, place: ReviewPlace, filter: ReviewFilter, reply: FastifyReply): Promise<Review[]> => {
    const query = selectReviews().where((eb) => {
      const conditions: Expression<SqlBool>[] = [
        inUserScope(eb, user, { city: eb.ref('o.city_id'), restaurant: eb.ref('o.restaurant_id') }),
      ];
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
    const rows = await paginate(query, filter, reply, {
      columns: { createdAt: 'rv.created_at', rating: 'rv.rating' },
      defaultOrder: (q) => q.orderBy('rv.created_at', 'desc').orderBy('rv.id', 'desc'),
    });
    return rows.map((row) => toRecord(user, row));
  };

  /** A review the user may see (not deleted), or 404 REVIEW_NOT_FOUND. */
  const assertVisible = async (user: Actor, id: number): Promise<void> => {
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

  /** Whether the city exists. */
  const cityExists = async (cityId: number): Promise<boolean> =>
    !!(await db.selectFrom('cities').select('id').where('id', '=', cityId).executeTakeFirst());

  /** Where a restaurant lives, if it exists. */
  const restaurantPlace = async (restaurantId: number): Promise<{ cityId: number; restaurantId: number } | null> => {
    const restaurant = await db.selectFrom('restaurants').select(['id', 'city_id']).where('id', '=', restaurantId).executeTakeFirst();
    return restaurant ? { cityId: restaurant.city_id, restaurantId: restaurant.id } : null;
  };

  return { list, assertVisible, one, cityExists, restaurantPlace };
}
