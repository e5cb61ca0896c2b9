import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface LoginRecord {
  /** The account the username names, when there is one. */
  account: { id: number; city_id: number | null; restaurant_id: number | null } | undefined;
  /** As typed (trimmed): a failed login names who was tried, never the password. */
  username: string;
  ip: string;
  /** Logged in; or refused for a wrong username or password, a wrong second-factor code, or a role that may not log in. */
  outcome: 'login' | 'wrong_credentials' | 'wrong_code' | 'role_not_allowed';
}

/**
 * A login or a failed login in the audit trail. A success acts as the account; a
 * failure acts as nobody and names the account tried, so that its city's admin sees it too.
 */
export async function recordLogin(db: Kysely<Database>, { account, username, ip, outcome }: LoginRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: outcome === 'login' ? (account?.id ?? null) : null,
      action: outcome === 'login' ? 'login' : 'login_failed',
      entity: 'users',
      entity_id: account ? String(account.id) : null,
      city_id: account?.city_id ?? null,
      restaurant_id: account?.restaurant_id ?? null,
      changes: JSON.stringify(outcome === 'login' ? { username, ip } : { username, ip, reason: outcome }),
    })
    .execute();
}
