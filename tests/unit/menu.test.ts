import { describe, expect, it } from 'vitest';
import { menuFor, Role } from '../../src/domain';

const paths = (roleId: (typeof Role)[keyof typeof Role], cityId: number | null = null, restaurantId: number | null = null) =>
  menuFor({ roleId, cityId, restaurantId }).map((item) => item.path);

describe('the menu of each role (spec section 2)', () => {
  it('admin', () => {
    expect(paths(Role.ADMIN)).toEqual([
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
      '/tags',
      '/referrals',
      '/admins',
      '/audit',
      '/logout',
    ]);
  });

  it('city admin, with their own city in the path', () => {
    expect(paths(Role.CITY_ADMIN, 7)).toEqual([
      '/restaurants/7',
      '/reviews',
      '/cuisines',
      '/ads',
      '/city/7',
      '/orders',
      '/tags',
      '/stats',
      '/spam',
      '/users/top',
      '/admins',
      '/referrals',
      '/audit',
      '/logout',
    ]);
  });

  it('restaurant owner, with their own restaurant in the path', () => {
    expect(paths(Role.RESTAURANT_OWNER, 7, 12)).toEqual(['/restaurant/12', '/ads', '/orders', '/restaurant/12/reviews', '/logout']);
  });

  it('operator', () => {
    expect(paths(Role.OPERATOR, 3)).toEqual(['/restaurants/3', '/reviews', '/city/3', '/orders', '/logout']);
  });

  it('couriers and customers have no menu', () => {
    expect(paths(Role.COURIER, 3)).toEqual([]);
    expect(paths(Role.USER)).toEqual([]);
  });

  it('every item has a distinct id within a role', () => {
    for (const roleId of [Role.ADMIN, Role.CITY_ADMIN, Role.OPERATOR, Role.RESTAURANT_OWNER]) {
      const ids = menuFor({ roleId, cityId: 1, restaurantId: 1 }).map((item) => item.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});
