import { scopeOf } from '../../domain';
import { useSession } from '../common/useSession';

/**
 * How the ad screens treat the user (spec section 6): a user of one restaurant (an owner)
 * posts that restaurant's ads, waits out the timeout and picks nothing; the others pick the
 * restaurant (an admin across cities).
 */
export function useAdRole() {
  const session = useSession();
  const ownRestaurant =
    session.roleId !== null &&
    scopeOf({ roleId: session.roleId, cityId: session.cityId, restaurantId: session.restaurantId }).kind === 'restaurant';
  return { ...session, ownRestaurant };
}
