/**
 * Development mail transport: logs recipient and subject (never the body, which may hold a password
 * link) and keeps the most recent messages in memory for a superadmin message log.
 */
import type { Mailer, MailMessage } from './mailer.js';

export interface LoggedMail extends MailMessage {
  sent_at: string;
}

export interface LogMailer extends Mailer {
  /** The most recent messages, newest last. */
  recent(): LoggedMail[];
}

export function createLogMailer(options: { keep?: number; log?: (line: string) => void } = {}): LogMailer {
  const keep = options.keep ?? 100;
  const log = options.log ?? ((line: string) => console.log(line));
  const kept: LoggedMail[] = [];
  return {
    async send(message) {
      kept.push({ ...message, sent_at: new Date().toISOString() });
      if (kept.length > keep) kept.splice(0, kept.length - keep);
      log(`[mail] to=${message.to} subject=${JSON.stringify(message.subject)}`);
    },
    recent: () => [...kept],
  };
}
