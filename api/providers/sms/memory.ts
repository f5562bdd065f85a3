/**
 * A local SMS / WhatsApp provider for development and tests: records messages in memory and, like
 * a provider that honours Idempotency-Key, sends a key only once. `failNext` makes sends fail.
 */
import { TextProviderError, type TextMessage, type TextProvider } from './sms.js';

export interface MemoryTextProvider extends TextProvider {
  readonly messages: (TextMessage & { id: string })[];
  /** Every send call, including deduplicated repeats. */
  readonly calls: number;
  /** The next `count` sends fail (transient unless `permanent`). */
  failNext(count: number, permanent?: boolean): void;
  clear(): void;
}

export function createMemoryTextProvider(): MemoryTextProvider {
  const messages: (TextMessage & { id: string })[] = [];
  const byKey = new Map<string, string>();
  let failures = 0;
  let permanentFailure = false;
  let calls = 0;
  return {
    messages,
    get calls() {
      return calls;
    },
    async send(message) {
      calls++;
      if (failures > 0) {
        failures--;
        throw new TextProviderError('simulated provider failure', permanentFailure, permanentFailure ? 400 : 503);
      }
      const seen = byKey.get(message.idempotencyKey);
      if (seen) return { id: seen };
      const id = `mem-${messages.length + 1}`;
      byKey.set(message.idempotencyKey, id);
      messages.push({ ...message, id });
      return { id };
    },
    failNext(count, permanent = false) {
      failures = count;
      permanentFailure = permanent;
    },
    clear() {
      messages.length = 0;
      byKey.clear();
      calls = 0;
    },
  };
}
