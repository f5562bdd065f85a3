/**
 * The `webhook` outbox transport: POSTs the event JSON to the merchant's current endpoint, signed
 * with HMAC-SHA256 (X-Lockerline-Signature), with the outbox key as Webhook-Id and Idempotency-Key so a
 * receiver can drop a redelivery. 2xx is delivered; 408, 429, 5xx and network errors are retried with the outbox
 * backoff; any other 4xx, a missing endpoint or an unreadable secret is permanent.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { DeliveryError, type Transport } from '../notifications/transports.js';
import { openSecret, signatureHeader } from './secret-box.js';
import '../campaigns/tables.js';

export interface WebhookTransportOptions {
  appSecret: string;
  now?: () => Date;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function webhookTransport(db: Kysely<Database>, options: WebhookTransportOptions): Transport {
  const doFetch = options.fetch ?? fetch;
  return {
    async send(message) {
      if (message.merchantId == null) throw new DeliveryError('webhook: no merchant', true);
      const endpoint = await db.selectFrom('webhook_endpoints').selectAll().where('merchant_id', '=', message.merchantId).executeTakeFirst();
      if (!endpoint || endpoint.active !== 1) throw new DeliveryError('webhook: no active endpoint', true);
      const secret = openSecret(options.appSecret, endpoint.secret_encrypted);
      if (secret === null) throw new DeliveryError('webhook: secret unreadable (APP_SECRET changed?)', true);
      const body = message.text;
      let response: Response;
      try {
        response = await doFetch(endpoint.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Lockerline-Webhooks/1',
            'webhook-id': message.idempotencyKey,
            'idempotency-key': message.idempotencyKey,
            'x-lockerline-event': message.subject ?? '',
            'x-lockerline-signature': signatureHeader(secret, body, (options.now ?? (() => new Date()))()),
          },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new DeliveryError(`webhook: ${(error as Error).message}`.slice(0, 300));
      }
      await response.body?.cancel().catch(() => undefined);
      if (response.status >= 200 && response.status < 300) return { providerMessageId: `http:${response.status}` };
      const retry = response.status === 408 || response.status === 429 || response.status >= 500 || response.status < 200;
      throw new DeliveryError(`webhook: HTTP ${response.status}`, !retry);
    },
  };
}
