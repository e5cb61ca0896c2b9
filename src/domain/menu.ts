import { Role, type RoleId } from './roles';
import type { SessionUser } from './session';

/** Identifies a menu entry: its label is `menu.<id>` and the layout picks its icon by id. */
export type MenuItemId =
  | 'stats'
  | 'bots'
  | 'cuisines'
  | 'restaurants'
  | 'restaurant'
  | 'reviews'
  | 'ownReviews'
  | 'ads'
  | 'cities'
  | 'city'
  | 'spam'
  | 'topUsers'
  | 'orders'
  | 'tags'
  | 'referrals'
  | 'admins'
  | 'audit'
  | 'logout';

export interface MenuItem {
  id: MenuItemId;
  /** The route, with the user's own city or restaurant filled in. */
  path: string;
}

type PathOf = (user: Pick<SessionUser, 'cityId' | 'restaurantId'>) => string;

const paths: Record<MenuItemId, PathOf> = {
  stats: () => '/stats',
  bots: () => '/bots',
  cuisines: () => '/cuisines',
  restaurants: (u) => (u.cityId == null ? '/restaurants' : `/restaurants/${u.cityId}`),
  restaurant: (u) => `/restaurant/${u.restaurantId ?? ''}`,
  reviews: () => '/reviews',
  ownReviews: (u) => `/restaurant/${u.restaurantId ?? ''}/reviews`,
  ads: () => '/ads',
  cities: () => '/cities',
  city: (u) => `/city/${u.cityId ?? ''}`,
  spam: () => '/spam',
  topUsers: () => '/users/top',
  orders: () => '/orders',
  tags: () => '/tags',
  referrals: () => '/referrals',
  admins: () => '/admins',
  audit: () => '/audit',
  logout: () => '/logout',
};

/** The menu of each role, in the order of spec section 2. */
const MENU: Partial<Record<RoleId, readonly MenuItemId[]>> = {
  [Role.ADMIN]: [
    'stats',
    'bots',
    'cuisines',
    'restaurants',
    'reviews',
    'ads',
    'cities',
    'spam',
    'topUsers',
    'orders',
    'tags',
    'referrals',
    'admins',
    'audit',
    'logout',
  ],
  [Role.CITY_ADMIN]: [
    'restaurants',
    'reviews',
    'cuisines',
    'ads',
    'city',
    'orders',
    'tags',
    'stats',
    'spam',
    'topUsers',
    'admins',
    'referrals',
    'audit',
    'logout',
  ],
  [Role.RESTAURANT_OWNER]: ['restaurant', 'ads', 'orders', 'ownReviews', 'logout'],
  [Role.OPERATOR]: ['restaurants', 'reviews', 'city', 'orders', 'logout'],
};

export const menuFor = (user: Pick<SessionUser, 'roleId' | 'cityId' | 'restaurantId'>): MenuItem[] =>
  (MENU[user.roleId] ?? []).map((id) => ({ id, path: paths[id](user) }));
