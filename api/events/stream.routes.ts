/**
 * GET /api/events/stream: server-sent events announcing changed records to the signed-in user
 * (docs/live-updates.md). `event: change` / `data: {"resource":"packages","ids":[…]}` for the records the user may
 * list (api/events/change-scope.ts), `id:` the change-log id to resume from (Last-Event-ID, or ?lastEventId= for a
 * new EventSource); `event: reset` when the resume point is older than the log keeps (refetch everything). A
 * comment every 15 s keeps the connection open; every fourth one also checks that the user, and the session or API
 * token, still stand (and the session's expiry ends the stream when it comes).
 * Streams per user and process are capped (429); on shutdown every stream ends, so browsers reconnect elsewhere.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { EventsStreamQuery } from '../../core/contract/index.js';
import { DomainError } from '../../core/errors.js';
import { LIVE_EVENTS, LIVE_LIMITS, liveScopeOf } from '../../core/live.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/tables.js';
import type { RequestActor } from '../http/context.js';
import { requireAuth, signedInActor } from '../plugins/auth.js';
import { iso } from '../clock.js';
import { apiTokenStands } from '../auth/api-tokens.js';
import { loadActor } from '../auth/actor.js';
import { canResumeFrom, changesAfter, type ChangeRow } from './change-log.js';
import { ChangeHub } from './change-hub.js';
import { scopeMemo } from './change-scope.js';
import { DepartureWatch } from './departures.js';

/** Bytes a slow client may leave unread before its stream is dropped (it reconnects and resumes). */
const MAX_BUFFERED = 1024 * 1024;
const SESSION_CHECK_EVERY = 4;
/** A session's expiry is checked again at least this often (it slides while the user works elsewhere). */
const EXPIRY_RECHECK_MAX_MS = 60 * 60 * 1000;

export interface StreamOptions {
  database: Pick<Db, 'db' | 'watchWrites' | 'afterCommit' | 'listen'>;
  /** Streams per user and process (LIVE_STREAMS_PER_USER, else core LIVE_LIMITS.perUser). */
  perUser?: number;
  heartbeatMs?: number;
}

const eventText = (event: string, data: unknown, id?: number) => `event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;

/** The resume point a client sent: the Last-Event-ID header, else ?lastEventId=; undefined without one, NaN when garbled. */
function resumePoint(request: FastifyRequest, query: { lastEventId?: string }): number | undefined {
  const header = request.headers['last-event-id'];
  const raw = typeof header === 'string' && header !== '' ? header : query.lastEventId;
  if (raw === undefined) return undefined;
  return /^[0-9]{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
}

/**
 * Whether the stream's credential still stands: false when the user was deactivated, the session signed out or
 * expired, the API token revoked, or the user's scope changed (role, merchant, features, locations: the stream
 * would go on announcing what the old scope saw); else when the session expires (null: a token, which does not expire).
 */
async function credentialStands(db: Kysely<Database>, actor: RequestActor, now: string): Promise<false | string | null> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', actor.id).executeTakeFirst();
  if (user?.active !== 1) return false;
  if (liveScopeOf(await loadActor(db, user, actor.via)) !== liveScopeOf(actor)) return false;
  if (actor.via === 'token') return actor.token_id === undefined || (await apiTokenStands(db, actor.token_id, actor.id)) ? null : false;
  if (!actor.session_id) return null;
  const session = await db.selectFrom('sessions').select('expires_at').where('id', '=', actor.session_id).executeTakeFirst();
  return session !== undefined && session.expires_at > now ? session.expires_at : false;
}

export async function eventStreamRoutes(fastify: FastifyInstance, options: StreamOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const hub = new ChangeHub(options.database, (error) => app.log.warn({ err: error }, 'live updates: change log read failed'));
  const perUser = options.perUser ?? (Number(process.env.LIVE_STREAMS_PER_USER) || LIVE_LIMITS.perUser);
  // LIVE_HEARTBEAT_MS: tests only (the credential check runs every fourth heartbeat).
  const heartbeatMs = options.heartbeatMs ?? (Number(process.env.LIVE_HEARTBEAT_MS) || LIVE_LIMITS.heartbeatMs);
  const openPerUser = new Map<number, number>();
  const open = new Set<() => void>();
  /** One scope answer per batch and scope key, shared by every stream (the batch array is the same object). */
  const memos = new WeakMap<ChangeRow[], ReturnType<typeof scopeMemo>>();
  const visibleTo = (rows: ChangeRow[], actor: RequestActor) => {
    let memo = memos.get(rows);
    if (!memo) memos.set(rows, (memo = scopeMemo(app.db, rows)));
    return memo(actor);
  };

  fastify.addHook('preClose', async () => {
    for (const end of [...open]) end();
    await hub.close();
  });

  app.get(
    '/events/stream',
    { schema: { tags: ['events'], querystring: EventsStreamQuery, produces: ['text/event-stream'] }, preHandler: requireAuth },
    async (request, reply) => {
      const actor = signedInActor(request);
      const count = openPerUser.get(actor.id) ?? 0;
      if (count >= perUser) throw new DomainError('events.too_many_streams');
      // The slot is taken before anything is awaited: streams opened at once each see the others (taken after the
      // awaits below, 30 streams asked at once on PostgreSQL all passed the check, and the count went wrong).
      openPerUser.set(actor.id, count + 1);
      let slotHeld = true;
      const releaseSlot = () => {
        if (!slotHeld) return;
        slotHeld = false;
        const left = (openPerUser.get(actor.id) ?? 1) - 1;
        if (left > 0) openPerUser.set(actor.id, left);
        else openPerUser.delete(actor.id);
      };
      const resumeFrom = resumePoint(request, request.query);
      let departures: DepartureWatch | null;
      try {
        await hub.start();
        // Before joining the hub: every change after this is weighed against what the user knew.
        departures = await DepartureWatch.open(app.db, actor);
      } catch (error) {
        releaseSlot();
        throw error;
      }

      const res = reply.raw;
      reply.hijack();
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
        'x-content-type-options': 'nosniff', // the security plugin's onSend does not run for a hijacked reply
      });
      res.write(`retry: ${LIVE_LIMITS.retryMs}\n\n`);

      let closed = false;
      let delivered = 0;
      let announced = -1;
      let pending: [ChangeRow[], number][] | null = [];
      const write = (text: string) => {
        if (closed) return;
        res.write(text);
        if (res.writableLength > MAX_BUFFERED) end(); // a client that does not read: it resumes when it comes back
      };
      /** An `id:` alone moves the client's resume point without an event (changes it may not see). */
      const announcePosition = () => {
        if (delivered !== announced) write(`id: ${delivered}\n\n`);
        announced = delivered;
      };
      const deliver = async (rows: ChangeRow[], lastId: number) => {
        const visible = await visibleTo(rows, actor);
        const changes = departures ? departures.follow(visible, rows) : visible;
        const events: string[] = [];
        for (const change of changes) {
          for (let i = 0; i < change.ids.length; i += LIVE_LIMITS.idsPerEvent) events.push(JSON.stringify({ resource: change.resource, ids: change.ids.slice(i, i + LIVE_LIMITS.idsPerEvent) }));
        }
        // Only the last event names the batch's id: a client cut off in the middle resumes before the batch.
        events.forEach((data, i) => write(`event: ${LIVE_EVENTS.change}\n${i === events.length - 1 ? `id: ${lastId}\n` : ''}data: ${data}\n\n`));
        delivered = lastId;
        if (events.length) announced = lastId;
      };
      const listener = async (rows: ChangeRow[], lastId: number) => {
        if (closed) return;
        if (pending) pending.push([rows, lastId]);
        else await deliver(rows, lastId);
      };
      const { from, unsubscribe } = hub.subscribe(listener);

      // The stream never outlives its credential: checked every fourth heartbeat (a minute), and when the session
      // expires (then its new expiry, if it slid meanwhile).
      let expiryTimer: NodeJS.Timeout | undefined;
      const armExpiry = (expiresAt: string | null | undefined) => {
        clearTimeout(expiryTimer);
        if (!expiresAt || closed) return;
        const wait = Math.min(Math.max(Date.parse(expiresAt) - app.clock.now().getTime() + 1, 1_000), EXPIRY_RECHECK_MAX_MS);
        expiryTimer = setTimeout(checkCredential, wait);
        expiryTimer.unref();
      };
      function checkCredential() {
        void credentialStands(app.db, actor, iso(app.clock.now())).then((expiresAt) => (expiresAt === false ? end() : armExpiry(expiresAt)), () => undefined);
      }
      armExpiry(request.session?.expires_at);

      let beats = 0;
      const heartbeat = setInterval(() => {
        if (pending) return;
        write(': keep-alive\n\n');
        announcePosition();
        if (++beats % SESSION_CHECK_EVERY === 0) checkCredential();
      }, heartbeatMs);
      heartbeat.unref();

      function end() {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearTimeout(expiryTimer);
        unsubscribe();
        open.delete(end);
        releaseSlot();
        res.end();
      }
      open.add(end);
      request.raw.on('close', end);
      res.on('close', end);
      // A client gone while the stream was being set up closed before these listeners: its slot would stay taken.
      if (res.destroyed || !res.socket || res.socket.destroyed) end();

      try {
        delivered = from;
        if (resumeFrom === undefined) announcePosition();
        else if (Number.isNaN(resumeFrom) || !(await canResumeFrom(app.db, resumeFrom))) {
          write(eventText(LIVE_EVENTS.reset, {}, from));
          announced = from;
        } else {
          // The changes after the resume point up to where the hub stood when this stream joined; later ones
          // arrive through the hub (held in `pending` meanwhile), so nothing is sent twice or skipped.
          let after = resumeFrom;
          while (!closed && after < from) {
            const rows = await changesAfter(app.db, after, 1000, from);
            if (!rows.length) break;
            after = rows[rows.length - 1]!.id;
            await deliver(rows, after);
          }
          delivered = from;
          announcePosition();
        }
        while (pending.length && !closed) {
          const [rows, lastId] = pending.shift()!;
          await deliver(rows, lastId);
        }
      } catch (error) {
        request.log.warn({ err: error }, 'live updates: stream failed');
        end();
      }
      pending = null;
    },
  );
}
