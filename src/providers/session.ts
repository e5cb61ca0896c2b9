import type { LoginResponse } from '../domain';

/** The stored login: kept in localStorage until logout or a 401 (spec section 4). */
const KEY = 'backoffice.session';

export const readSession = (): LoginResponse | null => {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as LoginResponse;
    return parsed?.user && typeof parsed.jwtToken === 'string' ? parsed : null;
  } catch {
    return null;
  }
};

export const writeSession = (session: LoginResponse): void => localStorage.setItem(KEY, JSON.stringify(session));

export const clearSession = (): void => localStorage.removeItem(KEY);

/** Seconds since the epoch when the stored token expires, read from its claims. */
export const tokenExpiry = (token: string): number | null => {
  try {
    const payload = token.split('.')[1];
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
};
