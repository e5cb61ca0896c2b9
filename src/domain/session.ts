import { isRoleId, type RoleId } from './roles';

/** The staff member as the login call returns it and the browser keeps it. */
export interface SessionUser {
  id: number;
  username: string;
  roleId: RoleId;
  cityId: number | null;
  restaurantId: number | null;
  authKey: string;
}

export interface LoginResponse {
  user: SessionUser;
  jwtToken: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isIdOrNull = (value: unknown) => value === null || (typeof value === 'number' && Number.isInteger(value));

/**
 * Whether a value (a stored login read back from the browser's storage) has the shape of a
 * login answer. Checked by hand: the login page loads before zod does.
 */
export const isLoginResponse = (value: unknown): value is LoginResponse => {
  if (!isRecord(value) || typeof value.jwtToken !== 'string' || !isRecord(value.user)) return false;
  const { id, username, roleId, cityId, restaurantId, authKey } = value.user;
  return (
    typeof id === 'number' &&
    typeof username === 'string' &&
    isRoleId(roleId) &&
    isIdOrNull(cityId) &&
    isIdOrNull(restaurantId) &&
    typeof authKey === 'string'
  );
};

/** How long a login token stays valid. */
export const TOKEN_TTL_SECONDS = 12 * 60 * 60;

/** Failed logins allowed per IP and username within the window before 429. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
