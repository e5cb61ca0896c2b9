import { describe, expect, it } from 'vitest';
import { assignableRoles, can, canUseBackOffice, inScope, Role, scopeOf } from '../../src/domain';

describe('access rules (spec section 6)', () => {
  it('only the four staff roles use the back-office', () => {
    expect([Role.ADMIN, Role.CITY_ADMIN, Role.OPERATOR, Role.RESTAURANT_OWNER].every(canUseBackOffice)).toBe(true);
    expect(canUseBackOffice(Role.COURIER)).toBe(false);
    expect(canUseBackOffice(Role.USER)).toBe(false);
  });

  it('an admin may do everything, including deleting restaurants', () => {
    expect(can(Role.ADMIN, 'restaurants', 'delete')).toBe(true);
    expect(can(Role.ADMIN, 'bots', 'create')).toBe(true);
    expect(can(Role.ADMIN, 'cityPayments', 'edit')).toBe(true);
  });

  it('a city admin adds restaurants but does not delete them, and manages tags, cuisines and mailings', () => {
    expect(can(Role.CITY_ADMIN, 'restaurants', 'create')).toBe(true);
    expect(can(Role.CITY_ADMIN, 'restaurants', 'delete')).toBe(false);
    expect(can(Role.CITY_ADMIN, 'tags', 'create')).toBe(true);
    expect(can(Role.CITY_ADMIN, 'cuisines', 'create')).toBe(true);
    expect(can(Role.CITY_ADMIN, 'spam', 'create')).toBe(true);
    expect(can(Role.CITY_ADMIN, 'bots', 'list')).toBe(false);
    expect(can(Role.CITY_ADMIN, 'cityPayments', 'edit')).toBe(false);
  });

  it('an operator cannot add or delete dish categories or dishes', () => {
    for (const resource of ['dishCategories', 'dishes'] as const) {
      expect(can(Role.OPERATOR, resource, 'edit')).toBe(true);
      expect(can(Role.OPERATOR, resource, 'create')).toBe(false);
      expect(can(Role.OPERATOR, resource, 'delete')).toBe(false);
    }
    expect(can(Role.OPERATOR, 'restaurants', 'create')).toBe(false);
  });

  it('an owner cannot change status, assign couriers, delete reviews, see authors or phones', () => {
    expect(can(Role.RESTAURANT_OWNER, 'orderStatus', 'edit')).toBe(false);
    expect(can(Role.RESTAURANT_OWNER, 'orderCourier', 'edit')).toBe(false);
    expect(can(Role.RESTAURANT_OWNER, 'reviews', 'delete')).toBe(false);
    expect(can(Role.RESTAURANT_OWNER, 'reviewAuthor', 'show')).toBe(false);
    expect(can(Role.RESTAURANT_OWNER, 'customerPhone', 'show')).toBe(false);
    expect(can(Role.RESTAURANT_OWNER, 'ads', 'create')).toBe(true);
  });

  it('couriers and customers may do nothing', () => {
    expect(can(Role.COURIER, 'orders', 'list')).toBe(false);
    expect(can(Role.USER, 'orders', 'list')).toBe(false);
  });

  it('scopes rows to the own city or restaurant', () => {
    const cityAdmin = scopeOf({ roleId: Role.CITY_ADMIN, cityId: 1, restaurantId: null });
    expect(inScope(cityAdmin, { cityId: 1 })).toBe(true);
    expect(inScope(cityAdmin, { cityId: 2 })).toBe(false);
    const owner = scopeOf({ roleId: Role.RESTAURANT_OWNER, cityId: 1, restaurantId: 5 });
    expect(inScope(owner, { cityId: 1, restaurantId: 5 })).toBe(true);
    expect(inScope(owner, { cityId: 1, restaurantId: 6 })).toBe(false);
    expect(inScope(owner, { cityId: 1 })).toBe(false);
    expect(inScope(scopeOf({ roleId: Role.ADMIN, cityId: null, restaurantId: null }), { cityId: 9 })).toBe(true);
    expect(inScope(scopeOf({ roleId: Role.OPERATOR, cityId: null, restaurantId: null }), { cityId: 9 })).toBe(false);
  });

  it('lists the roles each role may assign', () => {
    expect(assignableRoles(Role.ADMIN)).toEqual([Role.ADMIN, Role.CITY_ADMIN, Role.RESTAURANT_OWNER, Role.OPERATOR, Role.COURIER]);
    expect(assignableRoles(Role.CITY_ADMIN)).toEqual([Role.RESTAURANT_OWNER, Role.OPERATOR, Role.COURIER]);
    expect(assignableRoles(Role.OPERATOR)).toEqual([Role.COURIER]);
    expect(assignableRoles(Role.RESTAURANT_OWNER)).toEqual([]);
  });
});
