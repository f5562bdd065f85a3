/**
 * Digests and sealing for locker access (docs/lockers.md). Short codes (6-digit pickup codes, 10-digit badges)
 * are stored as HMAC-SHA256 under the application secret, so the table alone cannot be reversed by trying every
 * number; the terminal secrets are long random tokens and stored as plain SHA-256 like API tokens. The plain
 * pickup code travels to the customer only inside the outbox row of the "ready" message, sealed (AES-GCM) under a
 * key derived from the same secret, and is opened by the delivery worker when it renders the message.
 *
 * The secret is the application secret as every process sees it (APP_SECRET, else the one kept in `settings`,
 * api/auth/app-secret.ts), read once per database handle.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { BADGE_DIGITS, PICKUP_CODE } from '../../core/policies/locker-access.policy.js';
import { APP_SECRET_KEY, loadOrCreateAppSecret } from '../auth/app-secret.js';
import { hmac } from '../auth/secrets.js';
import type { Database } from '../db/tables.js';
import type { Executor } from '../resources/shared/op-context.js';
import { openSecret, sealSecret } from '../webhooks/secret-box.js';

const secrets = new WeakMap<object, Promise<string>>();

/**
 * The application secret for locker digests; `db` is the root handle. Inside a transaction pass it as `via`:
 * on SQLite the root handle would wait for the transaction's own connection. A secret first created inside a
 * transaction is not cached (the transaction may still roll back).
 */
export async function lockerSecret(db: Kysely<Database>, via?: Executor): Promise<string> {
  const cached = secrets.get(db);
  if (cached) return cached;
  const fromEnv = process.env.APP_SECRET || undefined;
  if (!via || fromEnv) return remember(db, loadOrCreateAppSecret(db, fromEnv));
  const row = await via.selectFrom('settings').select('value').where('key', '=', APP_SECRET_KEY).executeTakeFirst();
  if (row) return remember(db, Promise.resolve(row.value));
  return loadOrCreateAppSecret(via as Kysely<Database>);
}

function remember(db: Kysely<Database>, secret: Promise<string>): Promise<string> {
  secrets.set(db, secret);
  secret.catch(() => secrets.delete(db));
  return secret;
}

/** A random number of `digits` digits (leading zeros kept), from the CSPRNG. */
export const randomDigits = (digits: number): string => Array.from({ length: digits }, () => String(randomInt(10))).join('');

export const newPickupCode = () => randomDigits(PICKUP_CODE.digits);
export const newBadgeCode = () => randomDigits(BADGE_DIGITS);

/**
 * The digest of a pickup code. It does not bind the terminal (the row's location does, and the unique index
 * (location, digest) keeps live codes of one terminal apart), so a package's code can move to another terminal
 * without the plain code. Codes issued before this change were bound to their terminal: `legacyPickupCodeDigest`.
 */
export const pickupCodeDigest = (secret: string, code: string) => hmac(secret, `pickup-code:${code}`);
export const legacyPickupCodeDigest = (secret: string, locationId: number, code: string) => hmac(secret, `pickup-code:${locationId}:${code}`);
export const badgeDigest = (secret: string, code: string) => hmac(secret, `badge:${code}`);

const boxKey = (secret: string) => `pickup-code-box:${secret}`;
export const sealPickupCode = (secret: string, code: string) => sealSecret(boxKey(secret), code);
/** The plain code of a sealed one, or null when it cannot be read. */
export const openPickupCode = (secret: string, sealed: string) => openSecret(boxKey(secret), sealed);
