/** SMTP mail transport (nodemailer), configured by SMTP_URL, e.g. smtp://user:pass@host:587. */
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.js';

export const DEFAULT_FROM = 'Lockerline <no-reply@lockerline.local>';

export function createSmtpMailer(url: string, defaultFrom = DEFAULT_FROM): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(url);
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
      });
    },
    close: () => transport.close(),
  };
}
