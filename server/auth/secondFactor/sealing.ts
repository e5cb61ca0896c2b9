import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest: AES-256-GCM, a fresh 96-bit nonce per sealing, and what the secret belongs
 * to (`context`, such as the account id) bound in as associated data, so a sealed secret copied
 * to another account's row does not open. Stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url).
 */
export type SealingKey = Buffer;

/**
 * The key from SECOND_FACTOR_KEY (any string of 32 characters or more), or, when it is unset,
 * one derived from the JWT secret: then changing JWT_SECRET makes every stored second factor
 * unreadable (their owners need an admin's reset).
 */
export const sealingKey = (configured: string | undefined, jwtSecret: string): SealingKey =>
  Buffer.from(hkdfSync('sha256', configured ?? jwtSecret, 'backoffice', configured ? 'second-factor-key' : 'second-factor-from-jwt', 32));

export function seal(key: SealingKey, plain: string, context: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', nonce, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The plain text, or null for anything not sealed by this key for this context. */
export function unseal(key: SealingKey, sealed: string, context: string): string | null {
  const [version, nonce, tag, body, ...rest] = sealed.split('.');
  if (version !== 'v1' || nonce === undefined || tag === undefined || body === undefined || rest.length > 0) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
