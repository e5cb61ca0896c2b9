import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { OrderFilter } from '../../../src/domain';
import { rangeBoundary } from '../../http/dayRange';
import { assertCityVisible, inUserScope, type Actor } from '../../auth/scope';

/**
 * The rows of the order list, its totals and its export: one filter for all three, so the
 * export holds exactly what the list shows and the totals add up what it lists. The user's
 * scope always applies (an owner's restaurant, a city role's city); the asked city must be
 * one the user reaches.
 */
export interface OrderRange {
  cityId: number | null;
  restaurantIds: readonly number[] | null;
  from: Date | null;
  /** Exclusive. */
  to: Date | null;
}

export function orderRange(user: Actor, filter: OrderFilter): OrderRange {
  const cityId = filter.cityId ?? null;
  if (cityId !== null) assertCityVisible(user, cityId);
  return {
    cityId,
    restaurantIds: filter.rests && filter.rests.length > 0 ? filter.rests : null,
    from: rangeBoundary(filter.from, false),
    to: rangeBoundary(filter.to, true),
  };
}

/** The `where` of a range for a query over `orders` (aliased `alias`), with the user's scope. */
export const inOrderRange =
  (user: Actor, range: OrderRange, alias = 'orders') =>
  <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>): Expression<SqlBool> => {
    const column = (name: string) => sql.ref(`${alias}.${name}`);
    const conditions: Expression<SqlBool>[] = [inUserScope(user, { city: `${alias}.city_id`, restaurant: `${alias}.restaurant_id` })(eb)];
    if (range.cityId !== null) conditions.push(eb(column('city_id'), '=', range.cityId));
    if (range.restaurantIds) conditions.push(eb(column('restaurant_id'), 'in', range.restaurantIds));
    if (range.from) conditions.push(eb(column('created_at'), '>=', range.from));
    if (range.to) conditions.push(eb(column('created_at'), '<', range.to));
    return eb.and(conditions);
  };
