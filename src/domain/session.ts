import type { RoleId } from './roles';

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

/** How long a login token stays valid. */
export const TOKEN_TTL_SECONDS = 12 * 60 * 60;

/** Failed logins allowed per IP and username within the window before 429. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
