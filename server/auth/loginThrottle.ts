import { sql, type Kysely } from 'kysely';
import { LOGIN_FAILURE_WINDOW_SECONDS, LOGIN_MAX_FAILURES } from '../../src/domain';
import type { Database } from '../db/schema';

/**
 * How failed logins slow guessing down, counted in the database so that every API process on
 * one PostgreSQL server sees the same counts:
 * - one address and one username: LOGIN_MAX_FAILURES failures in LOGIN_FAILURE_WINDOW_SECONDS,
 *   then it waits until the oldest leaves the window;
 * - one address, any usernames: ten times as many, except for a username that logged in from
 *   that address within KNOWN_ADDRESS_DAYS: behind a reverse proxy (or a shared office NAT) every
 *   user has one address, and guesses at other names must not lock the whole staff out;
 * - one username from any addresses (an attack spread over many addresses): USERNAME_FREE
 *   failures in an hour are free; after that each failure locks the username for a delay that
 *   doubles with every further USERNAME_FREE failures (30 s, 60 s, 120 s, ... at most 15
 *   minutes), counted from the latest failure. An address the username logged in from
 *   successfully within KNOWN_ADDRESS_DAYS is not held by this lock (the other two still
 *   apply), so guesses from elsewhere cannot keep the real user out.
 */
export const USERNAME_FREE_FAILURES = 10;
export const USERNAME_WINDOW_SECONDS = 60 * 60;
export const USERNAME_FIRST_DELAY_SECONDS = 30;
export const USERNAME_MAX_DELAY_SECONDS = 15 * 60;
export const ADDRESS_MAX_FAILURES = LOGIN_MAX_FAILURES * 10;
const KNOWN_ADDRESS_DAYS = 90;
const PRUNE_EVERY_MS = 60_000;

export interface LoginAttempt {
  /** As typed, trimmed; compared without case. */
  username: string;
  ip: string;
  at: Date;
}

/** The delay after `failures` failures of one username within its window, in seconds. */
export function usernameDelaySeconds(failures: number): number {
  const steps = Math.floor(failures / USERNAME_FREE_FAILURES);
  if (steps < 1) return 0;
  return Math.min(USERNAME_FIRST_DELAY_SECONDS * 2 ** Math.min(steps - 1, 30), USERNAME_MAX_DELAY_SECONDS);
}

const ago = (at: Date, seconds: number): Date => new Date(at.getTime() - seconds * 1000);
const secondsUntil = (until: number, at: Date): number => Math.max(0, Math.ceil((until - at.getTime()) / 1000));
const time = (value: Date | string | null): number | null => (value === null ? null : new Date(value).getTime());

export class LoginThrottle {
  private prunedAt = 0;

  constructor(private readonly db: Kysely<Database>) {}

  /** Seconds this attempt must wait before its password is even checked; 0 when it may try now. */
  async retryAfter({ username, ip, at }: LoginAttempt): Promise<number> {
    const name = username.toLowerCase();
    const recent = ago(at, LOGIN_FAILURE_WINDOW_SECONDS);
    const thisAddress = sql<boolean>`ip = ${ip} AND failed_at > ${recent}`;
    const thisPair = sql<boolean>`ip = ${ip} AND username = ${name} AND failed_at > ${recent}`;
    const thisName = sql<boolean>`username = ${name} AND failed_at > ${ago(at, USERNAME_WINDOW_SECONDS)}`;
    const row = await this.db
      .selectFrom('login_failures')
      .select([
        sql<number>`count(*) FILTER (WHERE ${thisPair})`.as('pair'),
        sql<Date | null>`min(failed_at) FILTER (WHERE ${thisPair})`.as('pairOldest'),
        sql<number>`count(*) FILTER (WHERE ${thisAddress})`.as('address'),
        sql<Date | null>`min(failed_at) FILTER (WHERE ${thisAddress})`.as('addressOldest'),
        sql<number>`count(*) FILTER (WHERE ${thisName})`.as('name'),
        sql<Date | null>`max(failed_at) FILTER (WHERE ${thisName})`.as('nameLatest'),
        sql<boolean>`EXISTS (SELECT 1 FROM login_addresses WHERE username = ${name} AND ip = ${ip} AND logged_in_at > ${ago(at, KNOWN_ADDRESS_DAYS * 86_400)})`.as(
          'known',
        ),
      ])
      .where(sql<boolean>`(${thisAddress}) OR (${thisName})`)
      .executeTakeFirstOrThrow();

    const windowMs = LOGIN_FAILURE_WINDOW_SECONDS * 1000;
    const waits = [0];
    const pairOldest = time(row.pairOldest);
    if (Number(row.pair) >= LOGIN_MAX_FAILURES && pairOldest !== null) waits.push(secondsUntil(pairOldest + windowMs, at));
    const addressOldest = time(row.addressOldest);
    if (!row.known && Number(row.address) >= ADDRESS_MAX_FAILURES && addressOldest !== null) {
      waits.push(secondsUntil(addressOldest + windowMs, at));
    }
    const nameLatest = time(row.nameLatest);
    if (!row.known && nameLatest !== null) {
      waits.push(secondsUntil(nameLatest + usernameDelaySeconds(Number(row.name)) * 1000, at));
    }
    return Math.max(...waits);
  }

  async failed({ username, ip, at }: LoginAttempt): Promise<void> {
    await this.db.insertInto('login_failures').values({ username: username.toLowerCase(), ip, failed_at: at }).execute();
    await this.prune(at);
  }

  /** The address is now known for this username, and its own failures are forgiven. */
  async succeeded({ username, ip, at }: LoginAttempt): Promise<void> {
    const name = username.toLowerCase();
    await this.db.deleteFrom('login_failures').where('username', '=', name).where('ip', '=', ip).execute();
    await this.db
      .insertInto('login_addresses')
      .values({ username: name, ip, logged_in_at: at })
      .onConflict((oc) => oc.columns(['username', 'ip']).doUpdateSet({ logged_in_at: at }))
      .execute();
  }

  private async prune(at: Date): Promise<void> {
    if (at.getTime() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = at.getTime();
    const longest = Math.max(LOGIN_FAILURE_WINDOW_SECONDS, USERNAME_WINDOW_SECONDS);
    await this.db.deleteFrom('login_failures').where('failed_at', '<', ago(at, longest)).execute();
    await this.db
      .deleteFrom('login_addresses')
      .where('logged_in_at', '<', ago(at, KNOWN_ADDRESS_DAYS * 86_400))
      .execute();
  }
}
