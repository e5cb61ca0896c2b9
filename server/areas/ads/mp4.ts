/**
 * Whether a file is an MP4 video, by its structure: an ISO media file is a run of boxes (a
 * 32-bit size and a four-letter type) that fill it exactly; the first is `ftyp`, whose brand
 * must be one of the MP4 family (HEIF and AVIF images use the same boxes with other brands),
 * and one of them holds the movie (`moov`). A real header in front of anything else fails.
 */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VP',
  'dash',
  'mmp4',
  'MSNV',
]);
const BOX_TYPE = /^[\x20-\x7e]{4}$/;

export function isMp4(data: Buffer): boolean {
  let offset = 0;
  let index = 0;
  let hasMovie = false;
  while (offset < data.length) {
    if (data.length - offset < 8) return false;
    let size = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (size === 1) {
      if (data.length - offset < 16) return false;
      const large = data.readBigUInt64BE(offset + 8);
      if (large > BigInt(data.length - offset)) return false;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      // The last box runs to the end of the file.
      size = data.length - offset;
    }
    if (!BOX_TYPE.test(type) || size < header || offset + size > data.length) return false;
    if (index === 0) {
      if (type !== 'ftyp' || size < 16) return false;
      const brands = [data.toString('latin1', offset + 8, offset + 12)];
      for (let at = offset + 16; at + 4 <= offset + size; at += 4) brands.push(data.toString('latin1', at, at + 4));
      if (!brands.some((brand) => MP4_BRANDS.has(brand))) return false;
    }
    if (type === 'moov') hasMovie = true;
    offset += size;
    index += 1;
  }
  return index > 0 && hasMovie;
}
