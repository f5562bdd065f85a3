/**
 * The `webhook` outbox transport: POSTs the event JSON to the merchant's current endpoint, signed
 * with HMAC-SHA256 (X-Lockerline-Signature), with the outbox key as Webhook-Id and Idempotency-Key so a
 * receiver can drop a redelivery. 2xx is delivered; 408, 429, 5xx and network errors are retried with the outbox
 * backoff; any other 4xx, a missing endpoint, an unreadable secret or a private target is permanent.
 * The target is checked again here (api/webhooks/target-guard): an address literal before connecting, a
 * name after resolving it, and the connection goes to the address that was checked; a refused target is
 * never contacted, so the delivery log holds no answer from it.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { DeliveryError, type Transport } from '../notifications/transports.js';
import { openSecret, signatureHeader } from './secret-box.js';
import { allowedPrivateHosts, bareHost, isPublicAddress, pinnedLookup, PrivateTargetError } from './target-guard.js';
import '../campaigns/tables.js';

export interface WebhookTransportOptions {
  appSecret: string;
  now?: () => Date;
  timeoutMs?: number;
  /** Hosts that may be private (WEBHOOK_ALLOW_PRIVATE_HOSTS by default). */
  allowPrivateHosts?: string[];
}

/**
 * POSTs `body` to `target`, connecting only to a checked address; resolves with the HTTP status. `timeoutMs` bounds the
 * whole exchange up to the answer's status line and headers, not only a silence: a receiver that trickles its answer a
 * byte at a time would otherwise hold a delivery (and its outbox lease) for as long as it likes.
 */
function postPinned(target: URL, headers: Record<string, string>, body: string, timeoutMs: number, allow: string[]): Promise<number> {
  const host = bareHost(target);
  if (isIP(host) && !allow.includes(host) && !isPublicAddress(host)) return Promise.reject(new PrivateTargetError(host));
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: pinnedLookup(allow), timeout: timeoutMs },
      (res) => {
        clearTimeout(deadline);
        res.destroy(); // the answer's body is never read nor logged
        resolve(res.statusCode ?? 0);
      },
    );
    const deadline = setTimeout(() => req.destroy(new Error('timeout')), timeoutMs);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    req.end(body);
  });
}

export function webhookTransport(db: Kysely<Database>, options: WebhookTransportOptions): Transport {
  const allow = options.allowPrivateHosts ?? allowedPrivateHosts();
  return {
    async send(message) {
      if (message.merchantId == null) throw new DeliveryError('webhook: no merchant', true);
      const endpoint = await db.selectFrom('webhook_endpoints').selectAll().where('merchant_id', '=', message.merchantId).executeTakeFirst();
      if (!endpoint || endpoint.active !== 1) throw new DeliveryError('webhook: no active endpoint', true);
      const secret = openSecret(options.appSecret, endpoint.secret_encrypted);
      if (secret === null) throw new DeliveryError('webhook: secret unreadable (APP_SECRET changed?)', true);
      const body = message.text;
      let status: number;
      try {
        status = await postPinned(
          new URL(endpoint.url),
          {
            'content-type': 'application/json',
            'user-agent': 'Lockerline-Webhooks/1',
            'webhook-id': message.idempotencyKey,
            'idempotency-key': message.idempotencyKey,
            'x-lockerline-event': message.subject ?? '',
            'x-lockerline-signature': signatureHeader(secret, body, (options.now ?? (() => new Date()))()),
          },
          body,
          options.timeoutMs ?? 10_000,
          allow,
        );
      } catch (error) {
        throw new DeliveryError(`webhook: ${(error as Error).message}`.slice(0, 300), error instanceof PrivateTargetError);
      }
      if (status >= 200 && status < 300) return { providerMessageId: `http:${status}` };
      const retry = status === 408 || status === 429 || status >= 500 || status < 200;
      throw new DeliveryError(`webhook: HTTP ${status}`, !retry);
    },
  };
}
