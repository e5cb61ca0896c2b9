import type { AuthProvider } from 'react-admin';
import { can, type Action, type LoginResponse, type ResourceName, type SessionUser } from '../domain';
import { apiFetch } from './httpClient';
import { applySavedTexts } from './i18nProvider';
import { clearSession, readSession, tokenExpiry, writeSession } from './session';

export interface Permissions {
  roleId: SessionUser['roleId'];
  cityId: number | null;
  restaurantId: number | null;
}

const ACTIONS: readonly string[] = ['list', 'show', 'create', 'edit', 'delete'];

const liveSession = (): LoginResponse | null => {
  const session = readSession();
  if (!session) return null;
  const exp = tokenExpiry(session.jwtToken);
  if (exp !== null && exp * 1000 <= Date.now()) {
    clearSession();
    return null;
  }
  return session;
};

const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'status' in error ? Number((error as { status: unknown }).status) : undefined;

const loginListeners = new Set<() => void>();

/** Calls `listener` each time a login succeeds, as soon as its token is stored (before the first screen). */
export const whenLoggedIn = (listener: () => void): (() => void) => {
  loginListeners.add(listener);
  return () => loginListeners.delete(listener);
};

/**
 * Login through `POST /login`; the answer `{user, jwtToken}` is kept until logout or a 401.
 * What the user may see and do is answered from src/domain, the rules the API applies.
 */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    try {
      const { json } = await apiFetch<LoginResponse>('/login', {
        method: 'POST',
        body: { username, password },
        anonymous: true,
      });
      writeSession(json);
      for (const listener of loginListeners) listener();
    } catch (error) {
      clearSession();
      throw error;
    }
    // The texts admins saved, before the first screen of the session shows; without them the shipped ones.
    await applySavedTexts().catch(() => undefined);
  },

  async logout() {
    clearSession();
  },

  async checkAuth() {
    if (!liveSession()) throw new Error('ra.auth.auth_check_error');
  },

  async checkError(error: unknown) {
    if (statusOf(error) === 401) {
      clearSession();
      throw new Error('ra.notification.logged_out');
    }
  },

  async getIdentity() {
    const session = liveSession();
    if (!session) throw new Error('ra.auth.auth_check_error');
    return { id: session.user.id, fullName: session.user.username };
  },

  async getPermissions(): Promise<Permissions | null> {
    const session = liveSession();
    if (!session) return null;
    const { roleId, cityId, restaurantId } = session.user;
    return { roleId, cityId, restaurantId };
  },

  async canAccess({ resource, action }: { resource: string; action: string }) {
    const session = liveSession();
    if (!session || !ACTIONS.includes(action)) return false;
    return can(session.user.roleId, resource as ResourceName, action as Action);
  },
};

/** The logged-in user, for screens that fill in their own city or restaurant. */
export const sessionUser = (): SessionUser | null => liveSession()?.user ?? null;
