import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';

const inflate = promisify(inflateRaw);

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/**
 * Whether a zip (an .xlsx is one) unpacks within `limit` bytes in all. An upload of 2 MB can
 * hold gigabytes of repeated XML, which the spreadsheet reader would unpack into memory: each
 * entry is unpacked here first, off the event loop and stopped at what is left of the limit, so
 * a size the directory misstates does not get past. Null when the file is not a zip this reads
 * (the reader then says it is not a workbook).
 */
export async function unpacksWithin(data: Buffer, limit: number): Promise<boolean | null> {
  const end = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > data.length || data.readUInt32LE(end) !== END_OF_DIRECTORY) return null;
  const entries = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  let left = limit;
  for (let index = 0; index < entries; index++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== DIRECTORY_ENTRY) return null;
    const method = data.readUInt16LE(at + 10);
    const packed = data.readUInt32LE(at + 20);
    const declared = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const local = data.readUInt32LE(at + 42);
    at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    if (declared > left) return false;
    if (local + 30 > data.length || data.readUInt32LE(local) !== LOCAL_HEADER) return null;
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    const body = data.subarray(start, start + packed);
    if (method === STORED) left -= body.length;
    else if (method === DEFLATED) {
      try {
        left -= (await inflate(body, { maxOutputLength: Math.max(left, 1) })).length;
      } catch (error) {
        if (error instanceof RangeError) return false;
        return null;
      }
    } else return null;
    if (left < 0) return false;
  }
  return true;
}
