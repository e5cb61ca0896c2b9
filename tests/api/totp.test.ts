import { describe, expect, it } from 'vitest';
import { matchingStep, otpauthQrCode, otpauthUri, timeStep, totpAt } from '../../server/auth/secondFactor/totp';
import { seal, sealingKey, unseal } from '../../server/auth/secondFactor/sealing';

/** RFC 6238 appendix B's SHA-1 secret "12345678901234567890", in base32, and its codes (the last six digits of its eight). */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_VECTORS: [number, string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
  [20000000000, '353130'],
];

describe('TOTP', () => {
  it("gives RFC 6238's test vectors with the product's settings (SHA-1, 30 s, six digits)", () => {
    for (const [seconds, code] of RFC_VECTORS) expect(totpAt(RFC_SECRET, new Date(seconds * 1000))).toBe(code);
  });

  it('matches a code of the step before, now or after, and nothing further or malformed', () => {
    const at = new Date('2030-01-01T00:00:10Z');
    const step = timeStep(at);
    for (const offset of [-1, 0, 1])
      expect(matchingStep(RFC_SECRET, totpAt(RFC_SECRET, new Date(at.getTime() + offset * 30_000)), at)).toBe(step + offset);
    expect(matchingStep(RFC_SECRET, totpAt(RFC_SECRET, new Date(at.getTime() + 60_000)), at)).toBeNull();
    expect(matchingStep(RFC_SECRET, '12', at)).toBeNull();
    expect(matchingStep(RFC_SECRET, 'abcdef', at)).toBeNull();
  });

  it('gives the address an app reads, and it as a QR code image', async () => {
    const uri = otpauthUri('cityadmin', RFC_SECRET);
    expect(uri.startsWith('otpauth://totp/')).toBe(true);
    expect(new URL(uri).searchParams.get('secret')).toBe(RFC_SECRET);
    expect(uri).toContain('cityadmin');
    const image = await otpauthQrCode(uri);
    expect(image.startsWith('data:image/png;base64,')).toBe(true);
    expect(Buffer.from(image.split(',')[1], 'base64').subarray(1, 4).toString()).toBe('PNG');
  });
});

describe('sealing', () => {
  it('opens only with its key and its context', () => {
    const key = sealingKey(undefined, 'a-jwt-secret-of-at-least-32-characters');
    const sealed = seal(key, 'JBSWY3DPEHPK3PXP', 'user:1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(unseal(key, sealed, 'user:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(unseal(key, sealed, 'user:2')).toBeNull();
    expect(unseal(sealingKey('another-key-of-at-least-32-characters!', 'x'), sealed, 'user:1')).toBeNull();
    expect(unseal(key, 'v1.nonsense', 'user:1')).toBeNull();
    expect(seal(key, 'same', 'c')).not.toBe(seal(key, 'same', 'c'));
  });
});
