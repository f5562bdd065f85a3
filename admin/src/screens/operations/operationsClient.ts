/**
 * The back-office calls of the parcel-operation buttons (docs/operations-api.md) beyond the dataProvider's
 * `act` / `can` (the record verbs): PDF labels (downloaded under the server's file name) and bulk print with
 * its failure headers.
 */
import { apiResponse, type ApiErrorBody } from '../../providers/http.js';
import type { ActResult, CanResult } from '../../providers/dataProvider.js';
import { saveResponseFile } from '../shared/saveFile.js';

export type { CanResult };

export type VerbResource = 'shipments' | 'packages' | 'manifests' | 'locations';

export type VerbResult = ActResult;

const PDF = 'application/pdf, application/json';

/** POST a label verb (shipment or package print) and download the PDF. Returns the file name. */
export async function printLabels(resource: 'shipments' | 'packages', id: number, fallbackName: string): Promise<string> {
  return saveResponseFile(await apiResponse(`${resource}/${id}/print`, { method: 'POST', accept: PDF }), fallbackName);
}

export interface PrintFailure {
  id: number;
  reference_id?: string;
  code: string;
}

export interface BulkPrintOutcome {
  /** The file saved, or null when nothing printed. */
  file: string | null;
  failedCount: number;
  failures: PrintFailure[];
  /** The 400 body when no shipment printed. */
  error?: ApiErrorBody;
}

function parseFailures(header: string | null): PrintFailure[] {
  if (!header) return [];
  try {
    const list = JSON.parse(header) as unknown;
    return Array.isArray(list) ? (list as PrintFailure[]) : [];
  } catch {
    return [];
  }
}

/**
 * POST /api/shipments/bulk-print { ids }: ids in the body, since 1,000 of them would make a URL near the
 * server's header limit. The refusals are returned to show in the progress dialog, not the global one.
 */
export async function bulkPrint(ids: number[]): Promise<BulkPrintOutcome> {
  // A 400 (nothing printed) comes back as an answer: its body and failure header go to the progress dialog.
  const response = await apiResponse('shipments/bulk-print', { method: 'POST', body: { ids }, accept: PDF, answer: [400] });
  if (response.status === 400) {
    const body = (await response.json().catch(() => ({ message: response.statusText }))) as ApiErrorBody;
    return { file: null, failedCount: ids.length, failures: parseFailures(response.headers.get('x-print-failures')), error: body };
  }
  const failures = parseFailures(response.headers.get('x-print-failures'));
  const failedCount = Number(response.headers.get('x-print-failed-count') ?? failures.length) || failures.length;
  const file = await saveResponseFile(response, 'labels.pdf');
  return { file, failedCount, failures };
}
