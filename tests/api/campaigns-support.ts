/** Test support for the campaign and scale-out suites: a real SMTP server on loopback that keeps each mail's decoded text. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  /** Decoded subject. */
  subject: string;
  /** Raw message with soft line breaks and quoted-printable escapes decoded (good enough to search). */
  text: string;
  /** The header block as received, folded lines joined (encoded words left as they are). */
  head: string;
}

export const decodeQp = (s: string) => Buffer.from(s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) of a header, decoded. */
export const decodeWords = (s: string) =>
  s.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );

/** `delayMs`: how long the server takes to accept each message (a slow provider). */
export async function startSmtpCapture(options: { delayMs?: number } = {}) {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        // The subject header, unfolded and decoded (a Spanish subject arrives as encoded words).
        const subject = decodeWords(/^subject:\s*(.*(?:\r?\n[ \t].*)*)$/im.exec(raw)?.[1]?.replace(/\r?\n[ \t]+/g, ' ') ?? '').trim();
        const head = raw.split(/\r\n\r\n/)[0]!.replace(/\r\n[ \t]+/g, ' ');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), subject, text: decodeQp(raw), head });
        setTimeout(callback, options.delayMs ?? 0);
      });
    },
  });
  // A client that vanishes mid-mail (the scale-out test kills a server process with SIGKILL) resets its
  // connection; smtp-server re-emits that on the server, and an unheard 'error' event would crash the test run.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The respond token in a captured mail's link. */
export function tokenIn(mail: CapturedMail): string {
  const match = /\/respond\/([A-Za-z0-9_\-.]+)/.exec(mail.text);
  if (!match) throw new Error(`no respond link in mail: ${mail.subject}`);
  return match[1]!.replace(/\.$/, '');
}
