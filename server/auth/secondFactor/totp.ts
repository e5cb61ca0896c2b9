import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';
import { toDataURL } from 'qrcode';
import { TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS, TOTP_WINDOW_STEPS } from '../../../src/domain';

/**
 * Time-based one-time passwords (RFC 6238: HMAC-SHA1, six digits, 30 s steps), what every
 * authenticator app computes, by otplib; the product's own part is which steps it accepts
 * (one before and one after now, for clocks that drift) and that each is accepted once
 * (the caller keeps the last step used).
 */
const seconds = (at: Date): number => Math.floor(at.getTime() / 1000);
const digits = TOTP_DIGITS;

/** A new secret of 160 bits (RFC 4226's recommendation), in base32 as the apps take it. */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The time step of an instant. */
export const timeStep = (at: Date): number => Math.floor(seconds(at) / TOTP_PERIOD_SECONDS);

/** The code an app shows at `at` for a base32 secret. */
export const totpAt = (secret: string, at: Date): string =>
  generateSync({ secret, epoch: seconds(at), digits, period: TOTP_PERIOD_SECONDS, algorithm: 'sha1' });

/** The time step whose code `code` is, within the window around `at`, or null (a malformed code included). */
export function matchingStep(secret: string, code: string, at: Date): number | null {
  try {
    const result = verifySync({
      secret,
      token: code,
      epoch: seconds(at),
      epochTolerance: TOTP_WINDOW_STEPS * TOTP_PERIOD_SECONDS,
      digits,
      period: TOTP_PERIOD_SECONDS,
      algorithm: 'sha1',
    });
    return result.valid ? timeStep(at) + result.delta : null;
  } catch {
    return null;
  }
}

/** The otpauth:// address an authenticator app reads (Key Uri Format). */
export const otpauthUri = (username: string, secret: string): string =>
  generateURI({ issuer: TOTP_ISSUER, label: username, secret, digits, period: TOTP_PERIOD_SECONDS, algorithm: 'sha1' });

/** That address as a QR code to scan, a PNG data URL the setup screen shows as an image. */
export const otpauthQrCode = (uri: string): Promise<string> => toDataURL(uri, { margin: 1, width: 220, errorCorrectionLevel: 'M' });
