/**
 * Sign-in routes (DESIGN.md section 3, Sanctum SPA pattern): csrf-cookie, login, logout, forgot /
 * reset / create password, current user, locale, API tokens. docs/auth.md describes the flow.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CurrentUser,
  DataOf,
  ForgotPasswordBody,
  IdParams,
  LocaleBody,
  LoginBody,
  MessageResponse,
  NoBody,
  NoQuery,
  SetPasswordBody,
  TokenResponse,
} from '../../core/contract/index.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { DomainError } from '../../core/errors.js';
import { BOUNDS, PASSWORD_LINK_THROTTLE } from '../../core/constants.js';
import { userRefusal } from '../../core/policies/users.policy.js';
import { isLocale } from '../../core/i18n/index.js';
import { validate, type Schema } from '../../core/validation.js';
import { iso } from '../clock.js';
import { LOCALE_COOKIE, setRequestLocale } from '../plugins/i18n.js';
import { requireAuth, signedInActor } from '../plugins/auth.js';
import { currentUserPayload } from './actor.js';
import { issueApiToken } from './api-tokens.js';
import { clearGuestCsrf, cookieOptions, issueGuestCsrf, setXsrfCookie } from './csrf.js';
import { afterReply } from '../http/after-reply.js';
import { consumePasswordToken, passwordTokenLive, sendPasswordLink, type PasswordPurpose } from './password-links.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { sha256 } from './secrets.js';
import { SESSION_COOKIE, createSession, deleteSession, endOtherSignIns } from './sessions.js';
import { LOGIN_LIMITS, accountKey, addressKey, addressOf, clear, release, reserve } from './throttle.js';

type Body = Record<string, unknown>;

/** Sign-in, sign-out, the CSRF cookie and the password links need no session (api/plugins/route-guard.ts). */
const PUBLIC = { guard: { access: 'public' as const } };
const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));
const normalizeEmail = (v: unknown) => str(v).trim().toLowerCase();

/** 422 validation.failed with translated field messages, when the body breaks the schema. */
function check(schema: Schema, body: Body): void {
  const problems = validate(schema, body);
  if (Object.keys(problems).length) {
    const error = new DomainError('validation.failed');
    (error as unknown as { problems: unknown }).problems = problems;
    throw error;
  }
}

const emailRules = [{ rule: 'required' as const }, { rule: 'email' as const }, { rule: 'max' as const, length: BOUNDS.email.max }];
const passwordSchema: Schema = {
  token: [{ rule: 'required' }],
  email: emailRules,
  password: [{ rule: 'required' }, { rule: 'min', length: BOUNDS.password.min }, { rule: 'max', length: BOUNDS.password.max }],
  password_confirmation: [{ rule: 'required' }, { rule: 'confirmed', target: 'password' }],
};

/** Counts one attempt on the key; 429 auth.throttled with Retry-After when it is over `limit`. */
async function countOrRefuse(app: FastifyInstance, reply: FastifyReply, key: string, limit: number, windowMs?: number): Promise<void> {
  const wait = await reserve(app.db, app.clock, key, limit, windowMs);
  if (wait > 0) {
    reply.header('retry-after', String(wait));
    throw new DomainError('auth.throttled', undefined, { params: { seconds: wait } });
  }
}

/** The password-link forms' per-address key (forgot, reset and create password share it). */
const passwordLinkAddressKey = (ip: string) => `password-link:address:${addressOf(ip)}`;

const findUserByEmail = (app: FastifyInstance, email: string) =>
  app.db.selectFrom('users').selectAll().where(sql<string>`lower(email)`, '=', email).executeTakeFirst();

export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['auth'];
  const secret = app.config.secret!;

  app.get('/csrf-cookie', { config: PUBLIC, schema: { tags, summary: 'Sets the XSRF-TOKEN cookie (204)', querystring: NoQuery } }, async (request, reply) => {
    if (request.session) setXsrfCookie(request, reply, request.session.csrf_token);
    else issueGuestCsrf(request, reply, secret);
    return reply.code(204).send();
  });

  app.post(
    '/login',
    { config: PUBLIC, schema: { tags, summary: 'Signs in (form data or JSON: email, password)', body: LoginBody, response: { 200: DataOf(CurrentUser) } } },
    async (request, reply) => {
      if (request.actor) throw new DomainError('auth.already_authenticated');
      const input = request.body;
      check({ email: [{ rule: 'required' }], password: [{ rule: 'required' }] }, input);
      const email = normalizeEmail(input.email);
      const keys: [string, number][] = [
        [addressKey(request.ip), LOGIN_LIMITS.address],
        [accountKey(email, request.ip), LOGIN_LIMITS.account],
      ];
      // Each attempt is counted before the password is checked, so parallel guesses cannot all pass. The address
      // first: an address over its allowance counts against no account.
      for (const [key, limit] of keys) await countOrRefuse(app, reply, key, limit);
      const user = await findUserByEmail(app, email);
      const ok = await verifyPassword(user?.password_hash, str(input.password));
      if (!user || !ok || user.active !== 1) throw new DomainError('auth.failed');
      await clear(app.db, keys[1][0]);
      await release(app.db, keys[0][0]);

      // A fresh session id at every sign-in; a stale cookie's row and the guest binding go away.
      const stale = request.cookies[SESSION_COOKIE];
      if (stale) await app.db.deleteFrom('sessions').where('id', '=', sha256(stale)).execute();
      const session = await createSession(app.db, app.clock, user.id, { ip: request.ip, userAgent: request.headers['user-agent'] });
      reply.setCookie(SESSION_COOKIE, session.token, cookieOptions(request, true));
      setXsrfCookie(request, reply, session.csrfToken);
      clearGuestCsrf(request, reply);
      if (isLocale(user.locale)) {
        setRequestLocale(request, user.locale);
        reply.setCookie(LOCALE_COOKIE, user.locale, cookieOptions(request, false));
      }
      return { data: await currentUserPayload(app.db, user) };
    },
  );

  app.post('/logout', { config: PUBLIC, schema: { tags, summary: 'Signs out (204)', body: NoBody } }, async (request, reply) => {
    if (request.session) await deleteSession(app.db, request.session.id);
    reply.clearCookie(SESSION_COOKIE, cookieOptions(request, true));
    issueGuestCsrf(request, reply, secret, true);
    return reply.code(204).send();
  });

  app.post(
    '/forgot-password',
    { config: PUBLIC, schema: { tags, summary: 'Mails a reset link; always 200', body: ForgotPasswordBody, response: { 200: MessageResponse } } },
    async (request, reply) => {
      const input = request.body;
      check({ email: emailRules }, input);
      await countOrRefuse(app, reply, passwordLinkAddressKey(request.ip), LOGIN_LIMITS.address);
      const email = normalizeEmail(input.email);
      // At most a few mails to one account from one address: more answer the same and send nothing (no mail bombing).
      const mailKey = `password-link:mail:${email}|${addressOf(request.ip)}`;
      const mailAllowed = (await reserve(app.db, app.clock, mailKey, PASSWORD_LINK_THROTTLE.mailsPerAccount, PASSWORD_LINK_THROTTLE.windowSeconds * 1000)) === 0;
      const user = await findUserByEmail(app, email);
      // Sent after the answer, so an existing account's answer takes no longer than an unknown one's.
      if (user && user.active === 1 && mailAllowed) afterReply(app, request.log, 'could not send the password reset mail', () => sendPasswordLink(app, user, 'reset'));
      return { message: request.t('auth.forgot_sent') };
    },
  );

  const setPassword = (purpose: PasswordPurpose, bannerKey: string) => async (request: FastifyRequest<{ Body: SetPasswordBody }>, reply: FastifyReply) => {
    const input = request.body;
    check(passwordSchema, input);
    await countOrRefuse(app, reply, passwordLinkAddressKey(request.ip), LOGIN_LIMITS.address);
    const user = await findUserByEmail(app, normalizeEmail(input.email));
    if (!user || user.active !== 1) throw new DomainError('auth.token_invalid');
    // A token that could not be spent costs no argon2 work; the transaction below spends it exactly once.
    if (!(await passwordTokenLive(app.db, app.clock, str(input.token), user.id, purpose))) throw new DomainError('auth.token_invalid');
    const hash = await hashPassword(str(input.password));
    await app.db.transaction().execute(async (trx) => {
      if (!(await consumePasswordToken(trx, app.clock, str(input.token), user.id, purpose))) {
        throw new DomainError('auth.token_invalid');
      }
      await trx.updateTable('users').set({ password_hash: hash, updated_at: iso(app.clock.now()) }).where('id', '=', user.id).execute();
      // Whoever knew the old password is signed out everywhere, and the user's API tokens are revoked.
      await endOtherSignIns(trx, user.id);
    });
    return { message: request.t(bannerKey) };
  };
  const passwordBody = SetPasswordBody;
  app.post('/reset-password', { config: PUBLIC, schema: { tags, summary: 'Sets a new password with a reset token', body: passwordBody } }, setPassword('reset', 'auth.banner_reset'));
  app.post('/create-password', { config: PUBLIC, schema: { tags, summary: 'Sets the first password of an invited user', body: passwordBody } }, setPassword('create', 'auth.banner_created'));

  app.get('/user', { schema: { tags, summary: 'The signed-in user', querystring: NoQuery, response: { 200: DataOf(CurrentUser) } }, preHandler: requireAuth }, async (request) => {
    const actor = signedInActor(request);
    return { data: await currentUserPayload(app.db, actor.user) };
  });

  app.put(
    '/user/locale',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Sets the interface language (the user, or the guest cookie)',
        body: LocaleBody,
      },
    },
    async (request, reply) => {
      const { locale } = request.body;
      if (request.actor) {
        await app.db.updateTable('users').set({ locale, updated_at: iso(app.clock.now()) }).where('id', '=', request.actor.id).execute();
      }
      reply.setCookie(LOCALE_COOKIE, locale, { ...cookieOptions(request, false), maxAge: 365 * 86400 });
      setRequestLocale(request, locale);
      return { data: { locale } };
    },
  );

  app.get(
    '/users/:id/request-token',
    {
      schema: {
        tags,
        summary: 'Issues an API token, shown once (own user, or whoever manages the user: core/policies/users.policy.ts)',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: TokenResponse },
      },
      // It replaces the user's token: a link from another site must not (api/plugins/auth.ts).
      config: { csrf: 'always' },
      preHandler: requireAuth,
    },
    async (request, reply) => {
      const actor = signedInActor(request);
      const target = await app.db.selectFrom('users').select(['id', 'role', 'merchant_id', 'active']).where('id', '=', request.params.id).executeTakeFirst();
      if (!target) throw new DomainError('not_found');
      const refusal = userRefusal(actor, 'request-token', target);
      if (refusal) throw new DomainError(refusal);
      reply.header('cache-control', 'no-store');
      return { token: await issueApiToken(app.db, app.dialect, app.clock, target.id) };
    },
  );
}
