/**
 * The API's services, in-process: builds the same Fastify app the server runs (never listening) so
 * services get their usual context (database, clock, mailer, config), and acts as a system superadmin.
 */
import type { FastifyInstance } from 'fastify';
import { ROLES } from '../core/roles.js';
import { buildApp } from '../api/server.js';
import { loadOrCreateAppSecret } from '../api/auth/app-secret.js';
import type { ServiceContext } from '../api/resources/access.js';
import type { RequestActor } from '../api/http/context.js';
import type { User } from '../api/db/tables.js';
import { messageLogMailer } from '../api/notifications/transports.js';
import { createSmtpMailer } from '../api/providers/mail/smtp.js';
import type { ServerConfig } from '../api/config.js';
import { withDatabase } from './database.js';
import type { CliIo } from './io.js';

/** The operator at the command line: a superadmin that is not a stored user (id 0). */
function systemActor(now: string): RequestActor {
  const user = {
    id: 0,
    first_name: 'Lockerline',
    last_name: 'CLI',
    email: 'cli@localhost',
    password_hash: null,
    role: ROLES.superadmin,
    active: 1,
    merchant_id: null,
    locale: 'en',
    country: 'BS',
    preferences: '{}',
    created_at: now,
    updated_at: now,
  } as unknown as User;
  return { id: 0, role: ROLES.superadmin, merchant_id: null, features: 0, location_ids: [], user, via: 'token' };
}

export interface CliServices {
  ctx: ServiceContext;
  app: FastifyInstance;
  config: ServerConfig;
  /** True when mail really goes out (SMTP_URL); otherwise it is only logged. */
  mailDelivered: boolean;
}

export async function withServices<T>(io: CliIo, fn: (services: CliServices) => Promise<T>): Promise<T> {
  return withDatabase(io.env, async (database, config) => {
    const smtp = config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : undefined;
    const mailer = smtp ?? messageLogMailer(database.db, { log: (line) => io.out(line) });
    const secret = await loadOrCreateAppSecret(database.db, config.app.secret);
    const app = await buildApp({ db: database, mailer, config: { ...config.app, secret, logger: false } });
    try {
      const now = app.clock.now().toISOString();
      const ctx: ServiceContext = { app, db: app.db, actor: systemActor(now), now };
      return await fn({ ctx, app, config, mailDelivered: Boolean(smtp) });
    } finally {
      await app.close();
      smtp?.close();
    }
  });
}
