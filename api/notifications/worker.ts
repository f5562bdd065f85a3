/**
 * The delivery worker: claims due outbox rows, renders each for its merchant and locale, sends it
 * through the transport of its kind with its idempotency key, and records the outcome.
 *
 * At-least-once: a row is marked sent only after the provider accepted it. If the process dies in
 * between, the claim's lease expires and another pass sends it again with the same idempotency key
 * (SMTP Message-ID, SMS Idempotency-Key header), so a provider that honours the key does not deliver
 * it twice and nothing is lost. Several processes may run workers against one PostgreSQL database.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Dialect } from '../db/dialect.js';
import type { Database, OutboxRow } from '../db/tables.js';
import { DEFAULT_RETRY, claimDue, markFailed, markSent, type OutboxKind, type RetryPolicy } from './outbox.js';
import { renderMessage, suppressionReason, type MerchantForMessages } from './render.js';
import { startPassLoop } from './pass-loop.js';
import { DeliveryError, type Transports } from './transports.js';
import { reportDead, reportDelivered } from '../campaigns/delivery-reports.js';

export interface DeliveryDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  transports: Transports;
  clock: Clock;
  /** Names this worker in claims (default: host-independent random id per process). */
  workerId?: string;
  /** PUBLIC_URL for links in messages. */
  publicUrl: string;
  /** Rows claimed per pass (default 50). */
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
  /** Rows another worker took over before this one recorded the outcome. */
  lost: number;
}

export const newWorkerId = () => `worker-${process.pid}-${randomBytes(4).toString('hex')}`;

const MERCHANT_COLUMNS = ['id', 'name', 'features', 'channels', 'branding', 'payment_url', 'notification_events', 'email_templates'] as const;

type Outcome = 'sent' | 'retried' | 'dead' | 'lost';

async function deliver(row: OutboxRow, deps: DeliveryDeps, workerId: string, merchant: MerchantForMessages | null): Promise<Outcome> {
  const { db, clock } = deps;
  const fail = async (error: string, permanent: boolean): Promise<Outcome> => {
    const status = await markFailed(db, row, workerId, error, clock.now(), { permanent, policy: deps.policy, random: deps.random });
    // A message given up for good is reported to its subject (a batch item turns Failed).
    if (status === 'dead') await reportDead(db, row, error, clock.now());
    return status === null ? 'lost' : status === 'dead' ? 'dead' : 'retried';
  };

  // A row that keeps dying with its worker (lease expiries) is given up like any failing one.
  if (row.attempts > (deps.policy ?? DEFAULT_RETRY).maxAttempts) return fail('too many attempts', true);
  const suppressed = suppressionReason(merchant, row.event, row.kind);
  if (suppressed) return fail(`suppressed: ${suppressed}`, true);
  const transport = deps.transports[row.kind as OutboxKind];
  if (!transport) return fail(`no transport for ${row.kind}`, false);

  let rendered;
  try {
    const payload = JSON.parse(row.payload) as Record<string, unknown>;
    // A webhook carries its JSON payload as is (the transport signs it).
    rendered =
      row.kind === 'webhook'
        ? { subject: row.event, text: row.payload, html: undefined, from: undefined, templateId: undefined }
        : renderMessage({ kind: row.kind, event: row.event, locale: row.locale, payload }, merchant, { publicUrl: deps.publicUrl });
  } catch (error) {
    return fail(`render: ${(error as Error).message}`, true);
  }

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
      idempotencyKey: row.idempotency_key,
      outboxId: row.id,
      merchantId: row.merchant_id,
    }));
  } catch (error) {
    const permanent = error instanceof DeliveryError && error.permanent;
    return fail((error as Error).message || 'send failed', permanent);
  }
  if (!(await markSent(db, row, workerId, clock.now(), providerMessageId))) return 'lost';
  await reportDelivered(db, row, clock.now());
  return 'sent';
}

/** One pass: claim due rows and deliver them. Safe to run in several processes at once. */
export async function runDeliveryPass(deps: DeliveryDeps): Promise<PassResult> {
  const workerId = deps.workerId ?? newWorkerId();
  const rows = await claimDue(deps.db, deps.dialect, workerId, deps.clock.now(), deps.limit ?? 50, deps.policy ?? DEFAULT_RETRY);
  const result: PassResult = { claimed: rows.length, sent: 0, retried: 0, dead: 0, lost: 0 };
  if (rows.length === 0) return result;

  const merchantIds = [...new Set(rows.map((r) => r.merchant_id).filter((id): id is number => id !== null))];
  const merchants = new Map<number, MerchantForMessages>();
  if (merchantIds.length > 0) {
    for (const m of await deps.db.selectFrom('merchants').select(MERCHANT_COLUMNS).where('id', 'in', merchantIds).execute()) merchants.set(m.id, m);
  }

  let next = 0;
  const lane = async () => {
    while (next < rows.length) {
      const row = rows[next++];
      let outcome: Outcome;
      try {
        outcome = await deliver(row, deps, workerId, row.merchant_id === null ? null : (merchants.get(row.merchant_id) ?? null));
      } catch (error) {
        // Database trouble while recording: leave the row to its lease; it becomes due again.
        deps.log?.(`[outbox] row ${row.id}: ${(error as Error).message}`);
        outcome = 'lost';
      }
      result[outcome]++;
      if (outcome === 'dead') deps.log?.(`[outbox] row ${row.id} (${row.kind} ${row.event}) is dead after ${row.attempts} attempt(s)`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(deps.concurrency ?? 4, rows.length)) }, lane));
  return result;
}

export interface DeliveryWorker {
  /** Runs a pass now (waits for a running one first). */
  runNow(): Promise<PassResult>;
  /** Stops the loop and waits for the current pass. */
  stop(): Promise<void>;
}

/**
 * Runs passes every `intervalMs` (default 5 s), and at once again while passes come back full.
 * The timer does not keep the process alive.
 */
export function startDeliveryWorker(deps: DeliveryDeps & { intervalMs?: number }): DeliveryWorker {
  const workerId = deps.workerId ?? newWorkerId();
  const limit = deps.limit ?? 50;
  return startPassLoop({
    runPass: () => runDeliveryPass({ ...deps, workerId }),
    intervalMs: deps.intervalMs ?? 5_000,
    isFull: (result) => result.claimed >= limit,
    onError: (error) => deps.log?.(`[outbox] delivery pass failed: ${error.message}`),
  });
}
