/**
 * Request-pipeline guards every route shares, before any handler reads its input:
 *   - a NUL character anywhere in the query or the body (keys or values) is refused with a coded 422
 *     (`validation.nul` on the field): PostgreSQL cannot store it and no field needs it;
 *   - an `id` / `*_id` / `ids` field holding a number no id column can hold is refused (422
 *     `validation.between`) before a handler looks it up;
 *   - Fastify's framework errors (a malformed URL, an over-long request line or header, a bad
 *     Content-Type) answer the same `{code, message}` body as every other refusal.
 * Wrong shapes (an object or a list where a field holds one value) are refused by the route's schema
 * (core/contract, api/plugins/errors.ts), wrong values inside a field by core/validation.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import { DomainError } from '../../core/errors.js';
import { makeTranslator } from '../../core/i18n/index.js';
import { MAX_ID } from '../../core/schemas/common.js';
import { errorBody, sendError } from './errors.js';

/** The deepest nesting of objects and lists a body may have (the API's own bodies use a handful of levels). */
export const MAX_INPUT_DEPTH = 32;

/**
 * The path of the first string (key or value) holding a NUL character, or null. Walks at most `budget` nodes;
 * input nested deeper than MAX_INPUT_DEPTH is refused (400 bad_request) before the walk could exhaust the
 * stack (a body of 5,000 nested objects once answered 500). No code of its own: the driver screen's first load,
 * which carries the error catalogue, is at its budget.
 */
export function nulPath(value: unknown, path = '', budget = { left: 10_000 }, depth = 0): string | null {
  if (budget.left-- <= 0) return null;
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_INPUT_DEPTH) throw new DomainError('bad_request');
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at.split('\u0000').join('');
    const found = nulPath(item, at, budget, depth + 1);
    if (found) return found;
  }
  return null;
}

function refuse(field: string, key: string, params?: Record<string, number>): never {
  throw new DomainError('validation.failed', 'validation.failed', { fields: { [field]: key }, problems: { [field]: { key, params } } });
}

const ID_FIELD = /(^|_)ids?$/;
const NUMBER_TEXT = /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i;

/**
 * The first `id` / `*_id` / `ids` field (top level of the body or query) holding a number that cannot be
 * an id (not an integer, or beyond what an id column holds): such a number would reach a database lookup
 * before the route's validation (PostgreSQL refuses it as out of range).
 */
export function badIdField(input: unknown): string | null {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return null;
  for (const [key, value] of Object.entries(input)) {
    if (!ID_FIELD.test(key)) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      const numeric = typeof item === 'number' || (typeof item === 'string' && NUMBER_TEXT.test(item));
      if (numeric && !(Number.isInteger(Number(item)) && Math.abs(Number(item)) <= MAX_ID)) return key;
    }
  }
  return null;
}

export function inputGuardPlugin(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // A POST without a body (a verb that needs no fields) is an empty object for the route's body schema.
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
    const inQuery = nulPath(request.query) ?? (request.url.includes('%00') ? 'query' : null);
    if (inQuery) refuse(inQuery, 'validation.nul');
    const inBody = Buffer.isBuffer(request.body) ? null : nulPath(request.body);
    if (inBody) refuse(inBody, 'validation.nul');
    const badId = badIdField(request.query) ?? badIdField(request.body);
    if (badId) refuse(badId, 'validation.between', { min: 1, max: MAX_ID });
  });
}

/** Fastify's routing errors (e.g. FST_ERR_BAD_URL for `/api/%E0`) as a coded 400 (the `frameworkErrors` option). */
export function frameworkErrorHandler(_error: Error, request: FastifyRequest, reply: FastifyReply): void {
  void sendError(reply, request, 'bad_request');
}

const CLIENT_ERROR_STATUS: Record<string, number> = { HPE_HEADER_OVERFLOW: 431, ERR_HTTP_REQUEST_TIMEOUT: 408 };

/**
 * Errors of the HTTP parser itself (an over-long request line or header, a malformed request), before any
 * request exists: the connection gets a coded JSON 4xx in English (no language is known yet), then closes.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
  const body = JSON.stringify(errorBody(makeTranslator('en'), 'bad_request'));
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
      `Connection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
