import { Role, type RoleId } from '../../src/domain/roles';

/**
 * The menu of each role as spec section 2 lists it, written out by hand rather than read from the
 * resource manifests, so the unit and browser tests compare the app with the specification, not with itself.
 * `{cityId}` and `{restId}` stand for the user's own city and restaurant.
 */
const SPEC_MENUS: Record<RoleId, readonly string[]> = {
  [Role.ADMIN]: [
    '/stats',
    '/bots',
    '/cuisines',
    '/restaurants',
    '/reviews',
    '/ads',
    '/cities',
    '/spam',
    '/users/top',
    '/orders',
    '/cannedReplies',
    '/tags',
    '/referrals',
    '/admins',
    '/audit',
    '/logout',
  ],
  [Role.CITY_ADMIN]: [
    '/restaurants/{cityId}',
    '/reviews',
    '/cuisines',
    '/ads',
    '/city/{cityId}',
    '/orders',
    '/cannedReplies',
    '/tags',
    '/stats',
    '/spam',
    '/users/top',
    '/admins',
    '/referrals',
    '/audit',
    '/logout',
  ],
  [Role.RESTAURANT_OWNER]: ['/restaurant/{restId}', '/ads', '/orders', '/cannedReplies', '/restaurant/{restId}/reviews', '/logout'],
  [Role.OPERATOR]: ['/restaurants/{cityId}', '/reviews', '/city/{cityId}', '/orders', '/cannedReplies', '/logout'],
  // Couriers and customers cannot use the back-office: no menu.
  [Role.COURIER]: [],
  [Role.USER]: [],
};

/** The paths of the menu a user of `roleId` must see, in order, with their own city and restaurant filled in. */
export function expectedMenuPaths(roleId: RoleId, cityId: number | null, restaurantId: number | null): string[] {
  return SPEC_MENUS[roleId].map((path) => path.replace('{cityId}', String(cityId)).replace('{restId}', String(restaurantId)));
}
