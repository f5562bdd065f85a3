/** The mail transport interface; implementations: log (development), SMTP (SMTP_URL), memory (tests). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  from?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
