import type { Kysely } from 'kysely';
import { inScope, problem, renderMessage, scopeOf, type ValidationKey } from '../../../src/domain';
import type { Actor } from '../../auth/scope';
import type { Database } from '../../db/schema';
import { forbidden, invalidFields } from '../../errors';

/** The restaurant an ad belongs to, with its city. */
export interface AdRestaurant {
  id: number;
  cityId: number;
  cityName: string;
}

/** A 400 naming the field with the message of `key`. */
export const fieldProblem = (field: string, key: ValidationKey) => {
  const found = problem(key);
  return invalidFields([{ field, message: renderMessage(found), key: found.key }]);
};
export const inFutureError = (field: string) => fieldProblem(field, 'inFuture');

const loadRestaurant = (db: Kysely<Database>, id: number) =>
  db
    .selectFrom('restaurants as r')
    .innerJoin('cities as c', 'c.id', 'r.city_id')
    .select(['r.id', 'r.city_id as cityId', 'c.name as cityName'])
    .where('r.id', '=', id)
    .where('r.deleted_at', 'is', null)
    .executeTakeFirst();

/** Owners post for their own restaurant only, whatever the body names. */
export const postsForOwnRestaurant = (user: Actor): boolean => scopeOf(user).kind === 'restaurant';

/**
 * The restaurant of an ad being written: an owner's own, whatever was sent; for the others the
 * one named, which must exist and be in their scope (a 400 on the field otherwise, so that a
 * restaurant out of reach reads as one not in the list). Undefined when none was named.
 */
export async function adRestaurantFor(
  db: Kysely<Database>,
  user: Actor,
  named: number | null | undefined,
): Promise<AdRestaurant | undefined> {
  if (postsForOwnRestaurant(user)) {
    const own = user.restaurantId == null ? undefined : await loadRestaurant(db, user.restaurantId);
    if (!own) throw forbidden();
    return own;
  }
  if (named == null) return undefined;
  const restaurant = await loadRestaurant(db, named);
  if (!restaurant || !inScope(scopeOf(user), { cityId: restaurant.cityId, restaurantId: restaurant.id })) {
    throw fieldProblem('restaurantId', 'id');
  }
  return restaurant;
}
