/** SMTP mail transport (nodemailer), configured by SMTP_URL, e.g. smtp://user:pass@host:587. */
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.js';

export const DEFAULT_FROM = 'Lockerline <no-reply@lockerline.local>';

/** Reuses SMTP connections (pool=true) unless the URL says otherwise: one TLS handshake per connection, not per mail. */
export function pooledUrl(url: string): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('pool')) parsed.searchParams.set('pool', 'true');
  return parsed.toString();
}

export function createSmtpMailer(url: string, defaultFrom = DEFAULT_FROM): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(pooledUrl(url));
  return {
    async send(message) {
      await transport.sendMail({
        from: message.from ?? defaultFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.messageId ? { messageId: message.messageId } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
        ...(message.attachments?.length ? { attachments: message.attachments } : {}),
      });
    },
    close: () => transport.close(),
  };
}
