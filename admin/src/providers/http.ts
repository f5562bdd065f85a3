/**
 * The one way the admin talks to the API: base path /api, cookies sent, CSRF token echoed on
 * state-changing requests, Accept-Language set, query arrays as indexed brackets, coded error
 * bodies turned into HttpError and published to the error dialog unless the caller suppresses them. Each
 * successful answer's `Date` header tells how far this device's clock is off (serverClock.ts, for the scan queue).
 */
import type { ErrorBody } from '../../../core/contract/index.js';
import { HttpError } from 'react-admin';
import { publishHttpError } from '../errors/bus.js';
import { httpFailureKind } from '../../../core/errors.js';
import { getLocale } from './locale.js';
import { observeServerClock } from './serverClock.js';

export const API_BASE = '/api';

/** A refusal's body (core/contract ErrorBody); partial because a proxy or a network error may send less. */
export type ApiErrorBody = Partial<ErrorBody>;

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, unknown>;
  /**
   * JSON-encoded, except a FormData which goes as multipart (the browser sets the boundary). A function is called at
   * each send (the first and the one after a refreshed CSRF token) and its result encoded: a body that carries the
   * time of its own send (the scan queue's `sent_at`).
   */
  body?: unknown;
  /** Accept header when the answer is not JSON (e.g. `application/pdf, application/json`). */
  accept?: string;
  /** Statuses the caller handles itself: not shown in the global error dialog (e.g. login: 422). */
  suppress?: readonly number[] | ((status: number) => boolean);
  /** Non-2xx statuses `apiResponse` hands back as a Response (the caller reads its body and headers). */
  answer?: readonly number[];
  signal?: AbortSignal;
}

/** Percent-encodes like qs (RFC 3986): encodeURIComponent plus ! ' ( ) *. */
const encodeValue = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Indexed brackets, e.g. `filters[status][0]=20&sort=-updated_at`: what qs.stringify writes with
 * `arrayFormat: 'indices', encodeValuesOnly: true, skipNulls: true` (the API parses it with qs), without
 * shipping qs to the browser (http.test.ts compares the two).
 */
export function buildQuery(query: Record<string, unknown> = {}): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === null || value === undefined) return;
    if (value instanceof Date) pairs.push(`${key}=${encodeValue(value.toISOString())}`);
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else pairs.push(`${key}=${encodeValue(String(value))}`);
  };
  for (const [key, value] of Object.entries(query)) add(key, value);
  return pairs.join('&');
}

export function apiUrl(path: string, query?: Record<string, unknown>): string {
  const qsPart = query ? buildQuery(query) : '';
  return `${API_BASE}/${path.replace(/^\/+/, '')}${qsPart ? `?${qsPart}` : ''}`;
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

const isSafe = (method: string) => method === 'GET' || method === 'HEAD';

export function requestHeaders(method: string, hasBody: boolean, accept = 'application/json'): Record<string, string> {
  const headers: Record<string, string> = { Accept: accept, 'Accept-Language': getLocale() };
  if (hasBody) headers['Content-Type'] = 'application/json';
  // On every request: a few GETs change something (GET users/:id/request-token) and check it too (docs/auth.md).
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  return headers;
}

/** Asks the API for a fresh XSRF-TOKEN cookie. */
export async function fetchCsrfCookie(): Promise<void> {
  await fetch(apiUrl('csrf-cookie'), { credentials: 'include', headers: { Accept: 'application/json' } });
}

/**
 * The CSRF policy of every state-changing request, whatever sends it (fetch here, XMLHttpRequest for the
 * upload with progress): fetch the cookie when missing, and on 419 (expired token) refresh it and send once more.
 */
export async function withCsrf<R extends { status: number }>(method: string, sendOnce: () => Promise<R>): Promise<R> {
  if (!isSafe(method) && !readCookie('XSRF-TOKEN')) await fetchCsrfCookie();
  const first = await sendOnce();
  if (first.status !== 419) return first;
  await fetchCsrfCookie();
  return sendOnce();
}

function send(path: string, req: ApiRequest): Promise<Response> {
  const method = req.method ?? 'GET';
  const multipart = typeof FormData !== 'undefined' && req.body instanceof FormData;
  const json = req.body !== undefined && !multipart;
  const jsonBody = () => JSON.stringify(typeof req.body === 'function' ? (req.body as () => unknown)() : req.body);
  return withCsrf(method, () =>
    fetch(apiUrl(path, req.query), {
      method,
      credentials: 'include',
      headers: requestHeaders(method, json, req.accept),
      body: multipart ? (req.body as FormData) : json ? jsonBody() : undefined,
      signal: req.signal,
    }),
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

/** No answer at all (offline, the server unreachable): a failed fetch is reported with HTTP status 0. */
export const isNetworkFailure = (error: unknown): boolean => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && httpFailureKind(status) === 'network';
};

/** An API error as react-admin expects it: forms read field errors from `body.errors`. */
export function toHttpError(status: number, body: ApiErrorBody | null, fallback: string): HttpError {
  return new HttpError(body?.message || fallback, status, body ?? {});
}

const suppressed = (req: Pick<ApiRequest, 'suppress'>, status: number) =>
  typeof req.suppress === 'function' ? req.suppress(status) : (req.suppress?.includes(status) ?? false);

/** The error policy: a refusal (or a network failure, status 0) becomes a coded HttpError, published to the dialog unless suppressed. */
export function refusal(status: number, body: unknown, fallback: string, req: Pick<ApiRequest, 'suppress'>): HttpError {
  const errorBody = (body ?? {}) as ApiErrorBody;
  if (!suppressed(req, status)) {
    publishHttpError({ status, code: errorBody.code, message: errorBody.message || fallback, errors: errorBody.errors });
  }
  return toHttpError(status, errorBody, fallback);
}

/** The raw Response of a successful request (a PDF, a file), with the same CSRF, retry and error policy as `api`. */
export async function apiResponse(path: string, req: ApiRequest = {}): Promise<Response> {
  let response: Response;
  try {
    response = await send(path, req);
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw refusal(0, null, (error as Error)?.message ?? String(error), req);
  }
  if (response.ok) observeServerClock(response.headers.get('date'));
  if (response.ok || req.answer?.includes(response.status)) return response;
  throw refusal(response.status, await readBody(response), response.statusText, req);
}

export async function api<T = unknown>(path: string, req: ApiRequest = {}): Promise<T> {
  return (await readBody(await apiResponse(path, req))) as T;
}
