/**
 * Customer links (`/respond/<token>`): 128 random bits, an expiry, and an HMAC over both with the app
 * secret: `<random>.<expiry>.<signature>`. Only the SHA-256 of the whole token is stored
 * (response_tokens; the latest also on batch_items.response_token_hash), so the database alone cannot
 * rebuild a link. A forged or truncated token fails the signature without touching the database; an
 * expired one is known from its signed expiry; an answered one (used_at) is a replay.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { DomainError } from '../../core/errors.js';
import { hmac, safeEqual, sha256 } from '../auth/secrets.js';
import { insertRows } from '../db/bulk-insert.js';
import type { Database } from '../db/tables.js';
import './tables.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type TokenSubject = 'batch_items' | 'shipments';

const signature = (secret: string, body: string) => hmac(`respond-token:${secret}`, body).slice(0, 22);
const RANDOM_BYTES = 16;

export interface NewToken {
  /** The raw token: goes only into the message. */
  token: string;
  /** Its SHA-256, the only form stored. */
  hash: string;
  expiresAt: Date;
}

/** Creates one token per expiry, in memory (one read of the random source for all of them). */
export function newTokens(secret: string, expiries: readonly Date[]): NewToken[] {
  const random = randomBytes(RANDOM_BYTES * expiries.length);
  return expiries.map((expiresAt, i) => {
    const body = `${random.subarray(i * RANDOM_BYTES, (i + 1) * RANDOM_BYTES).toString('base64url')}.${Math.floor(expiresAt.getTime() / 1000).toString(36)}`;
    const token = `${body}.${signature(secret, body)}`;
    return { token, hash: sha256(token), expiresAt };
  });
}

/** Stores tokens of `subject` rows (one multi-row insert). */
export async function storeTokens(trx: Executor, subject: TokenSubject, tokens: readonly (Pick<NewToken, 'hash' | 'expiresAt'> & { subjectId: number })[], now: Date): Promise<void> {
  const stamp = now.toISOString();
  await insertRows(
    trx,
    'response_tokens',
    ['token_hash', 'subject_type', 'subject_id', 'expires_at', 'used_at', 'created_at'],
    tokens.map((t) => [t.hash, subject, t.subjectId, t.expiresAt.toISOString(), null, stamp]),
  );
}

/** Mints and stores a token for a subject; returns the raw token (goes only into the message). */
export async function mintToken(trx: Executor, secret: string, subject: TokenSubject, subjectId: number, expiresAt: Date, now: Date): Promise<{ token: string; hash: string }> {
  const [minted] = newTokens(secret, [expiresAt]) as [NewToken];
  await storeTokens(trx, subject, [{ ...minted, subjectId }], now);
  return { token: minted.token, hash: minted.hash };
}

/** A known link's state: open, already answered (every link of the subject is spent then), or past its expiry. */
export type TokenState = 'open' | 'used' | 'expired';

export interface ResolvedToken {
  subject_type: TokenSubject;
  subject_id: number;
  expires_at: string;
  hash: string;
  state: TokenState;
}

/**
 * Checks the signature, then finds the stored token: forged, truncated or unknown -> public.token_invalid
 * (nothing else is told about it); a known one comes back with its state, used or expired included.
 */
export async function findToken(db: Executor, secret: string, token: string, now: Date): Promise<ResolvedToken> {
  const parts = token.split('.');
  if (parts.length !== 3 || token.length > 100) throw new DomainError('public.token_invalid');
  const [rand, exp, sig] = parts as [string, string, string];
  if (!safeEqual(sig, signature(secret, `${rand}.${exp}`))) throw new DomainError('public.token_invalid');
  const expiresMs = parseInt(exp, 36) * 1000;
  const row = await db.selectFrom('response_tokens').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirst();
  if (!row) throw new DomainError('public.token_invalid');
  const state: TokenState = row.used_at ? 'used' : !Number.isFinite(expiresMs) || expiresMs <= now.getTime() ? 'expired' : 'open';
  return { subject_type: row.subject_type as TokenSubject, subject_id: row.subject_id, expires_at: row.expires_at, hash: row.token_hash, state };
}

/** The refusal of a link that is known but cannot be answered any more. */
export const closedTokenError = (state: Exclude<TokenState, 'open'>) => new DomainError(state === 'used' ? 'public.token_used' : 'public.token_expired');

/** An answer spends every link of the subject: any of them replayed later is refused as used. */
export async function spendTokens(trx: Executor, subject: TokenSubject, subjectId: number, now: Date): Promise<void> {
  await trx.updateTable('response_tokens').set({ used_at: now.toISOString() }).where('subject_type', '=', subject).where('subject_id', '=', subjectId).where('used_at', 'is', null).execute();
}
