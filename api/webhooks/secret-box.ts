/**
 * Webhook signing secrets must be readable to sign, so they are stored encrypted (AES-256-GCM, key
 * derived from APP_SECRET) rather than hashed, and never returned by the API. Format `v1.<iv>.<tag>.<ct>`.
 * Changing APP_SECRET makes stored secrets unreadable: merchants then register their secret again.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

const keyOf = (appSecret: string) => createHash('sha256').update(`webhook-secret-box:${appSecret}`).digest();

export function sealSecret(appSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret), iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

/** The plain secret, or null when it cannot be read (other APP_SECRET, damaged value). */
export function openSecret(appSecret: string, sealed: string): string | null {
  const [v, iv, tag, ct] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || ct === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * The X-Lockerline-Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. Receivers
 * recompute it with their secret and reject old timestamps (replays).
 */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** Verifies a signature header (for receivers and tests). */
export function verifySignature(secret: string, body: string, header: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  if (!parts.t || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return expected.length === parts.v1.length && createHash('sha256').update(expected).digest('hex') === createHash('sha256').update(parts.v1).digest('hex');
}
