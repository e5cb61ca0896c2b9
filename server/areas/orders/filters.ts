import { type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
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

/** The columns of a query over `orders` that a range filters on (the table may be aliased): `eb.ref('o.city_id')`, say. */
export interface OrderRangeColumns {
  city: Expression<number>;
  restaurant: Expression<number>;
  createdAt: Expression<Date>;
}

/** The `where` of a range for a query over `orders`, with the user's scope. */
export function inOrderRange<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  user: Actor,
  range: OrderRange,
  columns: OrderRangeColumns,
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [inUserScope(eb, user, { city: columns.city, restaurant: columns.restaurant })];
  if (range.cityId !== null) conditions.push(eb(columns.city, '=', range.cityId));
  if (range.restaurantIds) conditions.push(eb(columns.restaurant, 'in', range.restaurantIds));
  if (range.from) conditions.push(eb(columns.createdAt, '>=', range.from));
  if (range.to) conditions.push(eb(columns.createdAt, '<', range.to));
  return eb.and(conditions);
}
