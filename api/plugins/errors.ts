/**
 * The one error handler: coded domain errors, schema validation errors, unknown API routes and
 * everything else (500 without internals). Body: { code, message, errors?: { field: message } }.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDomainError, httpStatusFor, type ErrorCode } from '../../core/errors.js';
import type { Message, Translate } from '../../core/validation.js';
import { makeTranslator } from '../../core/i18n/index.js';
import { IMPORT_LIMITS } from '../../core/constants.js';
import { inUseMessage } from '../../core/in-use.js';

export interface ErrorBody {
  code: string;
  message: string;
  errors?: Record<string, string>;
}

const KEY_RE = /^[a-z0-9_]+(\.[a-z0-9_]+)+$/i;

/** A field problem may be a message key, an untranslated {key, params}, or already-translated text. */
function translateProblem(t: Translate, problem: unknown): string {
  if (problem && typeof problem === 'object' && typeof (problem as Message).key === 'string') {
    return t((problem as Message).key, (problem as Message).params);
  }
  const text = String(problem);
  return KEY_RE.test(text) ? t(text) : text;
}

function translator(request: FastifyRequest): Translate {
  return request.t ?? makeTranslator('en');
}

export function errorBody(t: Translate, code: string, params?: Record<string, string | number>, fields?: Record<string, unknown>): ErrorBody {
  const body: ErrorBody = { code, message: t(`errors.${code}`, params).trim() };
  if (fields && Object.keys(fields).length) {
    body.errors = Object.fromEntries(Object.entries(fields).map(([f, p]) => [f, translateProblem(t, p)]));
  }
  return body;
}

export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  code: ErrorCode,
  options: { params?: Record<string, string | number>; fields?: Record<string, unknown> } = {},
) {
  return reply.code(httpStatusFor(code)).send(errorBody(translator(request), code, options.params, options.fields));
}

/** The types a scalar field accepts (core/contract scalarField): an object or a list there is `validation.scalar`. */
const isScalarList = (type: unknown) => Array.isArray(type) && !type.includes('object') && !type.includes('array');

/** One schema refusal (TypeBox or Ajv shape) -> the validation.* message of the field. */
function schemaProblem(keyword: string, params: Record<string, unknown>): Message {
  if (keyword === 'required') return { key: 'validation.required' };
  if (keyword === 'minLength') return { key: 'validation.min', params: { length: Number(params.limit) } };
  if (keyword === 'maxLength') return { key: 'validation.max', params: { length: Number(params.limit) } };
  if (keyword === 'type' && (params.type === 'number' || params.type === 'integer')) return { key: 'validation.numeric' };
  if (keyword === 'type' && isScalarList(params.type)) return { key: 'validation.scalar' };
  if (keyword === 'format' && params.format === 'email') return { key: 'validation.email' };
  return { key: 'validation.in' };
}

/** The value at a JSON pointer of the request's input (the schema error does not carry it). */
function valueAt(input: unknown, pointer: string): unknown {
  let value = input;
  for (const part of pointer.split('/').slice(1)) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return value;
}

/** Schema validation errors -> { field: message } using the validation.* catalogue; `input`: the body or query checked. */
function schemaProblems(error: FastifyError, input: unknown): Record<string, Message> {
  const problems: Record<string, Message> = {};
  for (const v of error.validation ?? []) {
    const params = (v.params ?? {}) as Record<string, unknown>;
    const path = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
    const missing = typeof params.missingProperty === 'string' ? [params.missingProperty] : Array.isArray(params.requiredProperties) ? (params.requiredProperties as string[]) : [];
    const fields = missing.length ? missing.map((m) => (path ? `${path}.${m}` : m)) : [path || (error.validationContext ?? 'body')];
    // A number JSON cannot hold (1e309 parses as Infinity) is a wrong number, not a list or an object.
    const value = missing.length ? undefined : valueAt(input, v.instancePath || '');
    const problem = typeof value === 'number' && !Number.isFinite(value) ? { key: 'validation.numeric' } : schemaProblem(v.keyword, params);
    for (const field of fields) if (!problems[field]) problems[field] = problem;
  }
  return problems;
}

/** The whole body (or query) is not an object: a malformed request rather than a field problem. */
const wholeInputRefused = (error: FastifyError) =>
  (error.validation ?? []).some((v) => !v.instancePath && v.keyword === 'type');

/** The largest request body (JSON, forms) the API reads; files go through the import's multipart route. */
export const BODY_LIMIT_MB = 2;
/** The import's own limit, for the 413's next step. */
const UPLOAD_LIMIT_MB = Math.floor(IMPORT_LIMITS.maxBytes / (1024 * 1024));

export function errorsPlugin(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const t = translator(request);
    if (isDomainError(error)) {
      const extra = (error as unknown as { problems?: Record<string, Message> }).problems;
      const body = errorBody(t, error.code, error.params, extra ?? error.fields);
      // A malformed request says what was wrong (request_problems.*, in the user's language): only the request's own terms.
      if (error.code === 'bad_request' && error.message && error.message !== error.code) {
        body.message = `${body.message.replace(/[.\s]+$/, '')}: ${t(error.message, error.params)}`;
      }
      // A record still in use says what holds it (core/in-use.ts), where the actor may know it.
      if (error.code === 'record.in_use' && error.params) body.message = inUseMessage(t, error.params) ?? body.message;
      return reply.code(error.status).send(body);
    }
    if (error.validation) {
      if (wholeInputRefused(error)) {
        const body = errorBody(t, 'bad_request');
        body.message = `${body.message.replace(/[.\s]+$/, '')}: ${t('request_problems.input_object', { part: error.validationContext ?? 'body' })}`;
        return reply.code(400).send(body);
      }
      return reply.code(422).send(errorBody(t, 'validation.failed', undefined, schemaProblems(error, error.validationContext === 'querystring' ? request.query : request.body)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, unsupported media type, body too large...).
      if (status === 404) return reply.code(404).send(errorBody(t, 'not_found'));
      if (status === 413) return reply.code(413).send(errorBody(t, 'request_too_large', { max: BODY_LIMIT_MB, upload: UPLOAD_LIMIT_MB }));
      return reply.code(status).send(errorBody(t, 'bad_request'));
    }
    request.log.error({ err: error, url: request.url, method: request.method }, 'request failed');
    return reply.code(500).send(errorBody(t, 'server_error', { message: '' }));
  });
}
