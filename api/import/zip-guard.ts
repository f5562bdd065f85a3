/**
 * Refuses ZIP-based spreadsheets (XLSX, ODS) whose central directory declares that they inflate past
 * IMPORT_LIMITS (ratio or total size) BEFORE any XML is parsed. Reads only the End Of Central Directory
 * record and the central directory entries; never inflates anything. ZIP64 archives and spanned archives
 * are refused as unreadable (a 20 MB spreadsheet never needs them).
 */
import { DomainError } from '../../core/errors.js';
import { IMPORT_LIMITS } from '../../core/constants.js';

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;

export interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
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
    const compressedSize = zip.readUInt32LE(at + 20);
    const uncompressedSize = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff) throw unreadable(); // ZIP64
    const end = at + 46 + nameLength;
    if (end > eocd) throw unreadable();
    entries.push({ name: zip.toString('utf8', at + 46, end), compressedSize, uncompressedSize });
    at = end + extraLength + commentLength;
  }
  return entries;
}

/** Throws `import.zip_bomb` when the declared inflated size breaks the ratio or total limit. */
export function assertSafeZip(
  zip: Buffer,
  limits: { maxInflateRatio: number; maxInflatedBytes: number } = IMPORT_LIMITS,
): ZipEntryInfo[] {
  const entries = zipEntries(zip);
  const inflated = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  const tooBig = inflated > limits.maxInflatedBytes;
  const tooDense = inflated > zip.length * limits.maxInflateRatio;
  // A single entry with an absurd ratio is refused even when the archive as a whole looks fine.
  const denseEntry = entries.some((e) => e.uncompressedSize > 1024 * 1024 && e.uncompressedSize > Math.max(1, e.compressedSize) * limits.maxInflateRatio * 10);
  if (tooBig || tooDense || denseEntry)
    throw new DomainError('import.zip_bomb', 'import.zip_bomb', { params: { ratio: limits.maxInflateRatio, max: limits.maxInflatedBytes / 1024 / 1024 } });
  return entries;
}
