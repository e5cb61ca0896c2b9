import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS, TOTP_WINDOW_STEPS } from '../../../src/domain';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP, HMAC-SHA1, six digits, 30 s
 * steps): what every authenticator app computes. Written here on node:crypto, since no TOTP
 * library is installed; tests/unit/totp.test.ts checks it against the RFC's own test vectors.
 */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export const base32Encode = (data: Buffer): string => {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of data) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
};

export const base32Decode = (text: string): Buffer => {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
};

/** A new secret of 160 bits (RFC 4226's recommendation), in base32 as the apps take it. */
export const newTotpSecret = (): string => base32Encode(randomBytes(20));

/** The time step of an instant. */
export const timeStep = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** HOTP of a counter (RFC 4226 section 5.3). */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS, algorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code an app shows at `at` for a base32 secret. */
export const totpAt = (secret: string, at: Date): string => hotp(base32Decode(secret), timeStep(at));

/**
 * The time step whose code `code` is, within the window around `at`, or null. Every step of the
 * window is computed and compared in constant time, so timing says nothing of which matched.
 */
export function matchingStep(secret: string, code: string, at: Date): number | null {
  const key = base32Decode(secret);
  const given = Buffer.from(code.padEnd(TOTP_DIGITS, ' ').slice(0, TOTP_DIGITS));
  const now = timeStep(at);
  let found: number | null = null;
  for (let step = now - TOTP_WINDOW_STEPS; step <= now + TOTP_WINDOW_STEPS; step++) {
    const expected = Buffer.from(hotp(key, step));
    if (timingSafeEqual(expected, given) && found === null) found = step;
  }
  return found;
}
