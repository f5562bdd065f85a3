/**
 * Builds the Fastify app: parsers, OpenAPI, decorations, then the plugins in order
 * errors -> i18n -> auth -> routes, and the static admin. No module-level state: tests build many apps.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import qs from 'qs';
import { randomBytes } from 'node:crypto';
import type { Db } from './db/database.js';
import type { AppConfig } from './http/context.js';
import { systemClock, type Clock } from './clock.js';
import type { Mailer } from './providers/mail/mailer.js';
import { messageLogMailer } from './notifications/transports.js';
import { BODY_LIMIT_MB, errorsPlugin } from './plugins/errors.js';
import { i18nPlugin } from './plugins/i18n.js';
import { clientErrorHandler, frameworkErrorHandler, inputGuardPlugin } from './plugins/input-guard.js';
import { authPlugin, guardHandler } from './plugins/auth.js';
import { routeGuardPlugin } from './plugins/route-guard.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { staticAdminPlugin } from './plugins/static-admin.js';
import { authRoutes } from './auth/routes.js';
import { resourceRoutes } from './resources/index.js';
import { watchNames } from './resources/name-cache.js';
import { verbRoutes } from './resources/verb-routes.js';
import { importRoutes } from './import/routes.js';
import { exportRoutes } from './export/routes.js';
import { campaignPlugin } from './campaigns/index.js';
import { eventStreamRoutes } from './events/stream.routes.js';
import { settled } from './http/after-reply.js';

export interface BuildOptions {
  db: Db;
  clock?: Clock;
  mailer?: Mailer;
  config?: Partial<AppConfig>;
  /** Called before any route is registered (e.g. a test's onRoute hook that walks every route). */
  beforeRoutes?: (app: FastifyInstance) => void;
}

/** Request/response fields that must never reach the logs. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.password_confirmation',
  '*.token',
  'err.config',
];

/** Query strings with indexed brackets: filters[status][0]=20, ids[0]=1. */
export const parseQuery = (text: string) => qs.parse(text, { depth: 5, arrayLimit: 1000, parameterLimit: 2000 }) as Record<string, unknown>;

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const config: AppConfig = {
    production: false,
    publicUrl: 'http://localhost:3000',
    logger: false,
    ...options.config,
  };
  config.secret ??= randomBytes(32).toString('hex');

  const app = Fastify({
    logger: config.logger ? { level: process.env.LOG_LEVEL ?? 'info', redact: { paths: REDACT, censor: '[redacted]' } } : false,
    routerOptions: { querystringParser: parseQuery, ignoreTrailingSlash: true },
    bodyLimit: BODY_LIMIT_MB * 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY ? process.env.TRUST_PROXY === 'true' || process.env.TRUST_PROXY : false,
    // Framework and HTTP-parser errors answer coded bodies like every other refusal (api/plugins/input-guard).
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  // The contract (core/contract, docs/api.md): requests are checked by the TypeBox schemas the routes declare
  // (query and path parameters converted to their types, bodies as sent); refusals map to coded 422s
  // (api/plugins/errors.ts). Response schemas document and type the payloads; they are serialised with
  // JSON.stringify, so no field a client relies on is ever dropped by a schema.
  app.setValidatorCompiler(TypeBoxValidatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.decorate('db', options.db.db);
  app.decorate('dialect', options.db.dialect);
  app.decorate('clock', options.clock ?? systemClock);
  app.decorate('mailer', options.mailer ?? messageLogMailer(options.db.db));
  app.decorate('config', config);
  app.decorateRequest('actor', null);
  app.decorateRequest('locale', 'en');
  app.decorateRequest('t', null as never);

  await app.register(fastifyCookie, { secret: config.secret });
  await app.register(fastifyFormbody, { parser: (body) => parseQuery(body) });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Lockerline API', version: '1.0.0', description: 'Back office of a parcel logistics and locker network. See docs/api.md.' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'lockerline_session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  securityHeadersPlugin(app);
  errorsPlugin(app);
  i18nPlugin(app);
  inputGuardPlugin(app);
  authPlugin(app, config.secret, options.db);
  const unwatchNames = watchNames(options.db);
  app.addHook('onClose', async () => unwatchNames());
  app.addHook('onClose', async () => settled(app));
  routeGuardPlugin(app, guardHandler);

  options.beforeRoutes?.(app);
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(resourceRoutes, { prefix: '/api' });
  await app.register(verbRoutes, { prefix: '/api' });
  await app.register(importRoutes, { prefix: '/api' });
  await app.register(exportRoutes, { prefix: '/api' });
  await app.register(campaignPlugin, { prefix: '/api' });
  await app.register(eventStreamRoutes, { prefix: '/api', database: options.db });
  await staticAdminPlugin(app, config.adminDir);
  return app;
}
