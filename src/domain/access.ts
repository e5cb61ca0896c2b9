import { Role, type RoleId } from './roles';
import type { SessionUser } from './session';

/**
 * What each role may do, resource by resource (spec section 6). The server asks this
 * before every route and the browser asks it (through canAccess) before showing a control,
 * so a button the user sees is a button the API accepts.
 */
export type Action = 'list' | 'show' | 'create' | 'edit' | 'delete';

export type ResourceName =
  | 'stats'
  | 'bots'
  | 'cities'
  | 'cityConfig'
  | 'cityPayments'
  /** A city's minutes per order stage before an order is late: city admins set their city's, the rest of the city reads them. */
  | 'orderTimers'
  | 'districts'
  | 'tags'
  | 'cuisines'
  /** Ready answers of a city's order chats; an owner's own are their restaurant's. */
  | 'cannedReplies'
  | 'restaurants'
  /** Pausing a restaurant in the bot for a while, and reopening it. */
  | 'restaurantPause'
  | 'dishCategories'
  | 'dishes'
  | 'photos'
  | 'orders'
  | 'orderStatus'
  | 'orderCourier'
  | 'orderChat'
  | 'orderAdminMessage'
  | 'orderDebug'
  | 'customerPhone'
  | 'customerAddress'
  | 'paymentData'
  | 'reviews'
  | 'cityReviews'
  | 'reviewAuthor'
  | 'ads'
  | 'referrals'
  | 'spam'
  | 'admins'
  | 'couriers'
  | 'topUsers'
  | 'language'
  | 'globalSettings'
  /** The audit trail of changes and logins: admins all of it, city admins their city's. */
  | 'audit'
  /** The GraphQL schema spelled out: its "Did you mean …?" hints on a mistyped field, argument or value. */
  | 'graphqlSchema';

type Grant = readonly Action[];
const ALL: Grant = ['list', 'show', 'create', 'edit', 'delete'];
const READ: Grant = ['list', 'show'];
const READ_EDIT: Grant = ['list', 'show', 'edit'];
const NO_DELETE: Grant = ['list', 'show', 'create', 'edit'];

type RoleGrants = Partial<Record<ResourceName, Grant>>;

const CITY_ADMIN: RoleGrants = {
  stats: READ,
  cities: READ_EDIT,
  cityConfig: READ_EDIT,
  orderTimers: ['show', 'edit'],
  districts: ALL,
  tags: ALL,
  cuisines: ALL,
  cannedReplies: ALL,
  restaurants: NO_DELETE,
  restaurantPause: ['edit'],
  dishCategories: ALL,
  dishes: ALL,
  photos: ['show', 'create'],
  orders: READ_EDIT,
  orderStatus: ['edit'],
  orderCourier: ['edit'],
  orderChat: ['list', 'create'],
  orderAdminMessage: ['create'],
  customerPhone: ['show'],
  customerAddress: ['edit'],
  paymentData: ['show'],
  reviews: ALL,
  /** A whole city's reviews; owners list their restaurant's. */
  cityReviews: ['list'],
  reviewAuthor: ['show'],
  ads: ALL,
  referrals: ALL,
  spam: ALL,
  admins: ALL,
  couriers: ['list'],
  topUsers: READ,
  audit: READ,
};

const OPERATOR: RoleGrants = {
  cities: ['show'],
  cityConfig: ['show', 'edit'],
  orderTimers: ['show'],
  districts: READ,
  tags: READ,
  cuisines: READ,
  cannedReplies: READ,
  restaurants: READ_EDIT,
  restaurantPause: ['edit'],
  dishCategories: READ_EDIT,
  dishes: READ_EDIT,
  photos: ['show', 'create'],
  orders: READ_EDIT,
  orderStatus: ['edit'],
  orderCourier: ['edit'],
  orderChat: ['list', 'create'],
  orderAdminMessage: ['create'],
  customerPhone: ['show'],
  customerAddress: ['edit'],
  reviews: ['list', 'show', 'edit', 'delete'],
  cityReviews: ['list'],
  reviewAuthor: ['show'],
  /** Couriers of their city, the one role they assign (src/domain/staff.ts); the menu has no entry (spec section 2). */
  admins: ALL,
  couriers: ['list'],
};

const RESTAURANT_OWNER: RoleGrants = {
  restaurants: ['show', 'edit'],
  restaurantPause: ['edit'],
  orderTimers: ['show'],
  districts: READ,
  tags: READ,
  cuisines: READ,
  /** Only their restaurant's own replies (the row scope). */
  cannedReplies: ALL,
  dishCategories: ALL,
  dishes: ALL,
  photos: ['show', 'create'],
  orders: READ,
  orderChat: ['list', 'create'],
  reviews: ['list', 'show', 'edit'],
  ads: NO_DELETE,
};

const GRANTS: Partial<Record<RoleId, RoleGrants | 'all'>> = {
  [Role.ADMIN]: 'all',
  [Role.CITY_ADMIN]: CITY_ADMIN,
  [Role.OPERATOR]: OPERATOR,
  [Role.RESTAURANT_OWNER]: RESTAURANT_OWNER,
};

export const can = (roleId: RoleId, resource: ResourceName, action: Action): boolean => {
  const grants = GRANTS[roleId];
  if (grants === undefined) return false;
  if (grants === 'all') return true;
  return grants[resource]?.includes(action) ?? false;
};

/** The rows a user may see: all, one city's, or one restaurant's. */
export type Scope = { kind: 'all' } | { kind: 'city'; cityId: number } | { kind: 'restaurant'; restaurantId: number } | { kind: 'none' };

export const scopeOf = (user: Pick<SessionUser, 'roleId' | 'cityId' | 'restaurantId'>): Scope => {
  switch (user.roleId) {
    case Role.ADMIN:
      return { kind: 'all' };
    case Role.CITY_ADMIN:
    case Role.OPERATOR:
      return user.cityId == null ? { kind: 'none' } : { kind: 'city', cityId: user.cityId };
    case Role.RESTAURANT_OWNER:
      return user.restaurantId == null ? { kind: 'none' } : { kind: 'restaurant', restaurantId: user.restaurantId };
    default:
      return { kind: 'none' };
  }
};

/** Where a row lives: its city and, for rows that belong to a restaurant, the restaurant. */
export interface RowPlace {
  cityId: number | null;
  restaurantId?: number | null;
}

export const inScope = (scope: Scope, row: RowPlace): boolean => {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'city':
      return row.cityId === scope.cityId;
    case 'restaurant':
      return row.restaurantId != null && row.restaurantId === scope.restaurantId;
    case 'none':
      return false;
  }
};

/** The role ids a user of this role may give to a new or edited staff account. */
export const assignableRoles = (roleId: RoleId): RoleId[] => {
  switch (roleId) {
    case Role.ADMIN:
      return [Role.ADMIN, Role.CITY_ADMIN, Role.RESTAURANT_OWNER, Role.OPERATOR, Role.COURIER];
    case Role.CITY_ADMIN:
      return [Role.RESTAURANT_OWNER, Role.OPERATOR, Role.COURIER];
    case Role.OPERATOR:
      return [Role.COURIER];
    default:
      return [];
  }
};

/** Admins work in every city; everyone else in one (or none). */
export const worksInEveryCity = (user: Pick<SessionUser, 'roleId' | 'cityId' | 'restaurantId'>): boolean => scopeOf(user).kind === 'all';

/**
 * A city's reference data (districts, tags, cuisines, config) belongs to everyone who works
 * in that city: admins work in every city, the others in their own (an owner in the city of
 * their restaurant).
 */
export const worksInCity = (user: Pick<SessionUser, 'roleId' | 'cityId' | 'restaurantId'>, cityId: number | null | undefined): boolean =>
  worksInEveryCity(user) || (cityId != null && user.cityId === cityId);
