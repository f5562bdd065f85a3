/**
 * One scan of a sync batch, read on its own (docs/offline-scanning.md): the contract's shape (core ScanIn), a
 * real device time with an offset, and a photo that is base64 of at most 2 MB and really an image of the type it
 * claims. A problem names the first field at fault; the caller refuses that scan (`scan.invalid`) and goes on.
 */
import { Compile } from 'typebox/compile';
import { ScanIn } from '../../../core/contract/index.js';
import { isIdentificationPhoto } from '../../../core/policies/identification-photo.policy.js';
import { SCAN_CLIENT_ID_RE, SCAN_PHOTO_MAX_BYTES, base64Bytes, parseDeviceTime } from '../../../core/policies/scans.policy.js';

const checker = Compile(ScanIn);

export interface ReadScan {
  scan: ScanIn;
  /** The device time as an instant. */
  at: Date;
  identification: { mime: string; data: Buffer } | null;
}

/** The scan's client id when it is a usable one. */
export function clientIdOf(raw: unknown): string | null {
  const id = (raw as { client_id?: unknown } | null)?.client_id;
  return typeof id === 'string' && SCAN_CLIENT_ID_RE.test(id) ? id : null;
}

/** The scan, or the field at fault. */
export function readScan(raw: unknown): ReadScan | { field: string } {
  if (!checker.Check(raw)) {
    const [first] = checker.Errors(raw);
    const path = (first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const missing = (first?.params as { requiredProperties?: string[] } | undefined)?.requiredProperties?.[0];
    return { field: [path, missing].filter(Boolean).join('.') || 'scan' };
  }
  const scan = raw as ScanIn;
  const at = parseDeviceTime(scan.occurred_at);
  if (!at) return { field: 'occurred_at' };
  for (const key of ['latitude', 'longitude', 'accuracy_m'] as const) if (scan[key] !== undefined && !Number.isFinite(scan[key])) return { field: key };
  let identification: ReadScan['identification'] = null;
  if (scan.identification) {
    const bytes = base64Bytes(scan.identification.data);
    if (bytes === null || bytes === 0 || bytes > SCAN_PHOTO_MAX_BYTES) return { field: 'identification.data' };
    const data = Buffer.from(scan.identification.data, 'base64');
    // The bytes must be the image the type says: a file only labelled image/jpeg is no photo of an ID.
    if (!isIdentificationPhoto(scan.identification.mime, data)) return { field: 'identification.data' };
    identification = { mime: scan.identification.mime, data };
  }
  return { scan, at, identification };
}
