import { describe, expect, it } from 'vitest';
import { isNewVersion } from '../../src/domain';

describe('the new-version check', () => {
  it('is true only when the server announces a different version', () => {
    expect(isNewVersion('2.5.86', '2.5.86')).toBe(false);
    expect(isNewVersion('2.5.86', ' 2.5.86 ')).toBe(false);
    expect(isNewVersion('2.5.86', '2.5.87')).toBe(true);
    expect(isNewVersion('2.5.86', '2.4.0')).toBe(true);
  });

  it('says nothing when the header is missing', () => {
    expect(isNewVersion('2.5.86', null)).toBe(false);
    expect(isNewVersion('2.5.86', undefined)).toBe(false);
    expect(isNewVersion('2.5.86', '')).toBe(false);
  });
});
