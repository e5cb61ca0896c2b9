import { createHmac, timingSafeEqual } from 'node:crypto';

/** HS256 JSON Web Tokens: all the back-office needs, without a dependency. */
export interface TokenClaims {
  sub: number;
  iat: number;
  exp: number;
}

const b64url = (data: Buffer | string): string => Buffer.from(data).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

const signature = (input: string, secret: string): Buffer =>
  createHmac('sha256', secret).update(input).digest();

export function signToken(userId: number, secret: string, ttlSeconds: number, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000);
  const claims: TokenClaims = { sub: userId, iat, exp: iat + ttlSeconds };
  const body = `${HEADER}.${b64url(JSON.stringify(claims))}`;
  return `${body}.${b64url(signature(body, secret))}`;
}

/** The claims of a well-signed, unexpired token, or null. */
export function verifyToken(token: string, secret: string, now: Date): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = signature(`${parts[0]}.${parts[1]}`, secret);
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isClaims(claims)) return null;
  return claims.exp > Math.floor(now.getTime() / 1000) ? claims : null;
}

const isClaims = (value: unknown): value is TokenClaims => {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return Number.isInteger(c.sub) && typeof c.iat === 'number' && typeof c.exp === 'number';
};
