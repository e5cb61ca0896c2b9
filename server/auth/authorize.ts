import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { API_PATHS, can, canUseBackOffice, type Action, type ResourceName, type SessionUser } from '../../src/domain';
import { actAs } from '../audit/actorContext';
import { apiError, forbidden, unauthorized } from '../errors';
import type { Database } from '../db/schema';
import { readSessionToken, type ReadSessionClaims } from './sessionToken';
import { watchSessionVersions, type SessionVersionOptions } from './sessionVersions';

/**
 * Who is calling, and what their role may do: routes declare their permission with
 * `requireCan`; which rows they reach is the job of ./scope.ts. The rules themselves come from
 * src/domain/access.ts, which the browser asks too.
 */
declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** The token behind an authenticated request, for a response that outlives it (the live stream). */
export interface RequestSession {
  expiresAt: Date;
  /** Whether the account still holds the token: false once it changed or is gone. */
  isCurrent: () => Promise<boolean>;
  /** A session limited to setting up the second factor its role requires. */
  setupOnly?: boolean;
}

/** What a session limited to the second factor's setup may call; anything else is a 403 SECOND_FACTOR_SETUP_REQUIRED. */
const SETUP_PATHS: readonly string[] = [API_PATHS.secondFactor.status, API_PATHS.secondFactor.setup, API_PATHS.secondFactor.confirm].map(
  (path) => `/api${path}`,
);
const mayCallDuringSetup = (url: string): boolean => SETUP_PATHS.includes(url.split('?')[0].replace(/\/+$/, ''));

const sessions = new WeakMap<FastifyRequest, RequestSession>();

/** Tokens whose reading is kept: the sessions of one process's busy hour, a few hundred bytes each. */
const READ_TOKENS_KEPT = 2000;

export interface AuthenticateDeps {
  db: Kysely<Database>;
  jwtSecret: string;
  now: () => Date;
  versions?: SessionVersionOptions;
}

/**
 * Reads the bearer token: its claims say who the user is, and the account's session version,
 * kept in memory and refreshed by the database's notifications, says whether they still hold.
 * A missing, bad or expired token, or one issued before a change to the account (deleted, or
 * its role, city, restaurant, username or password changed), is a 401.
 */
export function authenticator({ db, jwtSecret, now, versions: options }: AuthenticateDeps) {
  const { versions, stop } = watchSessionVersions(db, options);
  // A browser sends the same token with every request: its signature and claims are checked once,
  // then only its expiry (the same string always reads the same, so a cached read is as good).
  const read = new Map<string, ReadSessionClaims>();
  const readToken = (token: string, at: Date): ReadSessionClaims | null => {
    const known = read.get(token);
    // A token is valid through the second before its `exp`, as verifyJwt counts.
    if (known) {
      if (known.expiresAt.getTime() > Math.floor(at.getTime() / 1000) * 1000) return known;
      read.delete(token);
      return null;
    }
    const claims = readSessionToken(token, jwtSecret, at);
    if (claims) {
      if (read.size >= READ_TOKENS_KEPT) read.delete(read.keys().next().value ?? token);
      read.set(token, claims);
    }
    return claims;
  };
  const authenticate = async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized('Authentication required');
    const claims = readToken(match[1], now());
    if (!claims || !canUseBackOffice(claims.user.roleId)) {
      throw unauthorized('The session has expired or is invalid, please log in again');
    }
    const isCurrent = async () => (await versions.current(claims.user.id)) === claims.version;
    if (!(await isCurrent())) throw unauthorized('The session is no longer valid');
    const setupOnly = claims.setupOnly === true;
    request.user = claims.user;
    // Known, so that every error formatter (GraphQL's too) answers with this code, yet refused.
    if (setupOnly && !mayCallDuringSetup(request.url)) throw apiError(403, 'SECOND_FACTOR_SETUP_REQUIRED');
    // The audit trail records the request's changes as this user's (server/audit/actorContext.ts).
    actAs(claims.user.id);
    sessions.set(request, { expiresAt: claims.expiresAt, isCurrent, setupOnly });
  };
  return { authenticate, close: stop };
}

export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function currentSession(request: FastifyRequest): RequestSession {
  const session = sessions.get(request);
  if (!session) throw unauthorized();
  return session;
}

export function authorize(user: SessionUser, resource: ResourceName, action: Action): void {
  if (!can(user.roleId, resource, action)) throw forbidden();
}

/** Route option: `{ preValidation: requireCan('cities', 'edit') }`, so a caller without the right is refused before its input is validated. */
export const requireCan =
  (resource: ResourceName, action: Action) =>
  async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    authorize(currentUser(request), resource, action);
  };
