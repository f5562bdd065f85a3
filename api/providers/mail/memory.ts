/** Mail transport for tests: keeps every message in memory. */
import type { Mailer, MailMessage } from './mailer.js';

export interface MemoryMailer extends Mailer {
  readonly messages: MailMessage[];
  /** The newest message sent to `to` (or the newest of all). */
  last(to?: string): MailMessage | undefined;
  clear(): void;
}

export function createMemoryMailer(): MemoryMailer {
  const messages: MailMessage[] = [];
  return {
    messages,
    async send(message) {
      messages.push({ ...message });
    },
    last(to) {
      const found = to ? messages.filter((m) => m.to.toLowerCase() === to.toLowerCase()) : messages;
      return found[found.length - 1];
    },
    clear() {
      messages.length = 0;
    },
  };
}
