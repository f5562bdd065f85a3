/** Environment configuration for the server (README: Configuration). */
import type { AppConfig } from './http/context.js';
import { allowedPrivateHosts } from './webhooks/target-guard.js';

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl?: string;
  sqliteFile: string;
  smtpUrl?: string;
  mailFrom?: string;
  app: AppConfig;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const production = env.NODE_ENV === 'production';
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    sqliteFile: env.SQLITE_FILE ?? 'data/lockerline.sqlite',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    app: {
      production,
      publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
      logger: env.LOG_REQUESTS ? env.LOG_REQUESTS !== '0' : true,
      secret: env.APP_SECRET || undefined,
      webhookAllowPrivateHosts: allowedPrivateHosts(env),
    },
  };
}
