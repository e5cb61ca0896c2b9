import { isLoginResponse, type LoginResponse } from '../domain';

/** The stored login: kept in localStorage until logout or a 401 (spec section 4). */
const KEY = 'backoffice.session';

export const readSession = (): LoginResponse | null => {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isLoginResponse(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

/** Set once the admin's settings checks have run for the current login. */
const CHECKED_KEY = 'backoffice.settingsChecked';

/** A new login: its settings checks are due again. */
export const writeSession = (session: LoginResponse): void => {
  localStorage.setItem(KEY, JSON.stringify(session));
  localStorage.removeItem(CHECKED_KEY);
};

/** The settings checks run once per login, not on every page load or in every tab. */
export const settingsChecksDue = (): boolean => localStorage.getItem(CHECKED_KEY) === null;
export const markSettingsChecked = (done = true): void =>
  done ? localStorage.setItem(CHECKED_KEY, '1') : localStorage.removeItem(CHECKED_KEY);

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
