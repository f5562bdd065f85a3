/**
 * The mail transport interface; implementations: SMTP (SMTP_URL), the development message log
 * (notifications/transports.ts messageLogMailer) and memory (tests).
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  from?: string;
  /** RFC 5322 Message-ID (`<id@domain>`); a stable one lets a receiving server spot a resend. */
  messageId?: string;
  /** Extra headers, e.g. Idempotency-Key. */
  headers?: Record<string, string>;
  /** Inline images the HTML shows by content id (`<img src="cid:...">`), e.g. the pickup code's QR. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  cid: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
