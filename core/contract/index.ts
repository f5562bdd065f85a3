/**
 * The request/response contract of the /api routes (docs/api.md "Contract"): TypeBox schemas, one place.
 * Routes declare them (`schema: { body, params, querystring, response }`) and get typed requests through
 * Fastify's TypeBox type provider; the OpenAPI document (/api/docs) is generated from them; the admin imports
 * the wire types (`Static<typeof X>`, re-exported here as types). Body fields derive from core/schemas, so
 * each field is defined once and its messages stay the SPEC's.
 */
export * from './common.js';
export * from './fields.js';
export * from './resources.js';
export * from './verbs.js';
export * from './auth.js';
export * from './integrations.js';
export type { Static } from 'typebox';
export * from './public-pages.js';
export * from './lockers.js';
export * from './settings.js';
export * from './scans.js';
export * from './live.js';
export * from './dashboard.js';
