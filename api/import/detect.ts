/** Tells the import format from the file's first bytes (and, for plain text, its name): CSV, XLSX, XLS or ODS. */
import { DomainError } from '../../core/errors.js';
import type { ZipEntryInfo } from './zip-guard.js';

export type ImportFormat = 'csv' | 'xlsx' | 'xls' | 'ods';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

export const isZip = (head: Uint8Array) => startsWith(head, ZIP);

/** The container kind from the first bytes: 'zip', 'ole2' (XLS), or 'text' when it looks like text. */
export function sniffContainer(head: Uint8Array): 'zip' | 'ole2' | 'text' | 'binary' {
  if (startsWith(head, ZIP)) return 'zip';
  if (startsWith(head, OLE2)) return 'ole2';
  // Text (CSV): no NUL bytes and few control characters in the first block.
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return 'binary';
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20)) control++;
  }
  return control > head.length / 100 ? 'binary' : 'text';
}

/** XLSX or ODS from the archive's entry names. */
export function zipFormat(entries: ZipEntryInfo[]): 'xlsx' | 'ods' {
  const names = new Set(entries.map((e) => e.name));
  if (names.has('[Content_Types].xml') && [...names].some((n) => n.startsWith('xl/'))) return 'xlsx';
  if (names.has('content.xml') && names.has('mimetype')) return 'ods';
  throw new DomainError('import.unsupported_format');
}

/** True when the file name's extension is one we accept as text. */
export const isTextName = (name?: string) => !name || /\.(csv|txt|tsv)$/i.test(name) || !/\.[a-z0-9]+$/i.test(name);
