/**
 * The import endpoints (docs/import.md) under a wizard's API path (`shipments/import`,
 * `batches/:id/items/import`). The upload goes through XMLHttpRequest for its upload progress events
 * (fetch has none); the other steps use the shared fetch helper.
 */
import { api, apiUrl, refusal, requestHeaders, withCsrf } from '../../providers/http.js';
import type { HeaderReport, PreviewData, PreviewMeta, PreviewRow, RowError, SaveResult, UploadResult } from '../../../../core/contract/index.js';

/** The wire types of the import routes (core/contract): one definition for the API and the wizard. */
export type { HeaderReport, PreviewData, PreviewMeta, PreviewRow, RowError, SaveResult, UploadResult };

/** A refused upload or step, shown inline by the wizard (not in the global dialog). */
export class ImportRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export type UploadPhase = 'uploading' | 'checking';

export interface UploadOptions {
  merchantId?: number | null;
  onProgress?: (phase: UploadPhase, percent: number | null) => void;
  signal?: AbortSignal;
}

export const templateUrl = (api: string, format: 'csv' | 'xlsx') => apiUrl(`${api}/template`, { format });

function parseBody(text: string): Record<string, unknown> {
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return { message: text };
  }
}

function sendUpload(api: string, file: File, options: UploadOptions): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(`${api}/upload`));
    xhr.withCredentials = true;
    // No Content-Type: the browser sets the multipart boundary.
    for (const [name, value] of Object.entries(requestHeaders('POST', false))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => options.onProgress?.('uploading', event.lengthComputable ? Math.round((event.loaded / event.total) * 100) : null);
    // Once the bytes are sent the server reads and checks every row: an indeterminate phase.
    xhr.upload.onload = () => options.onProgress?.('checking', null);
    xhr.onload = () => resolve({ status: xhr.status, body: parseBody(xhr.responseText) });
    xhr.onerror = () => reject(new ImportRequestError(0, undefined, xhr.statusText || 'Network error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    if (options.merchantId) form.append('merchant_id', String(options.merchantId));
    form.append('file', file, file.name);
    options.onProgress?.('uploading', 0);
    xhr.send(form);
  });
}

/** POST /api/{api}/upload with progress; refusals throw ImportRequestError. */
export async function uploadImportFile(api: string, file: File, options: UploadOptions = {}): Promise<UploadResult> {
  const { status, body } = await withCsrf('POST', () => sendUpload(api, file, options));
  if (status >= 200 && status < 300) return (body as { data: UploadResult }).data;
  // 401 goes to the bus so the layout signs the user out; everything else is shown on the step.
  throw asImportError(refusal(status, body, '', { suppress: (s) => s !== 401 }));
}

/** The client's coded HttpError as the wizard shows it. */
function asImportError(error: unknown): ImportRequestError {
  const e = error as { status?: number; body?: { code?: string; errors?: Record<string, string> }; message?: string };
  return new ImportRequestError(e.status ?? 0, e.body?.code, e.message ?? String(error), e.body?.errors ?? {});
}

async function inline<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw asImportError(error);
  }
}

/** Statuses the wizard explains itself: a gone upload (404), a refused record (400) and coded refusals (413, 422). */
const HANDLED = [400, 404, 413, 422];

export function fetchPreview(path: string, id: string, query: { page: number; perPage: number; invalidOnly: boolean }, signal?: AbortSignal) {
  return inline(
    api<{ data: PreviewData; meta: PreviewMeta }>(`${path}/${encodeURIComponent(id)}/preview`, {
      query: { page: query.page, perPage: query.perPage, invalid_only: query.invalidOnly ? 1 : undefined },
      suppress: HANDLED,
      signal,
    }),
  );
}

export async function saveImport(path: string, id: string, onlyValid: boolean): Promise<SaveResult> {
  const res = await inline(
    api<{ data: SaveResult }>(`${path}/${encodeURIComponent(id)}/save`, { method: 'POST', body: { only_valid: onlyValid }, suppress: HANDLED }),
  );
  return res.data;
}
