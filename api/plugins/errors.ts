/**
 * The one error handler: coded domain errors, schema validation errors, unknown API routes and
 * everything else (500 without internals). Body: { code, message, errors?: { field: message } }.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDomainError, httpStatusFor, type ErrorCode } from '../../core/errors.js';
import type { Message, Translate } from '../../core/validation.js';
import { makeTranslator } from '../../core/i18n/index.js';

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

/** Ajv errors -> { field: message } using the validation.* catalogue. */
function schemaProblems(error: FastifyError): Record<string, Message> {
  const problems: Record<string, Message> = {};
  for (const v of error.validation ?? []) {
    const params = (v.params ?? {}) as Record<string, unknown>;
    const path = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
    const field = typeof params.missingProperty === 'string' ? (path ? `${path}.${params.missingProperty}` : params.missingProperty) : path || (error.validationContext ?? 'body');
    if (problems[field]) continue;
    if (v.keyword === 'required') problems[field] = { key: 'validation.required' };
    else if (v.keyword === 'minLength') problems[field] = { key: 'validation.min', params: { length: Number(params.limit) } };
    else if (v.keyword === 'maxLength') problems[field] = { key: 'validation.max', params: { length: Number(params.limit) } };
    else if (v.keyword === 'type' && (params.type === 'number' || params.type === 'integer')) problems[field] = { key: 'validation.numeric' };
    else if (v.keyword === 'format' && params.format === 'email') problems[field] = { key: 'validation.email' };
    else problems[field] = { key: 'validation.in' };
  }
  return problems;
}

export function errorsPlugin(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const t = translator(request);
    if (isDomainError(error)) {
      const extra = (error as unknown as { problems?: Record<string, Message> }).problems;
      const body = errorBody(t, error.code, error.params, extra ?? error.fields);
      // A malformed request says what was wrong (e.g. "filter x is not supported"): no secrets, only the request's own terms.
      if (error.code === 'bad_request' && error.message && error.message !== error.code) {
        body.message = `${body.message.replace(/[.\s]+$/, '')}: ${error.message}`;
      }
      return reply.code(error.status).send(body);
    }
    if (error.validation) {
      return reply.code(422).send(errorBody(t, 'validation.failed', undefined, schemaProblems(error)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, unsupported media type, body too large...).
      if (status === 404) return reply.code(404).send(errorBody(t, 'not_found'));
      return reply.code(status).send(errorBody(t, 'bad_request'));
    }
    request.log.error({ err: error, url: request.url, method: request.method }, 'request failed');
    return reply.code(500).send(errorBody(t, 'server_error', { message: '' }));
  });
}
