/**
 * Password links: reset (forgot password) and create (invited new users). Tokens are single use,
 * valid PASSWORD_LINK_TTL_HOURS[purpose] (reset 2 hours, create 7 days), stored as SHA-256; a new link replaces older unused ones.
 */
import type { FastifyInstance } from 'fastify';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { PASSWORD_LINK_TTL_HOURS } from '../../core/constants.js';
import { durationText, localeOr, makeTranslator } from '../../core/i18n/index.js';
import type { Database, User } from '../db/tables.js';
import type { Dialect } from '../db/dialect.js';
import { lockUserRow } from './user-lock.js';
import { iso, type Clock } from '../clock.js';
import { randomToken, sha256 } from './secrets.js';

export type PasswordPurpose = 'reset' | 'create';

const PAGES: Record<PasswordPurpose, string> = { reset: 'reset-password', create: 'create-password' };

/** A new link of `purpose` replacing the user's unused ones; two at once leave one live link (lockUserRow). */
export async function createPasswordToken(db: Kysely<Database>, dialect: Dialect, clock: Clock, userId: number, purpose: PasswordPurpose): Promise<string> {
  const token = randomToken();
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    await lockUserRow(trx, dialect, userId);
    await trx.deleteFrom('password_tokens').where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
    await trx
      .insertInto('password_tokens')
      .values({
        user_id: userId,
        token_hash: sha256(token),
        purpose,
        created_at: iso(now),
        expires_at: iso(new Date(now.getTime() + PASSWORD_LINK_TTL_HOURS[purpose] * 3600_000)),
        used_at: null,
      })
      .execute();
  });
  return token;
}

/** The user's unused links stop working (a password was set, the account deactivated, or the e-mail address changed). */
export async function deleteUnusedPasswordLinks(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('password_tokens').where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

export function passwordLink(publicUrl: string, purpose: PasswordPurpose, token: string, email: string): string {
  const query = new URLSearchParams({ token, email });
  return `${publicUrl}/${PAGES[purpose]}?${query}`;
}

/**
 * Creates a token and mails the link in the user's locale through app.mailer (SMTP, or without SMTP_URL the
 * superadmin message log: notifications/transports.ts messageLogMailer).
 */
export async function sendPasswordLink(
  app: FastifyInstance,
  user: Pick<User, 'id' | 'email' | 'first_name' | 'locale'>,
  purpose: PasswordPurpose,
): Promise<void> {
  const token = await createPasswordToken(app.db, app.dialect, app.clock, user.id, purpose);
  const url = passwordLink(app.config.publicUrl, purpose, token, user.email);
  const t = makeTranslator(localeOr(user.locale));
  await app.mailer.send({
    to: user.email,
    subject: t(`auth.mail.${purpose}_subject`),
    // How long the link lasts and what to do once it has expired (an invited user may open it the next day).
    text: t(`auth.mail.${purpose}_body`, { name: user.first_name, url, lifetime: durationText(t, PASSWORD_LINK_TTL_HOURS[purpose]), signin: `${app.config.publicUrl}/signin` }),
  });
}

/** The row of a live token: this one, of this user and purpose, unused and unexpired at `now`. */
const live = (token: string, userId: number, purpose: PasswordPurpose, now: string) => (eb: ExpressionBuilder<Database, 'password_tokens'>) =>
  eb.and([
    eb('token_hash', '=', sha256(token)),
    eb('user_id', '=', userId),
    eb('purpose', '=', purpose),
    eb('used_at', 'is', null),
    eb('expires_at', '>', now),
  ]);

/**
 * Whether the token could be spent now (read only): checked before the new password is hashed, so a forged
 * token costs no argon2 work.
 */
export async function passwordTokenLive(db: Kysely<Database>, clock: Clock, token: string, userId: number, purpose: PasswordPurpose): Promise<boolean> {
  const row = await db.selectFrom('password_tokens').select('id').where(live(token, userId, purpose, iso(clock.now()))).executeTakeFirst();
  return row !== undefined;
}

/**
 * Spends a token: marks it used (exactly once, even under concurrency) and returns its user id,
 * or undefined when the token is unknown, used, expired, of another purpose or another user.
 */
export async function consumePasswordToken(
  db: Kysely<Database>,
  clock: Clock,
  token: string,
  userId: number,
  purpose: PasswordPurpose,
): Promise<boolean> {
  const now = iso(clock.now());
  const result = await db.updateTable('password_tokens').set({ used_at: now }).where(live(token, userId, purpose, now)).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
