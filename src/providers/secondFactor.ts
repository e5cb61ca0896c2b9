import {
  API_PATHS,
  fillPath,
  type CodeNeeded,
  type SecondFactorConfirmed,
  type SecondFactorSetup,
  type SecondFactorStatus,
  type SetupNeeded,
} from '../domain';
import { apiFetch, type RequestOptions } from './httpClient';

const P = API_PATHS.secondFactor;
const api = (path: string) => `/api${path}`;

/** The password was right, and a second step follows: a code, or setting a factor up first. */
export class SecondFactorStep extends Error {
  constructor(readonly step: CodeNeeded | SetupNeeded) {
    super('auth.secondFactorStep');
  }
}

/**
 * The caller's own second factor: with the stored session, or with the token of a session
 * limited to setting one up (the login's setup step), which is never stored as a session.
 */
export const secondFactorApi = (setupToken?: string) => {
  const auth: RequestOptions = setupToken ? { anonymous: true, headers: { Authorization: `Bearer ${setupToken}` } } : {};
  return {
    status: async () => (await apiFetch<SecondFactorStatus>(api(P.status), auth)).json,
    newSecret: async () => (await apiFetch<SecondFactorSetup>(api(P.setup), auth)).json,
    confirm: async (setupKey: string, code: string) =>
      (await apiFetch<SecondFactorConfirmed>(api(P.confirm), { ...auth, method: 'POST', body: { setupKey, code } })).json,
    disable: async (code: string) => (await apiFetch<SecondFactorStatus>(api(P.disable), { ...auth, method: 'POST', body: { code } })).json,
  };
};

/** An admin's view of another staff member's factor: whether it is on, and its reset. */
export const staffSecondFactor = {
  status: async (id: number) => (await apiFetch<{ enabled: boolean }>(api(fillPath(P.reset, { id })))).json,
  reset: async (id: number) => (await apiFetch<{ enabled: boolean }>(api(fillPath(P.reset, { id })), { method: 'DELETE' })).json,
};
