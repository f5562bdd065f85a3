/**
 * Downloads an API file (GET) through the one HTTP client (providers/http.ts: session cookie, the user's
 * language, its error policy: a refusal reaches the global error dialog), saving it under the name the server
 * gives in content-disposition.
 */
import { apiResponse } from '../../providers/http.js';
import { saveResponseFile } from '../shared/saveFile.js';

export async function downloadApiFile(path: string, query: Record<string, unknown>, fallbackName: string, signal?: AbortSignal): Promise<string> {
  return saveResponseFile(await apiResponse(path, { query, accept: '*/*', signal }), fallbackName);
}
