/**
 * The back-office calls of the parcel-operation buttons (docs/operations-api.md): record verbs, PDF labels
 * (downloaded under the server's file name), user/can and bulk print with its failure headers.
 */
import { publishHttpError } from '../../errors/bus.js';
import { api, apiUrl, fetchCsrfCookie, readCookie, requestHeaders, type ApiErrorBody } from '../../providers/http.js';
import { saveResponseFile } from '../shared/saveFile.js';
import type { CanResult } from '../shared/operationsApi.js';

export type { CanResult };

export type VerbResource = 'shipments' | 'packages' | 'manifests' | 'locations';
const SINGULAR: Record<VerbResource, string> = { shipments: 'shipment', packages: 'package', manifests: 'manifest', locations: 'location' };

export interface VerbResult {
  data: Record<string, unknown> & { id: number };
  meta?: { actions?: string[]; pending?: boolean; message?: string };
}

/** POST /api/:resource/:id/:verb; errors go to the global error dialog unless `quiet` (bulk runs list them). */
export const runVerb = (resource: VerbResource, id: number, verb: string, body: Record<string, unknown> = {}, quiet = false) =>
  api<VerbResult>(`${resource}/${id}/${verb}`, { method: 'POST', body, ...(quiet ? { suppress: [0, 400, 403, 404, 409, 422] } : {}) });

/** GET /api/user/can/:action/:singular?ids[..] */
export const canDo = (resource: VerbResource, action: string, ids: number[]) =>
  api<CanResult>(`user/can/${action}/${SINGULAR[resource]}`, { query: { ids } });

async function errorOf(response: Response): Promise<ApiErrorBody> {
  try {
    return (await response.json()) as ApiErrorBody;
  } catch {
    return { message: response.statusText };
  }
}

export class PdfError extends Error {
  constructor(readonly status: number, readonly body: ApiErrorBody) {
    super(body.message ?? String(status));
  }
}

async function fetchPdf(url: string, method: 'GET' | 'POST', body?: unknown): Promise<Response> {
  if (method === 'POST' && !readCookie('XSRF-TOKEN')) await fetchCsrfCookie();
  const json = body === undefined ? {} : { body: JSON.stringify(body) };
  const send = () =>
    fetch(url, { method, credentials: 'include', headers: { ...requestHeaders(method, body !== undefined), Accept: 'application/pdf, application/json' }, ...json });
  let response = await send();
  if (response.status === 419) {
    await fetchCsrfCookie();
    response = await send();
  }
  return response;
}

/** POST a label verb (shipment or package print) and download the PDF. Returns the file name. */
export async function printLabels(resource: 'shipments' | 'packages', id: number, fallbackName: string): Promise<string> {
  const response = await fetchPdf(apiUrl(`${resource}/${id}/print`), 'POST');
  if (!response.ok) {
    const body = await errorOf(response);
    publishHttpError({ status: response.status, code: body.code, message: body.message ?? response.statusText, errors: body.errors });
    throw new PdfError(response.status, body);
  }
  return saveResponseFile(response, fallbackName);
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
  const response = await fetchPdf(apiUrl('shipments/bulk-print'), 'POST', { ids });
  if (!response.ok) {
    const body = await errorOf(response);
    if (response.status !== 400) {
      publishHttpError({ status: response.status, code: body.code, message: body.message ?? response.statusText });
      throw new PdfError(response.status, body);
    }
    return { file: null, failedCount: ids.length, failures: parseFailures(response.headers.get('x-print-failures')), error: body };
  }
  const failures = parseFailures(response.headers.get('x-print-failures'));
  const failedCount = Number(response.headers.get('x-print-failed-count') ?? failures.length) || failures.length;
  const file = await saveResponseFile(response, 'labels.pdf');
  return { file, failedCount, failures };
}
