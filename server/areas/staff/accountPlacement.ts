import type { Kysely } from 'kysely';
import { placeOfRole, problem, renderMessage, worksInEveryCity } from '../../../src/domain';
import { assertCityExists, assertCityWritable, type Actor } from '../../auth/scope';
import type { Database } from '../../db/schema';
import { invalidFields } from '../../errors';

export interface Placement {
  city_id: number | null;
  restaurant_id: number | null;
}

const fieldProblem = (field: string, key: 'required' | 'id') => {
  const found = problem(key);
  return invalidFields([{ field, key: found.key, message: renderMessage(found) }]);
};

/**
 * Where an account of `roleId` works, from what the request names (spec section 6): admins
 * nowhere in particular; city admins, operators and couriers in a city, which an admin must
 * name and everyone else gets as their own; owners at a restaurant that exists and lies in the
 * actor's city, their city being the restaurant's (kept on the restaurant only, so it follows
 * the restaurant). Another city than the actor's own is a 403.
 */
export async function placeAccount(
  db: Kysely<Database>,
  actor: Actor,
  roleId: number,
  named: { cityId: number | null | undefined; restaurantId: number | null | undefined },
): Promise<Placement> {
  switch (placeOfRole(roleId)) {
    case 'everywhere':
      return { city_id: null, restaurant_id: null };
    case 'city': {
      const cityId = named.cityId ?? (worksInEveryCity(actor) ? null : actor.cityId);
      if (cityId == null) throw fieldProblem('cityId', 'required');
      assertCityWritable(actor, cityId);
      await assertCityExists(db, cityId);
      return { city_id: cityId, restaurant_id: null };
    }
    case 'restaurant': {
      if (named.restaurantId == null) throw fieldProblem('restaurantId', 'required');
      const restaurant = await db
        .selectFrom('restaurants')
        .select(['id', 'city_id'])
        .where('id', '=', named.restaurantId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!restaurant) throw fieldProblem('restaurantId', 'id');
      assertCityWritable(actor, restaurant.city_id);
      return { city_id: null, restaurant_id: restaurant.id };
    }
  }
}
