/**
 * The delivery worker: claims due outbox rows, renders each for its merchant and locale, sends it
 * through the transport of its kind with its idempotency key, and records the outcome.
 *
 * One delivery per message however slow the provider: a pass claims what its lanes can send within half a
 * lease (at the pace seen so far), renews the lease while it works, and sends a row only after fencing it with
 * the claim's token (a row another worker took over is not sent). At-least-once: a row is marked sent only
 * after the provider accepted it. If the process dies in between, the (short) lease expires within seconds and
 * another pass sends it again with the same idempotency key (SMTP Message-ID, SMS Idempotency-Key header,
 * webhook Webhook-Id and Idempotency-Key headers), so a receiver that honours the key does not deliver it
 * twice and nothing is lost. Several processes may run workers against one database.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Dialect } from '../db/dialect.js';
import type { Database, OutboxRow } from '../db/tables.js';
import { DEFAULT_RETRY, claimDue, fenceClaim, markFailed, markSent, newClaimToken, renewClaim, type OutboxKind, type RetryPolicy } from './outbox.js';
import { renderMessage, suppressionReason, type MerchantForMessages } from './render.js';
import { loadMerchantsForMessages } from './merchants-for-messages.js';
import { startPassLoop } from './pass-loop.js';
import { DeliveryError, type Transports } from './transports.js';
import { reportDead, reportDelivered } from '../campaigns/delivery-reports.js';
import { lockerSecret, openPickupCode } from '../lockers/locker-keys.js';
import { PICKUP_QR_CID, pickupQrPng } from '../lockers/pickup-qr.js';
import type { MailAttachment } from '../providers/mail/mailer.js';

/** The plain pickup code a payload carries sealed: undefined when none, null when it cannot be opened. */
async function openedPickupCode(db: Kysely<Database>, payload: Record<string, unknown>): Promise<string | null | undefined> {
  const sealed = payload.pickup_code_sealed;
  if (typeof sealed !== 'string') return undefined;
  delete payload.pickup_code_sealed;
  return openPickupCode(await lockerSecret(db), sealed);
}

export interface DeliveryDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  transports: Transports;
  clock: Clock;
  /** Names this worker in claims (default: host-independent random id per process). */
  workerId?: string;
  /** PUBLIC_URL for links in messages. */
  publicUrl: string;
  /** Rows claimed per pass (default 50; the loop claims fewer when sends are slow, see claimSize). */
  limit?: number;
  /** Messages sent at once within a pass (default 4). */
  concurrency?: number;
  policy?: RetryPolicy;
  random?: () => number;
  /** Operational log lines (never message bodies or recipients' data beyond the row id). */
  log?: (line: string) => void;
}

export interface PassResult {
  claimed: number;
  sent: number;
  /** Failed attempts that will be retried. */
  retried: number;
  dead: number;
  /** Rows another worker took over before this one sent them or recorded the outcome. */
  lost: number;
  /** The claim limit of this pass. */
  limit: number;
  /** Time spent delivering the rows that reached their transport (sent or retried), summed over lanes. */
  sendMs: number;
}

export const newWorkerId = () => `worker-${process.pid}-${randomBytes(4).toString('hex')}`;

type Outcome = 'sent' | 'retried' | 'dead' | 'lost';

async function deliver(row: OutboxRow, deps: DeliveryDeps, claim: string, merchant: MerchantForMessages | null): Promise<Outcome> {
  const { db, clock } = deps;
  const policy = deps.policy ?? DEFAULT_RETRY;
  const fail = async (error: string, permanent: boolean): Promise<Outcome> => {
    const status = await markFailed(db, row, claim, error, clock.now(), { permanent, policy, random: deps.random });
    // A message given up for good is reported to its subject (a batch item turns Failed).
    if (status === 'dead') await reportDead(db, row, error, clock.now());
    return status === null ? 'lost' : status === 'dead' ? 'dead' : 'retried';
  };

  // A row that keeps dying with its worker (lease expiries) is given up like any failing one.
  if (row.attempts > policy.maxAttempts) return fail('too many attempts', true);
  const suppressed = suppressionReason(merchant, row.event, row.kind);
  if (suppressed) return fail(`suppressed: ${suppressed}`, true);
  const transport = deps.transports[row.kind as OutboxKind];
  if (!transport) return fail(`no transport for ${row.kind}`, false);

  let rendered;
  let attachments: MailAttachment[] | undefined;
  try {
    const payload = JSON.parse(row.payload) as Record<string, unknown>;
    // A locker package's "ready" message carries its pickup code, sealed in the row: opened only here.
    const code = row.kind === 'webhook' ? undefined : await openedPickupCode(db, payload);
    if (code === null) return fail('render: pickup code unreadable', true);
    if (code) payload.pickup_code = code;
    // A webhook carries its JSON payload as is (the transport signs it).
    rendered =
      row.kind === 'webhook'
        ? { subject: row.event, text: row.payload, html: undefined, from: undefined, templateId: undefined }
        : renderMessage({ kind: row.kind, event: row.event, locale: row.locale, payload }, merchant, { publicUrl: deps.publicUrl });
    if (code && row.kind === 'email') attachments = [{ filename: 'pickup-code.png', content: await pickupQrPng(code), contentType: 'image/png', cid: PICKUP_QR_CID }];
  } catch (error) {
    return fail(`render: ${(error as Error).message}`, true);
  }

  // The fence: send only while this claim still holds the row (and give the send a full lease).
  if (!(await fenceClaim(db, row.id, claim, clock.now(), policy.leaseMs))) return 'lost';
  let providerMessageId: string | null;
  try {
    ({ providerMessageId } = await transport.send({
      kind: row.kind as OutboxKind,
      to: row.recipient,
      from: rendered.from,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      templateId: rendered.templateId,
      attachments,
      idempotencyKey: row.idempotency_key,
      outboxId: row.id,
      merchantId: row.merchant_id,
    }));
  } catch (error) {
    const permanent = error instanceof DeliveryError && error.permanent;
    return fail((error as Error).message || 'send failed', permanent);
  }
  if (!(await markSent(db, row, claim, clock.now(), providerMessageId))) return 'lost';
  await reportDelivered(db, row, clock.now());
  return 'sent';
}

/**
 * One pass: claim due rows under one claim token, deliver them with `concurrency` in flight, renewing the
 * claim's lease every third of it until the pass ends. Safe to run in several processes at once.
 */
export async function runDeliveryPass(deps: DeliveryDeps): Promise<PassResult> {
  const workerId = deps.workerId ?? newWorkerId();
  const policy = deps.policy ?? DEFAULT_RETRY;
  const limit = deps.limit ?? 50;
  const claim = newClaimToken(workerId);
  const rows = await claimDue(deps.db, deps.dialect, claim, deps.clock.now(), limit, policy);
  const result: PassResult = { claimed: rows.length, sent: 0, retried: 0, dead: 0, lost: 0, limit, sendMs: 0 };
  if (rows.length === 0) return result;

  const heartbeat = setInterval(() => {
    renewClaim(deps.db, claim, deps.clock.now(), policy.leaseMs).catch((error: Error) => deps.log?.(`[outbox] renewing claim ${claim}: ${error.message}`));
  }, Math.max(10, Math.floor(policy.leaseMs / 3)));
  heartbeat.unref();
  try {
    const merchants = await loadMerchants(deps.db, rows);
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++];
        const started = performance.now();
        let outcome: Outcome;
        try {
          outcome = await deliver(row, deps, claim, row.merchant_id === null ? null : (merchants.get(row.merchant_id) ?? null));
        } catch (error) {
          // Database trouble while recording: leave the row to its lease; it becomes due again.
          deps.log?.(`[outbox] row ${row.id}: ${(error as Error).message}`);
          outcome = 'lost';
        }
        if (outcome === 'sent' || outcome === 'retried') result.sendMs += performance.now() - started;
        result[outcome]++;
        if (outcome === 'dead') deps.log?.(`[outbox] row ${row.id} (${row.kind} ${row.event}) is dead after ${row.attempts} attempt(s)`);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(deps.concurrency ?? 4, rows.length)) }, lane));
  } finally {
    clearInterval(heartbeat);
  }
  return result;
}

function loadMerchants(db: Kysely<Database>, rows: OutboxRow[]): Promise<Map<number, MerchantForMessages>> {
  return loadMerchantsForMessages(db, [...new Set(rows.map((r) => r.merchant_id).filter((id): id is number => id !== null))]);
}

/**
 * How many rows the next pass claims: what `concurrency` lanes send within half a lease at `msPerSend`
 * (at least one round of lanes, at most `limit`); one round while no send has been timed yet.
 */
export function claimSize(limit: number, concurrency: number, leaseMs: number, msPerSend: number | undefined): number {
  const rounds = msPerSend === undefined ? 1 : Math.max(1, Math.floor(leaseMs / 2 / Math.max(1, msPerSend)));
  return Math.max(1, Math.min(limit, concurrency * rounds));
}

export interface DeliveryWorker {
  /** Runs a pass now (waits for a running one first). */
  runNow(): Promise<PassResult>;
  /** Stops the loop and waits for the current pass. */
  stop(): Promise<void>;
}

/**
 * Runs passes every `intervalMs` (default 5 s), and at once again while passes come back full. Each pass
 * claims claimSize() rows, from the average time a send took in the passes so far (a moving average), so
 * a slow provider leaves the rest of the queue to other workers instead of holding it under this lease.
 * The timer does not keep the process alive.
 */
export function startDeliveryWorker(deps: DeliveryDeps & { intervalMs?: number }): DeliveryWorker {
  const workerId = deps.workerId ?? newWorkerId();
  const leaseMs = (deps.policy ?? DEFAULT_RETRY).leaseMs;
  let msPerSend: number | undefined;
  const record = (result: PassResult) => {
    const timed = result.sent + result.retried;
    if (timed > 0) msPerSend = msPerSend === undefined ? result.sendMs / timed : (msPerSend + result.sendMs / timed) / 2;
    return result;
  };
  return startPassLoop({
    runPass: () => runDeliveryPass({ ...deps, workerId, limit: claimSize(deps.limit ?? 50, deps.concurrency ?? 4, leaseMs, msPerSend) }).then(record),
    intervalMs: deps.intervalMs ?? 5_000,
    isFull: (result) => result.claimed >= result.limit,
    onError: (error) => deps.log?.(`[outbox] delivery pass failed: ${error.message}`),
  });
}
