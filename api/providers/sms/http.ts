/**
 * SMS and WhatsApp through an HTTP provider configured by SMS_URL, e.g.
 * `https://ACCOUNT:SECRET@sms.example.com/v1`: messages are POSTed as JSON to `<base>/messages` with
 * HTTP Basic credentials taken from the URL and an Idempotency-Key header, and the provider answers
 * `{ id }`. 4xx answers (except 408 and 429) are permanent refusals; 5xx, 408, 429 and network
 * errors are worth a retry.
 */
import { TextProviderError, type TextProvider } from './sms.js';

export interface HttpTextProviderOptions {
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function createHttpTextProvider(url: string, options: HttpTextProviderOptions = {}): TextProvider {
  const parsed = new URL(url);
  const auth = parsed.username ? 'Basic ' + Buffer.from(`${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`).toString('base64') : null;
  parsed.username = '';
  parsed.password = '';
  const endpoint = parsed.toString().replace(/\/+$/, '') + '/messages';
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  return {
    async send(message) {
      let response: Response;
      try {
        response = await doFetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'idempotency-key': message.idempotencyKey,
            ...(auth ? { authorization: auth } : {}),
          },
          body: JSON.stringify({ channel: message.channel, to: message.to, from: message.from, text: message.text }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        // Never echo the URL: it may carry credentials.
        throw new TextProviderError(`sms provider unreachable: ${(error as Error).name}`, false);
      }
      if (!response.ok) {
        const permanent = response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429;
        throw new TextProviderError(`sms provider answered ${response.status}`, permanent, response.status);
      }
      const body = (await response.json().catch(() => ({}))) as { id?: unknown };
      return { id: typeof body.id === 'string' || typeof body.id === 'number' ? String(body.id) : message.idempotencyKey };
    },
  };
}
