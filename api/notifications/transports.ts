/**
 * Notification channels behind one interface: email (the app mailer: SMTP in production), SMS and
 * WhatsApp (an HTTP text provider), and a development transport that records messages in the
 * database for the superadmin message log. Every send carries the outbox idempotency key.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { MailAttachment, Mailer } from '../providers/mail/mailer.js';
import { TextProviderError, type TextChannel, type TextProvider } from '../providers/sms/sms.js';
import { messageIdFor, type OutboxKind } from './outbox.js';

export interface OutgoingMessage {
  kind: OutboxKind;
  to: string;
  from?: string;
  subject?: string;
  text: string;
  html?: string;
  /** The outbox key: the provider sends one key only once. */
  idempotencyKey: string;
  outboxId?: number;
  /** The merchant the message is sent for (webhooks: whose endpoint and secret). */
  merchantId?: number | null;
  /** The merchant's template id for this event (email: X-Template-Id header). */
  templateId?: string;
  /** Email: inline images (the pickup code's QR). */
  attachments?: MailAttachment[];
}

export interface Transport {
  send(message: OutgoingMessage): Promise<{ providerMessageId: string | null }>;
}

export type Transports = Partial<Record<OutboxKind, Transport>>;

/** A failed send; `permanent` when a retry cannot succeed. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** SMTP reply codes 5xx are permanent (unknown mailbox, refused); 4xx and connection errors are not. */
function smtpPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** Email through the app mailer, with a Message-ID derived from the idempotency key. */
export function emailTransport(mailer: Mailer, options: { messageIdDomain?: string } = {}): Transport {
  return {
    async send(message) {
      const messageId = messageIdFor(message.idempotencyKey, options.messageIdDomain);
      try {
        await mailer.send({
          to: message.to,
          from: message.from,
          subject: message.subject ?? '',
          text: message.text,
          html: message.html,
          ...(message.attachments?.length ? { attachments: message.attachments } : {}),
          messageId,
          headers: { 'Idempotency-Key': message.idempotencyKey, ...(message.templateId ? { 'X-Template-Id': message.templateId } : {}) },
        });
      } catch (error) {
        throw new DeliveryError(`email: ${(error as Error).message}`.slice(0, 300), smtpPermanent(error));
      }
      return { providerMessageId: messageId };
    },
  };
}

/** SMS or WhatsApp through a text provider. */
export function textTransport(provider: TextProvider, channel: TextChannel, options: { from?: string } = {}): Transport {
  return {
    async send(message) {
      try {
        const { id } = await provider.send({ channel, to: message.to, text: message.text, from: options.from, idempotencyKey: message.idempotencyKey });
        return { providerMessageId: id };
      } catch (error) {
        if (error instanceof TextProviderError) throw new DeliveryError(`${channel}: ${error.message}`, error.permanent);
        throw new DeliveryError(`${channel}: ${(error as Error).message}`);
      }
    },
  };
}

/**
 * Development transport: records the message in `message_log` (once per idempotency key) instead
 * of sending it, so every server process shares one log that superadmins can read.
 */
export function messageLogTransport(db: Kysely<Database>, now: () => Date = () => new Date()): Transport {
  return {
    async send(message) {
      await db
        .insertInto('message_log')
        .values({
          outbox_id: message.outboxId ?? null,
          kind: message.kind,
          recipient: message.to,
          sender: message.from ?? null,
          subject: message.subject ?? null,
          body: message.text,
          idempotency_key: message.idempotencyKey,
          created_at: now().toISOString(),
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      return { providerMessageId: `log:${message.idempotencyKey}` };
    },
  };
}

/**
 * The app mailer when SMTP_URL is not set: mail sent outside the outbox (password links) is recorded in the
 * same development message log, so a superadmin reads it at GET /api/messages?source=log. Only recipient
 * and subject are printed (the body may hold a password link).
 */
export function messageLogMailer(db: Kysely<Database>, options: { log?: (line: string) => void; now?: () => Date } = {}): Mailer {
  const transport = messageLogTransport(db, options.now);
  const log = options.log ?? ((line: string) => console.log(line));
  return {
    async send(message) {
      const idempotencyKey = message.headers?.['Idempotency-Key'] ?? `mail:${randomUUID()}`;
      await transport.send({ kind: 'email', to: message.to, from: message.from, subject: message.subject, text: message.text, idempotencyKey });
      log(`[mail] to=${message.to} subject=${JSON.stringify(message.subject)} (message log)`);
    },
  };
}

/** The same transport for every kind (development: everything goes to the message log). */
export function allKinds(transport: Transport, kinds: OutboxKind[] = ['email', 'sms', 'whatsapp']): Transports {
  return Object.fromEntries(kinds.map((k) => [k, transport]));
}
