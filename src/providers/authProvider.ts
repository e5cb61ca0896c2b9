import type { AuthProvider } from 'react-admin';
import {
  can,
  isCodeNeeded,
  isSetupNeeded,
  type Action,
  type LoginResponse,
  type PasswordStepResponse,
  type ResourceName,
  type SessionUser,
} from '../domain';
import { apiFetch } from './httpClient';
import { applySavedTexts } from './i18nProvider';
import { SecondFactorStep } from './secondFactor';
import { clearSession, readSession, tokenExpiry, writeSession } from './session';

export interface Permissions {
  roleId: SessionUser['roleId'];
  cityId: number | null;
  restaurantId: number | null;
}

const ACTIONS: readonly string[] = ['list', 'show', 'create', 'edit', 'delete'];

/** The login's steps: the password; a second factor's code; or the session a forced setup ended with. */
export type LoginParams = { username: string; password: string } | { challengeToken: string; code: string } | { session: LoginResponse };

/** The session a login step ends with; a password that needs a second step throws SecondFactorStep. */
const loginStep = async (params: LoginParams): Promise<LoginResponse> => {
  if ('session' in params) return params.session;
  if ('challengeToken' in params) {
    const body = { challengeToken: params.challengeToken, code: params.code };
    return (await apiFetch<LoginResponse>('/login/secondFactor', { method: 'POST', body, anonymous: true })).json;
  }
  const body = { username: params.username, password: params.password };
  const { json } = await apiFetch<PasswordStepResponse>('/login', { method: 'POST', body, anonymous: true });
  if (isCodeNeeded(json) || isSetupNeeded(json)) throw new SecondFactorStep(json);
  return json;
};

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
 * Login through `POST /login` (and `POST /login/secondFactor` when the account has a second
 * factor); the answer `{user, jwtToken}` is kept until logout or a 401.
 * What the user may see and do is answered from src/domain, the rules the API applies.
 */
export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    try {
      writeSession(await loginStep(params));
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
