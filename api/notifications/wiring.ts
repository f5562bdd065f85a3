/**
 * Which transports the server delivers through: email via SMTP when SMTP_URL is set, SMS and WhatsApp
 * via the HTTP text provider when SMS_URL is set (credentials in the URL), and otherwise
 * the development message_log transport (readable by superadmins at GET /api/messages). Webhooks
 * always go out over HTTPS, signed with the merchant's secret.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { Mailer } from '../providers/mail/mailer.js';
import { createHttpTextProvider } from '../providers/sms/http.js';
import { webhookTransport } from '../webhooks/webhook-transport.js';
import { emailTransport, messageLogTransport, textTransport, type Transports } from './transports.js';

export interface TransportEnv {
  db: Kysely<Database>;
  appSecret: string;
  /** The SMTP mailer when SMTP_URL is set. */
  smtp?: Mailer;
  smsUrl?: string;
  smsFrom?: string;
}

export function buildTransports(env: TransportEnv): Transports {
  const log = messageLogTransport(env.db);
  const text = env.smsUrl ? createHttpTextProvider(env.smsUrl) : null;
  return {
    email: env.smtp ? emailTransport(env.smtp) : log,
    sms: text ? textTransport(text, 'sms', { from: env.smsFrom }) : log,
    whatsapp: text ? textTransport(text, 'whatsapp', { from: env.smsFrom }) : log,
    webhook: webhookTransport(env.db, { appSecret: env.appSecret }),
  };
}
