/** The SMS / WhatsApp provider interface; implementations: HTTP (SMS_URL), memory (development, tests). */
export type TextChannel = 'sms' | 'whatsapp';

export interface TextMessage {
  channel: TextChannel;
  /** E.164 phone number. */
  to: string;
  text: string;
  /** Sender id or number, when the provider lets us choose. */
  from?: string;
  /** The provider sends a message with a key it has seen only once (and answers the first id again). */
  idempotencyKey: string;
}

export interface TextProvider {
  send(message: TextMessage): Promise<{ id: string }>;
}

/** A provider refusal; `permanent` when retrying cannot help (bad number, bad request, bad credentials). */
export class TextProviderError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'TextProviderError';
  }
}
