/** Role ids as the API and the bot know them (spec section 6). */
export const Role = {
  ADMIN: 10,
  RESTAURANT_OWNER: 20,
  CITY_ADMIN: 30,
  OPERATOR: 40,
  COURIER: 50,
  USER: 1000,
} as const;

export type RoleId = (typeof Role)[keyof typeof Role];

export const ALL_ROLES: readonly RoleId[] = Object.values(Role);

/** The four roles that use the back-office. Couriers and customers cannot log in. */
export const STAFF_ROLES: readonly RoleId[] = [Role.ADMIN, Role.CITY_ADMIN, Role.OPERATOR, Role.RESTAURANT_OWNER];

export const isRoleId = (value: unknown): value is RoleId => typeof value === 'number' && (ALL_ROLES as readonly number[]).includes(value);

export const canUseBackOffice = (roleId: number): boolean => (STAFF_ROLES as readonly number[]).includes(roleId);

/** The role's name as used in translation keys (`roles.admin`, ...). */
export const roleKey = (roleId: RoleId): string => {
  switch (roleId) {
    case Role.ADMIN:
      return 'admin';
    case Role.RESTAURANT_OWNER:
      return 'owner';
    case Role.CITY_ADMIN:
      return 'cityAdmin';
    case Role.OPERATOR:
      return 'operator';
    case Role.COURIER:
      return 'courier';
    case Role.USER:
      return 'user';
  }
};
