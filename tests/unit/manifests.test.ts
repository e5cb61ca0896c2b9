import { describe, expect, it } from 'vitest';
import { menuFor, Role, type RoleId } from '../../src/domain';
import { menuEntriesWithoutIcon, menuIcon } from '../../src/layout/menuIcons';
import { RESOURCES } from '../../src/resources';

const ROLES: RoleId[] = [Role.ADMIN, Role.CITY_ADMIN, Role.OPERATOR, Role.RESTAURANT_OWNER];

describe('the resource manifests', () => {
  it('name each resource once, with its texts in every language and a data-provider entry for itself', () => {
    const names = RESOURCES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const resource of RESOURCES) {
      expect(Object.keys(resource.messages).sort(), resource.name).toEqual(['en', 'es', 'ru']);
      expect(resource.data[resource.name], resource.name).toBeTypeOf('function');
    }
  });

  it('give the menu its icons: a resource’s entries show the resource’s own icon, and no entry lacks one', () => {
    for (const roleId of ROLES) {
      const ids = menuFor({ roleId, cityId: 1, restaurantId: 1 }).map((item) => item.id);
      expect(menuEntriesWithoutIcon(ids), String(roleId)).toEqual([]);
    }
    for (const resource of RESOURCES) {
      for (const id of resource.menu ?? []) expect(menuIcon(id), id).toBe(resource.icon);
    }
  });

  it('load every screen and data entry they name', async () => {
    for (const resource of RESOURCES) {
      for (const load of Object.values(resource.data)) {
        const handlers = await load();
        expect(Object.keys(handlers).length, resource.name).toBeGreaterThan(0);
      }
    }
  });
});
