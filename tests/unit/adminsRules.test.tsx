import { describe, expect, it } from 'vitest';
import { mayManageAccount, missingPlacement, newStaffDefaults, Role, staffFormInputs } from '../../src/domain';
import { staffBody } from '../../src/resources/admins/data';

const admin = { roleId: Role.ADMIN, cityId: null, restaurantId: null } as const;
const cityAdmin = { roleId: Role.CITY_ADMIN, cityId: 1, restaurantId: null } as const;
const operator = { roleId: Role.OPERATOR, cityId: 1, restaurantId: null } as const;

describe('the staff account rules the form and the API share (spec section 6)', () => {
  it('manages accounts of assignable roles in the own city only', () => {
    expect(mayManageAccount(cityAdmin, { roleId: Role.OPERATOR, cityId: 1 })).toBe(true);
    expect(mayManageAccount(cityAdmin, { roleId: Role.OPERATOR, cityId: 2 })).toBe(false);
    expect(mayManageAccount(cityAdmin, { roleId: Role.CITY_ADMIN, cityId: 1 })).toBe(false);
    expect(mayManageAccount(operator, { roleId: Role.COURIER, cityId: 1 })).toBe(true);
    expect(mayManageAccount(operator, { roleId: Role.OPERATOR, cityId: 1 })).toBe(false);
    expect(mayManageAccount(admin, { roleId: Role.ADMIN, cityId: null })).toBe(true);
  });

  it('shows the city to admins for city roles, the restaurant for owners, and starts with a courier', () => {
    expect(staffFormInputs(admin, Role.OPERATOR)).toEqual({ city: true, restaurant: false });
    expect(staffFormInputs(admin, Role.COURIER)).toEqual({ city: true, restaurant: false });
    expect(staffFormInputs(admin, Role.ADMIN)).toEqual({ city: false, restaurant: false });
    expect(staffFormInputs(admin, Role.RESTAURANT_OWNER)).toEqual({ city: false, restaurant: true });
    expect(staffFormInputs(cityAdmin, Role.OPERATOR)).toEqual({ city: false, restaurant: false });
    expect(newStaffDefaults(admin)).toEqual({ roleId: Role.COURIER });
    expect(newStaffDefaults(cityAdmin)).toEqual({ roleId: Role.COURIER, cityId: 1 });
    expect(missingPlacement(admin, { roleId: Role.OPERATOR }).map((e) => e.field)).toEqual(['cityId']);
    expect(missingPlacement(cityAdmin, { roleId: Role.RESTAURANT_OWNER }).map((e) => e.field)).toEqual(['restaurantId']);
    expect(missingPlacement(cityAdmin, { roleId: Role.OPERATOR })).toEqual([]);
  });

  it('sends the city or restaurant only for a role that works there, and a cleared messenger id as null', () => {
    expect(staffBody({ username: 'a', roleId: Role.COURIER, cityId: 2, restaurantId: 5, telegramId: ' 42 ' })).toEqual({
      username: 'a',
      roleId: Role.COURIER,
      cityId: 2,
      telegramId: '42',
    });
    expect(staffBody({ username: 'a', roleId: Role.RESTAURANT_OWNER, cityId: 2, restaurantId: 5, telegramId: '' })).toEqual({
      username: 'a',
      roleId: Role.RESTAURANT_OWNER,
      restaurantId: 5,
      telegramId: null,
    });
    expect(staffBody({ username: 'a', roleId: Role.ADMIN, cityId: 2 })).toEqual({ username: 'a', roleId: Role.ADMIN });
  });
});
