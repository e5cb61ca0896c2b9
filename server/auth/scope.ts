import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { can, inScope, scopeOf, worksInCity, worksInEveryCity, type LiveEvent, type RowPlace, type SessionUser } from '../../src/domain';

/** Who acts: the user of the request (their login token's claims). */
export type Actor = Pick<SessionUser, 'id' | 'roleId' | 'cityId' | 'restaurantId'>;
import type { Database } from '../db/schema';
import { badRequest, forbidden, notFound } from '../errors';

/**
 * Row scope: which cities' and restaurants' rows a user reaches (spec section 6), for single
 * rows (assertions) and for lists (a `where` to add to a query). The rules themselves are in
 * src/domain/access.ts, which the browser asks too.
 */

/** Reading a city's data: a city outside the user's reach is answered as unknown. */
export function assertCityVisible(user: Actor, cityId: number | null | undefined): void {
  if (!worksInCity(user, cityId)) throw notFound('CITY_NOT_FOUND');
}

/** Writing a city's data: admins anywhere, everyone else only in their own city. */
export function assertCityWritable(user: Actor, cityId: number | null | undefined): void {
  if (!worksInCity(user, cityId)) throw forbidden('CITY_NOT_YOURS');
}

/**
 * A row outside the user's scope is answered as if it did not exist, or with `refusal` where
 * the caller says whose it is (a write to another restaurant's menu, say).
 */
export function assertInScope(user: Actor, row: RowPlace | undefined | null, refusal: Error = notFound()): asserts row is RowPlace {
  if (!row || !inScope(scopeOf(user), row)) throw refusal;
}

/**
 * The city a list covers: the one asked for (which the user must reach), all cities (null)
 * for those who work in every city, else the user's own; 'none' when the user has no city.
 */
export function listedCity(user: Actor, asked: number | null): number | null | 'none' {
  if (asked !== null) {
    assertCityVisible(user, asked);
    return asked;
  }
  if (worksInEveryCity(user)) return null;
  return user.cityId ?? 'none';
}

/** The city a new row goes to: the one named, or for users who work in one city, their own. */
export const cityOfNewRow = (user: Actor, named: number | undefined): number | undefined =>
  named ?? (worksInEveryCity(user) ? undefined : (user.cityId ?? undefined));

/** Where a row keeps its city and, for rows of a restaurant, the restaurant: `eb.ref('orders.city_id')`, say. */
export interface ScopeColumns {
  city: Expression<number | null>;
  restaurant?: Expression<number | null>;
}

/**
 * A `where` that keeps the rows the user may see (spec section 6): all for admins, their
 * city's for city admins and operators, their restaurant's for owners. The columns are the
 * query's own references (`eb.ref(...)`), so a column the query does not have fails to compile:
 * `.where((eb) => inUserScope(eb, user, { city: eb.ref('orders.city_id'), restaurant: eb.ref('orders.restaurant_id') }))`.
 */
export function inUserScope<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  user: Actor,
  columns: ScopeColumns,
): Expression<SqlBool> {
  const scope = scopeOf(user);
  switch (scope.kind) {
    case 'all':
      return sql<SqlBool>`true`;
    case 'city':
      return eb(columns.city, '=', scope.cityId);
    case 'restaurant':
      return columns.restaurant ? eb(columns.restaurant, '=', scope.restaurantId) : sql<SqlBool>`false`;
    case 'none':
      return sql<SqlBool>`false`;
  }
}

/**
 * Whether a user hears an event of the live stream: the REST calls' row scope (all
 * for admins, their city for city admins and operators, their restaurant for owners), and a
 * mailing's progress only for those who may see mailings. Replays narrow their query with
 * `inUserScope` first; this is the rule every event passes before it is sent.
 */
export const hearsLiveEvent = (user: Actor, event: Pick<LiveEvent, 'type' | 'cityId' | 'restaurantId' | 'audience' | 'heldBy'>): boolean =>
  (event.type !== 'mailing.progress' || can(user.roleId, 'spam', 'list')) &&
  (event.type !== 'notification.created' || (event.audience ?? []).includes(user.roleId)) &&
  (event.type !== 'order.late' || hearsLateOrder(user, event)) &&
  inScope(scopeOf(user), { cityId: event.cityId, restaurantId: event.restaurantId });

/**
 * A `where` that keeps the notifications a user hears: their role is in the notification's
 * audience, and its city or restaurant is in their scope (as every row's).
 */
export function hearsNotification<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  user: Actor,
  columns: ScopeColumns & { audience: Expression<number[]> },
): Expression<SqlBool> {
  return eb.and([sql<SqlBool>`${user.roleId} = ANY(${columns.audience})`, inUserScope(eb, user, columns)]);
}

/**
 * A late order is the city's staff's business; a restaurant's owner hears of it only while the
 * restaurant is the one holding it up (not while it waits for a courier's delivery, say).
 */
const hearsLateOrder = (user: Actor, event: Pick<LiveEvent, 'heldBy'>): boolean =>
  scopeOf(user).kind !== 'restaurant' || event.heldBy === 'restaurant';

/** A `where` that keeps the rows of the cities the user works in (`city` holds the city id: `eb.ref('tags.city_id')`). */
export function inUserCities<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  user: Actor,
  city: Expression<number | null>,
): Expression<SqlBool> {
  if (worksInEveryCity(user)) return sql<SqlBool>`true`;
  return eb(city, '=', user.cityId ?? -1);
}

async function cityExists(db: Kysely<Database>, cityId: number): Promise<boolean> {
  return !!(await db.selectFrom('cities').select('id').where('id', '=', cityId).executeTakeFirst());
}

/** A 400 on the cityId field when the city does not exist (a 404 would name the wrong thing). */
export async function assertCityExists(db: Kysely<Database>, cityId: number): Promise<void> {
  if (!(await cityExists(db, cityId))) throw badRequest('cityId: no such city', [{ field: 'cityId', message: 'no such city' }]);
}
