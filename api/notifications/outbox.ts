/**
 * The durable notification outbox (docs/notifications.md). Business code enqueues in its own
 * transaction; the delivery worker claims due rows under a lease, sends, and records the outcome.
 *
 * States: pending -> sending (claimed, leased) -> sent | failed (waiting for a retry) -> ... -> dead.
 * A `sending` row whose lease expired (its worker crashed) is due again. Each claim writes its own token
 * into `locked_by`; renewing the lease, sending and recording the outcome are all fenced by that token, so a
 * worker whose claim was taken over neither sends nor records.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import { insertRows } from '../db/bulk-insert.js';
import type { Database, OutboxRow } from '../db/tables.js';
import type { Dialect } from '../db/dialect.js';

export const OUTBOX_KINDS = ['email', 'sms', 'whatsapp', 'webhook'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed', 'dead'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
/** Rows waiting for their next attempt (first, or a retry after a failure). */
const WAITING: readonly OutboxStatus[] = ['pending', 'failed'];
/** Rows a worker has claimed and is delivering (taken over once the lease runs out). */
const CLAIMED: readonly OutboxStatus[] = ['sending'];

type Executor = Kysely<Database> | Transaction<Database>;

export interface RetryPolicy {
  /** Attempts (claims) before a row is given up as dead. */
  maxAttempts: number;
  /** Delay before the first retry; doubled for every further attempt. */
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * How long a claim holds a row before another worker may take it over. The delivery pass renews it every
   * third of this while it works, so it only runs out when the worker died (or lost the database).
   */
  leaseMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 8, baseDelayMs: 30_000, maxDelayMs: 6 * 3_600_000, leaseMs: 20_000 };

/** A token naming one claim (one delivery pass) of `workerId`: unique, so a later claim never passes for this one. */
export const newClaimToken = (workerId: string) => `${workerId}/${randomBytes(6).toString('hex')}`;

export interface NotificationRequest {
  kind: OutboxKind;
  /** A SPEC notification event (package-available, ...) or a batch step (batch-notify, ...). */
  event: string;
  merchant_id: number | null;
  subject_type: string;
  subject_id: number;
  /**
   * Names the business step, so that retrying the same step never enqueues twice while a new step
   * of the same kind (a second `notify` resend, a reminder after a restart) does: e.g. the id of the
   * event row of the transition, or core/campaigns stepName().
   */
  step: string | number;
  recipient: string;
  locale?: string;
  /** Data the renderer needs (names, reference, location, links). */
  payload?: Record<string, unknown>;
  /** Not before this moment (default: now). */
  notBefore?: Date;
}

/** The deterministic key of one business step on one channel. */
export function idempotencyKey(r: Pick<NotificationRequest, 'subject_type' | 'subject_id' | 'event' | 'step' | 'kind'>): string {
  return `${r.subject_type}:${r.subject_id}:${r.event}:${r.step}:${r.kind}`;
}

/** A stable RFC 5322 Message-ID for a key (the key itself may hold characters Message-IDs cannot). */
export function messageIdFor(key: string, domain = 'lockerline.local'): string {
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 40)}@${domain}>`;
}

/** Outbox columns an enqueue writes, in the order of outboxValues(). */
const ENQUEUE_COLUMNS = ['idempotency_key', 'kind', 'event', 'merchant_id', 'subject_type', 'subject_id', 'recipient', 'locale', 'payload', 'status', 'attempts', 'next_attempt_at', 'created_at', 'updated_at'];

function outboxValues(request: NotificationRequest, stamp: string, payload = JSON.stringify(request.payload ?? {})): unknown[] {
  const notBefore = request.notBefore?.toISOString() ?? stamp;
  return [idempotencyKey(request), request.kind, request.event, request.merchant_id, request.subject_type, request.subject_id, request.recipient, request.locale ?? 'en', payload, 'pending', 0, notBefore, stamp, stamp];
}

/** The idempotency key is unique: a request already in the outbox inserts nothing. */
const KEEP_EXISTING = { ignoreConflictOn: ['idempotency_key'] };

/**
 * Adds a message to the outbox in the caller's transaction. Returns the row id and whether it was
 * new; a request whose idempotency key is already there is a no-op (`created: false`).
 */
export async function enqueue(trx: Executor, request: NotificationRequest, now: Date): Promise<{ id: number; created: boolean; key: string }> {
  const key = idempotencyKey(request);
  const [inserted] = await insertRows<{ id: number }>(trx, 'outbox', ENQUEUE_COLUMNS, [outboxValues(request, now.toISOString())], ['id'], KEEP_EXISTING);
  if (inserted) return { id: Number(inserted.id), created: true, key };
  const existing = await trx.selectFrom('outbox').select('id').where('idempotency_key', '=', key).executeTakeFirstOrThrow();
  return { id: existing.id, created: false, key };
}

/**
 * enqueue() for many messages at once (multi-row inserts, in the caller's transaction); a request whose key
 * is already there is a no-op. Requests sharing one payload object (the channels of one step) serialise it once.
 */
export async function enqueueMany(trx: Executor, requests: readonly NotificationRequest[], now: Date): Promise<void> {
  const stamp = now.toISOString();
  let last: { payload: NotificationRequest['payload']; json: string } | undefined;
  const rows = requests.map((request) => {
    if (!last || last.payload !== request.payload) last = { payload: request.payload, json: JSON.stringify(request.payload ?? {}) };
    return outboxValues(request, stamp, last.json);
  });
  await insertRows(trx, 'outbox', ENQUEUE_COLUMNS, rows, [], KEEP_EXISTING);
}

/**
 * Claims up to `limit` due rows for the claim token `claim` (newClaimToken): waiting rows whose time has come and claimed rows
 * whose lease expired. One UPDATE statement: on PostgreSQL the candidate rows are locked with
 * FOR UPDATE SKIP LOCKED so concurrent workers take disjoint sets; SQLite runs the statement under
 * its single writer lock, so it is atomic across processes too. Each claim counts as an attempt.
 */
export async function claimDue(
  db: Kysely<Database>,
  dialect: Dialect,
  claim: string,
  now: Date,
  limit: number,
  policy: Pick<RetryPolicy, 'leaseMs'> = DEFAULT_RETRY,
): Promise<OutboxRow[]> {
  const stamp = now.toISOString();
  let candidates = db
    .selectFrom('outbox')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', 'in', WAITING), eb('next_attempt_at', '<=', stamp)]),
        eb.and([eb('status', 'in', CLAIMED), eb('locked_until', '<=', stamp)]),
      ]),
    )
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit);
  if (dialect === 'postgres') candidates = candidates.forUpdate().skipLocked();
  const rows = await db
    .updateTable('outbox')
    .set({
      status: 'sending',
      locked_by: claim,
      locked_until: new Date(now.getTime() + policy.leaseMs).toISOString(),
      attempts: sql<number>`attempts + 1`,
      updated_at: stamp,
    })
    .where('id', 'in', candidates)
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.next_attempt_at.localeCompare(b.next_attempt_at) || a.id - b.id);
}

/** Rows still held by `claim`: nobody claimed them since (a claim writes a new token). */
const heldBy = (claim: string) => (eb: ExpressionBuilder<Database, 'outbox'>) => eb.and([eb('status', 'in', CLAIMED), eb('locked_by', '=', claim)]);

/**
 * Extends the lease of every row `claim` still holds to `now + leaseMs` (the pass's heartbeat). Returns how
 * many it still holds.
 */
export async function renewClaim(db: Executor, claim: string, now: Date, leaseMs: number): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where(heldBy(claim))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The fence before a send: true, with a fresh lease, when `claim` still holds the row; false when another
 * worker took it over (the send must not be made). On PostgreSQL the update waits for a concurrent claim of
 * the row to commit and then sees its token, so the two cannot both win.
 */
export async function fenceClaim(db: Executor, rowId: number, claim: string, now: Date, leaseMs: number): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where('id', '=', rowId)
    .where(heldBy(claim))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a delivery. Fenced by the claim: false when the row is no longer this claim's. */
export async function markSent(db: Executor, row: Pick<OutboxRow, 'id'>, claim: string, now: Date, providerMessageId?: string | null): Promise<boolean> {
  const stamp = now.toISOString();
  const result = await db
    .updateTable('outbox')
    .set({ status: 'sent', sent_at: stamp, updated_at: stamp, provider_message_id: providerMessageId ?? null, locked_by: null, locked_until: null, last_error: null })
    .where('id', '=', row.id)
    .where(heldBy(claim))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Delay before retry number `attempt` (1 = after the first failure): exponential, capped, with
 * "equal jitter" (half fixed, half random) so a burst of failures does not retry in lockstep.
 */
export function backoffDelay(attempt: number, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'> = DEFAULT_RETRY, random: () => number = Math.random): number {
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + (exp / 2) * random());
}

export interface FailureOptions {
  /** The provider refused for good (bad address, 4xx): no retry. */
  permanent?: boolean;
  policy?: RetryPolicy;
  random?: () => number;
}

/**
 * Records a failed attempt: back to waiting (`failed`) with a backed-off next_attempt_at, or `dead`
 * after the last attempt or a permanent refusal. Returns the new status, or null when the row is no
 * longer this claim's. The error text is truncated and never holds message bodies.
 */
export async function markFailed(
  db: Executor,
  row: Pick<OutboxRow, 'id' | 'attempts'>,
  claim: string,
  error: string,
  now: Date,
  options: FailureOptions = {},
): Promise<OutboxStatus | null> {
  const policy = options.policy ?? DEFAULT_RETRY;
  const dead = options.permanent === true || row.attempts >= policy.maxAttempts;
  const stamp = now.toISOString();
  const next = dead ? stamp : new Date(now.getTime() + backoffDelay(row.attempts, policy, options.random)).toISOString();
  const status: OutboxStatus = dead ? 'dead' : 'failed';
  const result = await db
    .updateTable('outbox')
    .set({ status, next_attempt_at: next, last_error: error.slice(0, 500), locked_by: null, locked_until: null, updated_at: stamp })
    .where('id', '=', row.id)
    .where(heldBy(claim))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? status : null;
}

/** The outbox rows of one subject (item or package history, message log), oldest first. */
export function listForSubject(db: Executor, subjectType: string, subjectId: number): Promise<OutboxRow[]> {
  return db.selectFrom('outbox').selectAll().where('subject_type', '=', subjectType).where('subject_id', '=', subjectId).orderBy('id').execute();
}
