/**
 * Downloads an API file (GET) with the session cookie and the user's language, saving it under the
 * name the server gives in content-disposition. Errors go to the global error dialog.
 */
import { publishHttpError } from '../../errors/bus.js';
import { apiUrl } from '../../providers/http.js';
import { getLocale } from '../../providers/locale.js';

/** The file name of a content-disposition header (RFC 6266: filename* wins over filename). */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/.exec(header);
  if (!plain) return fallback;
  const name = (plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1]!).trim();
  // Never a path: only the last segment.
  return name.split(/[\\/]/).pop() || fallback;
}

export async function downloadApiFile(path: string, query: Record<string, unknown>, fallbackName: string, signal?: AbortSignal): Promise<string> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), { credentials: 'include', headers: { Accept: '*/*', 'Accept-Language': getLocale() }, signal });
  } catch (error) {
    if ((error as Error)?.name !== 'AbortError') publishHttpError({ status: 0, message: (error as Error)?.message ?? String(error) });
    throw error;
  }
  if (!response.ok) {
    let body: { code?: string; message?: string; errors?: Record<string, string> } = {};
    try {
      body = (await response.json()) as typeof body;
    } catch {
      /* not JSON */
    }
    publishHttpError({ status: response.status, code: body.code, message: body.message ?? response.statusText, errors: body.errors });
    throw new Error(body.message ?? response.statusText);
  }
  const name = fileNameFromDisposition(response.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.style.display = 'none';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the blob goes.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return name;
}
