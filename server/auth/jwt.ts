import { createHmac, timingSafeEqual } from 'node:crypto';

/** HS256 JSON Web Tokens: all the back-office needs, without a dependency. */
const b64url = (data: Buffer | string): string => Buffer.from(data).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

const signature = (input: string, secret: string): string => b64url(createHmac('sha256', secret).update(input).digest());

/** A token over `claims` plus `iat` and `exp`. */
export function signJwt(claims: Record<string, unknown>, secret: string, ttlSeconds: number, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000);
  const body = `${HEADER}.${b64url(JSON.stringify({ ...claims, iat, exp: iat + ttlSeconds }))}`;
  return `${body}.${signature(body, secret)}`;
}

/**
 * The payload of a well-signed, unexpired token, or null. The signature must be spelled
 * exactly as this module writes it: base64url decoding forgives padding and stray bits, so
 * decoding before comparing would accept many spellings of one signature.
 */
export function verifyJwt(token: string, secret: string, now: Date): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = Buffer.from(signature(`${parts[0]}.${parts[1]}`, secret));
  const given = Buffer.from(parts[2]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isRecord(payload) || typeof payload.exp !== 'number') return null;
  return payload.exp > Math.floor(now.getTime() / 1000) ? payload : null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
