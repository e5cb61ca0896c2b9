import { describe, expect, it } from 'vitest';
import { Role } from '../../src/domain';
import { menuFor } from '../../src/layout/menu';
import { RESOURCES } from '../../src/resources';
import { expectedMenuPaths } from '../support/roleMenus';

const paths = (roleId: (typeof Role)[keyof typeof Role], cityId: number | null = null, restaurantId: number | null = null) =>
  menuFor({ roleId, cityId, restaurantId }, RESOURCES).map((item) => item.path);

describe('the menu of each role (spec section 2)', () => {
  it.each([
    ['admin', Role.ADMIN, null, null],
    ['city admin, with their own city in the path', Role.CITY_ADMIN, 7, null],
    ['restaurant owner, with their own restaurant in the path', Role.RESTAURANT_OWNER, 7, 12],
    ['operator', Role.OPERATOR, 3, null],
    ['courier: no menu', Role.COURIER, 3, null],
    ['customer: no menu', Role.USER, null, null],
  ] as const)('%s', (_name, roleId, cityId, restaurantId) => {
    expect(paths(roleId, cityId, restaurantId)).toEqual(expectedMenuPaths(roleId, cityId, restaurantId));
  });

  it('every item has a distinct id within a role', () => {
    for (const roleId of [Role.ADMIN, Role.CITY_ADMIN, Role.OPERATOR, Role.RESTAURANT_OWNER]) {
      const ids = menuFor({ roleId, cityId: 1, restaurantId: 1 }, RESOURCES).map((item) => item.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('no two entries of a role share a place, so the order never depends on the list of resources', () => {
    for (const roleId of [Role.ADMIN, Role.CITY_ADMIN, Role.OPERATOR, Role.RESTAURANT_OWNER]) {
      const places = RESOURCES.flatMap(({ menu = [] }) => menu.flatMap((entry) => entry.places[roleId] ?? []));
      expect(new Set(places).size, String(roleId)).toBe(places.length);
    }
  });

  it('a resource’s entries show the resource’s own icon', () => {
    const icons = new Map<string, unknown>(RESOURCES.flatMap(({ icon, menu = [] }) => menu.map((entry) => [entry.id, icon] as const)));
    for (const item of menuFor({ roleId: Role.ADMIN, cityId: null, restaurantId: null }, RESOURCES).slice(0, -1)) {
      expect(item.icon, item.id).toBe(icons.get(item.id));
    }
  });
});
