/**
 * Downloads an API file (GET) with the session cookie and the user's language, saving it under the
 * name the server gives in content-disposition. Errors go to the global error dialog.
 */
import { publishHttpError } from '../../errors/bus.js';
import { apiUrl } from '../../providers/http.js';
import { getLocale } from '../../providers/locale.js';
import { saveResponseFile } from '../shared/saveFile.js';

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
  return saveResponseFile(response, fallbackName);
}
