/**
 * What every route can rely on: the database on the app, and on each request the signed-in actor,
 * the request's locale and a translator. Written by the auth and i18n plugins (api/plugins).
 */
import type { Kysely } from 'kysely';
import 'fastify';
import type { Actor } from '../../core/permissions.js';
import type { Locale } from '../../core/constants.js';
import type { Translate } from '../../core/validation.js';
import type { Database, User } from '../db/tables.js';
import type { Dialect } from '../db/dialect.js';
import type { Clock } from '../clock.js';
import type { Mailer } from '../providers/mail/mailer.js';

/** The signed-in user as routes and services see it. */
export interface RequestActor extends Actor {
  user: User;
  /** How the request authenticated: a session cookie (CSRF checked) or a bearer API token. */
  via: 'session' | 'token';
  session_id?: string;
  /** The API token of a `token` request (a locker badge's actor has none). */
  token_id?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: Dialect;
    clock: Clock;
    mailer: Mailer;
    config: AppConfig;
  }
  interface FastifyRequest {
    actor: RequestActor | null;
    locale: Locale;
    t: Translate;
  }
}

export interface AppConfig {
  /** Production turns on Secure cookies and refuses demo data. */
  production: boolean;
  /** Base URL for links in e-mails (reset/create password, customer links). */
  publicUrl: string;
  /** Directory of the built admin app to serve, if any. */
  adminDir?: string;
  /** Whether to log requests. */
  logger: boolean;
  /** Secret for signed cookies (the guest CSRF binding); random per process when not given (APP_SECRET). */
  secret?: string;
  /** Webhook hosts that may be private addresses (WEBHOOK_ALLOW_PRIVATE_HOSTS; development and tests only). */
  webhookAllowPrivateHosts?: string[];
}
