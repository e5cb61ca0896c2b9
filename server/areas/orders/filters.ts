import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { can, ORDER_STATUS_TAB_STATUSES, orderSearchTerms, type OrderFilter, type OrderSearchTerms } from '../../../src/domain';
import { rangeBoundary } from '../../http/dayRange';
import { assertCityVisible, inUserScope, type Actor } from '../../auth/scope';
import { isLate } from './orderTimerSql';

/**
 * The rows of the order list, its totals and its export: one filter for all three, so the
 * export holds exactly what the list shows and the totals add up what it lists. The user's
 * scope always applies (an owner's restaurant, a city role's city); the asked city must be
 * one the user reaches. A search and a status tab narrow all three alike; a search matches
 * phones only for those who may see them (never owners).
 */
export interface OrderRange {
  cityId: number | null;
  restaurantIds: readonly number[] | null;
  from: Date | null;
  /** Exclusive. */
  to: Date | null;
  /** What the search box asks for; none when empty. */
  search?: OrderSearchTerms | null;
  /** The statuses of the chosen tab; all when none. */
  statuses?: readonly number[] | null;
  /** Only the orders late at this instant; all when none. */
  lateAt?: Date | null;
}

/** Whether a range narrows by more than place and time (the day totals then cannot answer it). */
export const narrowsRows = (range: OrderRange): boolean => !!range.search || !!range.statuses || !!range.lateAt;

/** `now` is the instant the late filter judges by (the app's clock). */
export function orderRange(user: Actor, filter: OrderFilter, now: Date = new Date()): OrderRange {
  const cityId = filter.cityId ?? null;
  if (cityId !== null) assertCityVisible(user, cityId);
  return {
    cityId,
    restaurantIds: filter.rests && filter.rests.length > 0 ? filter.rests : null,
    from: rangeBoundary(filter.from, false),
    to: rangeBoundary(filter.to, true),
    search: filter.q ? searchOf(filter.q, can(user.roleId, 'customerPhone', 'show')) : null,
    statuses: filter.status ? ORDER_STATUS_TAB_STATUSES[filter.status] : null,
    lateAt: filter.late ? now : null,
  };
}

/** The terms of a search, or none when the text can be nothing (a lone letter, say): the list then holds no order. */
function searchOf(text: string, phones: boolean): OrderSearchTerms | null {
  if (text.trim() === '') return null;
  return orderSearchTerms(text, phones);
}

/** `%`, `_` and the escape character itself taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The `where` of a search. The number goes to its index on orders; the customers whose phone or
 * name match are found first on theirs (an array computed once), so that the orders come from
 * the customers' index too, whatever the size of the table.
 */
function searchCondition(search: OrderSearchTerms, columns: OrderRangeColumns): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (search.number) parts.push(sql<SqlBool>`upper(${columns.threadId}) LIKE ${`${search.number}%`}`);
  const customers: Expression<SqlBool>[] = [];
  if (search.phoneDigits) {
    const digits = sql`regexp_replace(u.phone, '[^0-9]', '', 'g')`;
    const reversed = [...search.phoneDigits].reverse().join('');
    customers.push(sql<SqlBool>`(u.phone IS NOT NULL AND ${digits} LIKE ${`${search.phoneDigits}%`})`);
    customers.push(sql<SqlBool>`(u.phone IS NOT NULL AND reverse(${digits}) LIKE ${`${reversed}%`})`);
  }
  if (search.name) customers.push(sql<SqlBool>`lower(u.name) LIKE ${`%${likeLiteral(search.name)}%`}`);
  if (customers.length > 0) {
    parts.push(sql<SqlBool>`${columns.user} = ANY(ARRAY(SELECT u.id FROM users u WHERE ${sql.join(customers, sql` OR `)}))`);
  }
  if (parts.length === 0) return sql<SqlBool>`false`;
  return sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
}

/** The columns of a query over `orders` that a range filters on (the table may be aliased): `eb.ref('o.city_id')`, say. */
export interface OrderRangeColumns {
  city: Expression<number>;
  restaurant: Expression<number>;
  createdAt: Expression<Date>;
  threadId: Expression<string>;
  user: Expression<number>;
  status: Expression<number>;
  statusSince: Expression<Date>;
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
  if (range.statuses) conditions.push(eb(columns.status, 'in', range.statuses));
  if (range.search) conditions.push(searchCondition(range.search, columns));
  if (range.lateAt) conditions.push(isLate(columns, range.lateAt));
  return eb.and(conditions);
}
