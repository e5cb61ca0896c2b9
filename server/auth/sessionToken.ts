import { z } from 'zod';
import { isRoleId, SECOND_FACTOR_SETUP_SESSION_SECONDS, TOKEN_TTL_SECONDS, type RoleId, type SessionUser } from '../../src/domain';
import { signJwt, verifyJwt } from './jwt';

/**
 * A session token carries the whole session user, so a request needs no lookup to know who
 * sent it; the account's version says whether that is still true.
 */
export interface SessionClaims {
  user: SessionUser;
  /** The account's `session_version` when the token was issued. */
  version: number;
  /** A short session good only for setting up the second factor its role requires (server/auth/secondFactor). */
  setupOnly?: boolean;
}

/** What PostgreSQL's integer holds: a claim outside it names no row and is a bad token. */
const INT32_MAX = 2_147_483_647;
const id = z.number().int().min(1).max(INT32_MAX);

const claimsSchema = z.object({
  sub: id,
  ver: z.number().int().min(0).max(INT32_MAX),
  role: z.custom<RoleId>((value) => isRoleId(value)),
  city: id.nullable(),
  rest: id.nullable(),
  name: z.string().min(1).max(255),
  key: z.string().max(64),
  lim: z.literal('setup').optional(),
});

/** A token read back: its claims, and when it expires (its `exp`). */
export interface ReadSessionClaims extends SessionClaims {
  expiresAt: Date;
}

const readClaimsSchema = claimsSchema.extend({ exp: z.number().int() });

export function signSessionToken({ user, version, setupOnly }: SessionClaims, secret: string, now: Date): string {
  const claims: z.input<typeof claimsSchema> = {
    sub: user.id,
    ver: version,
    role: user.roleId,
    city: user.cityId,
    rest: user.restaurantId,
    name: user.username,
    key: user.authKey,
    ...(setupOnly ? { lim: 'setup' as const } : {}),
  };
  return signJwt(claims, secret, setupOnly ? SECOND_FACTOR_SETUP_SESSION_SECONDS : TOKEN_TTL_SECONDS, now);
}

/** The claims of a well-signed, unexpired session token, or null for any other string. */
export function readSessionToken(token: string, secret: string, now: Date): ReadSessionClaims | null {
  const payload = verifyJwt(token, secret, now);
  const parsed = payload && readClaimsSchema.safeParse(payload);
  if (!parsed?.success) return null;
  const { sub, ver, role, city, rest, name, key, exp, lim } = parsed.data;
  return {
    user: { id: sub, username: name, roleId: role, cityId: city, restaurantId: rest, authKey: key },
    version: ver,
    setupOnly: lim === 'setup',
    expiresAt: new Date(exp * 1000),
  };
}
