/**
 * Refuses ZIP-based spreadsheets (XLSX, ODS) that inflate past IMPORT_LIMITS (ratio or total size) BEFORE
 * any XML is parsed. First the sizes the central directory declares (cheap); then, because an archive may
 * lie about them, every entry is really inflated as a stream into nothing, counting the bytes, and the
 * inflate stops as soon as the running total passes a limit. ZIP64 archives and spanned archives are
 * refused as unreadable (a 20 MB spreadsheet never needs them).
 */
import { createInflateRaw } from 'node:zlib';
import { DomainError } from '../../core/errors.js';
import { IMPORT_LIMITS } from '../../core/constants.js';

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
export const STORED = 0;
export const DEFLATED = 8;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;

export interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  /** As declared by the central directory (may lie; see inflatedSize). */
  uncompressedSize: number;
  /** 0 stored, 8 deflated. */
  method: number;
  /** Offset of the entry's local file header. */
  localOffset: number;
}

const unreadable = () => new DomainError('import.unreadable');

/** The central directory entries of a ZIP held in memory. Throws `import.unreadable` on a damaged archive. */
export function zipEntries(zip: Buffer): ZipEntryInfo[] {
  if (zip.length < EOCD_MIN) throw unreadable();
  // The EOCD sits at the end, followed only by an optional comment of up to 64 KiB.
  const floor = Math.max(0, zip.length - EOCD_MIN - MAX_COMMENT);
  let eocd = -1;
  for (let i = zip.length - EOCD_MIN; i >= floor; i--)
    if (zip.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw unreadable();
  const disk = zip.readUInt16LE(eocd + 4);
  const entryCount = zip.readUInt16LE(eocd + 10);
  const directorySize = zip.readUInt32LE(eocd + 12);
  const directoryOffset = zip.readUInt32LE(eocd + 16);
  if (disk !== 0 || entryCount === 0xffff || directoryOffset === 0xffffffff) throw unreadable();
  if (directoryOffset + directorySize > eocd) throw unreadable();

  const entries: ZipEntryInfo[] = [];
  let at = directoryOffset;
  for (let n = 0; n < entryCount; n++) {
    if (at + 46 > eocd || zip.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw unreadable();
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const uncompressedSize = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localOffset = zip.readUInt32LE(at + 42);
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff) throw unreadable(); // ZIP64
    const end = at + 46 + nameLength;
    if (end > eocd) throw unreadable();
    entries.push({ name: zip.toString('utf8', at + 46, end), compressedSize, uncompressedSize, method, localOffset });
    at = end + extraLength + commentLength;
  }
  return entries;
}

type InflateLimits = { maxInflateRatio: number; maxInflatedBytes: number };

const zipBomb = (limits: InflateLimits) =>
  new DomainError('import.zip_bomb', 'import.zip_bomb', { params: { ratio: limits.maxInflateRatio, max: limits.maxInflatedBytes / 1024 / 1024 } });

/** Throws `import.zip_bomb` when the declared inflated size breaks the ratio or total limit. */
export function assertDeclaredSizes(zip: Buffer, limits: InflateLimits = IMPORT_LIMITS): ZipEntryInfo[] {
  const entries = zipEntries(zip);
  const inflated = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  const tooBig = inflated > limits.maxInflatedBytes;
  const tooDense = inflated > zip.length * limits.maxInflateRatio;
  // A single entry with an absurd ratio is refused even when the archive as a whole looks fine.
  const denseEntry = entries.some((e) => e.uncompressedSize > 1024 * 1024 && e.uncompressedSize > Math.max(1, e.compressedSize) * limits.maxInflateRatio * 10);
  if (tooBig || tooDense || denseEntry) throw zipBomb(limits);
  return entries;
}

/** The compressed bytes of an entry, found through its local file header. */
export function entryData(zip: Buffer, entry: ZipEntryInfo): Buffer {
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_SIGNATURE) throw unreadable();
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + entry.compressedSize > zip.length) throw unreadable();
  return zip.subarray(start, start + entry.compressedSize);
}

/**
 * Inflates one deflated entry into nothing, adding its size to `total.bytes` as it goes; destroys the
 * inflater and rejects with `import.zip_bomb` the moment the running total passes `budget`.
 */
function countInflated(data: Buffer, total: { bytes: number }, budget: number, limits: InflateLimits): Promise<void> {
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw();
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      inflater.removeAllListeners('data');
      if (error) {
        inflater.destroy();
        reject(error);
      } else resolve();
    };
    inflater.on('data', (chunk: Buffer) => {
      total.bytes += chunk.length;
      if (total.bytes > budget) settle(zipBomb(limits));
    });
    inflater.on('end', () => settle());
    inflater.on('error', () => settle(unreadable()));
    inflater.end(data);
  });
}

/**
 * Really inflates every entry (streaming, nothing kept) and throws `import.zip_bomb` as soon as the
 * inflated bytes pass the total limit or the ratio to the archive's size; returns the real total.
 */
export async function assertInflatedSizes(zip: Buffer, entries: ZipEntryInfo[], limits: InflateLimits = IMPORT_LIMITS): Promise<number> {
  const budget = Math.min(limits.maxInflatedBytes, zip.length * limits.maxInflateRatio);
  const total = { bytes: 0 };
  for (const entry of entries) {
    if (entry.method === STORED) total.bytes += entry.compressedSize;
    else if (entry.method === DEFLATED) await countInflated(entryData(zip, entry), total, budget, limits);
    else throw unreadable();
    if (total.bytes > budget) throw zipBomb(limits);
  }
  return total.bytes;
}

/** Both checks: the declared sizes (no work), then the inflated bytes counted while inflating. */
export async function assertSafeZip(zip: Buffer, limits: InflateLimits = IMPORT_LIMITS): Promise<ZipEntryInfo[]> {
  const entries = assertDeclaredSizes(zip, limits);
  await assertInflatedSizes(zip, entries, limits);
  return entries;
}
