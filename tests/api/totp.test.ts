import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchingStep, timeStep, totpAt } from '../../server/auth/secondFactor/totp';
import { seal, sealingKey, unseal } from '../../server/auth/secondFactor/sealing';

/** RFC 6238 appendix B: the SHA-1 secret "12345678901234567890" and its eight-digit codes. */
const RFC_SECRET = Buffer.from('12345678901234567890');
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP', () => {
  it("gives RFC 6238's test vectors", () => {
    for (const [seconds, code] of RFC_VECTORS) expect(hotp(RFC_SECRET, timeStep(new Date(seconds * 1000)), 8)).toBe(code);
  });

  it("gives RFC 4226's HOTP values", () => {
    expect([0, 1, 2, 9].map((counter) => hotp(RFC_SECRET, counter))).toEqual(['755224', '287082', '359152', '520489']);
  });

  it('reads and writes base32 as the apps do', () => {
    expect(base32Encode(RFC_SECRET)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq')).toEqual(RFC_SECRET);
  });

  it('matches a code of the step before, now or after, and nothing further', () => {
    const secret = base32Encode(RFC_SECRET);
    const at = new Date('2030-01-01T00:00:10Z');
    const step = timeStep(at);
    for (const offset of [-1, 0, 1])
      expect(matchingStep(secret, totpAt(secret, new Date(at.getTime() + offset * 30_000)), at)).toBe(step + offset);
    expect(matchingStep(secret, totpAt(secret, new Date(at.getTime() + 60_000)), at)).toBeNull();
    expect(matchingStep(secret, '12', at)).toBeNull();
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
