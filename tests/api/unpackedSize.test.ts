import { describe, expect, it } from 'vitest';
import { unpacksWithin } from '../../server/areas/menuSheet/unzippedSize';
import { zipOf } from '../support/zipOf';

const MB = 1024 * 1024;
const spaces = (bytes: number) => Buffer.alloc(bytes, 32);

describe('how much an uploaded workbook unpacks to', () => {
  it('passes a zip within the limit, all entries counted', async () => {
    const zip = zipOf([
      { name: 'a.xml', data: spaces(MB) },
      { name: 'b.xml', data: spaces(MB) },
    ]);
    await expect(unpacksWithin(zip, 3 * MB)).resolves.toBe(true);
    await expect(unpacksWithin(zip, Math.round(1.5 * MB))).resolves.toBe(false);
  });

  it('stops a small file that unpacks to far more, even when its directory states a small size', async () => {
    const bomb = spaces(40 * MB);
    const honest = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: bomb }]);
    const lying = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: bomb, declared: 100 }]);
    expect(honest.length).toBeLessThan(MB);
    await expect(unpacksWithin(honest, 8 * MB)).resolves.toBe(false);
    await expect(unpacksWithin(lying, 8 * MB)).resolves.toBe(false);
  });

  it('says nothing of what is not a zip', async () => {
    await expect(unpacksWithin(Buffer.from('just text'), MB)).resolves.toBeNull();
    await expect(unpacksWithin(Buffer.alloc(0), MB)).resolves.toBeNull();
  });
});
