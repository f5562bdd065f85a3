/**
 * Batch campaign scheduling (SPEC sections 3, 4, 9; issue 5 "Scheduling"). Pure and browser-safe:
 * every function takes `now` so tests and the scheduler can move time.
 *
 * The plan of one item:
 *   1. the initial notification `offset` days before its expiry (offset_date), or at once when that
 *      moment is already past (or the item has no expiry date);
 *   2. then `reminder_count` reminders, each `reminder_interval` days after the previous send, the last
 *      one a final reminder (its own text) when the batch has custom_final_reminder set;
 *   3. `reminder_interval` days after the last send with no answer, the item goes Idle (80).
 * Only one step is ever due at a time and each is measured from `last_notified_at`, so a paused batch
 * that resumes sends at most one overdue step, never a burst, and never the same step twice.
 */
import { BATCH_CHANNELS, CHANNELS } from '../features.js';
import { BATCH_ITEM_STATUS as ITEM, BATCH_STATUS } from '../statuses.js';

export const DAY_MS = 86_400_000;

export type StepKind = 'notify' | 'remind' | 'final_reminder' | 'idle';

/** The batch settings scheduling depends on (a batches row is assignable). */
export interface ScheduleBatch {
  status: number;
  offset: number;
  reminder_count: number;
  reminder_interval: number;
  /** 0/1 as stored, or a boolean. */
  custom_final_reminder: number | boolean;
  /** Channel bitmask; only email and SMS count for batches. */
  channels: number;
}

/** The item fields scheduling depends on (a batch_items row is assignable). */
export interface ScheduleItem {
  status: number;
  /** Expiry date: `YYYY-MM-DD` (midnight UTC) or a full ISO timestamp. */
  offset_date: string | null;
  reminders_sent: number;
  last_notified_at: string | null;
  next_notification_at?: string | null;
  email?: string | null;
  phone?: string | null;
  full_phone_number?: string | null;
}

export interface PlannedStep {
  kind: StepKind;
  /** When the step falls due (ISO-8601 UTC). */
  at: string;
  /** Reminder number (1-based) for remind/final_reminder, 0 otherwise. */
  reminder: number;
}

export interface DueStep {
  kind: StepKind | null;
  /** Channels to send on (batch channels the item can be reached on); 0 for idle and null steps. */
  channelBits: number;
  /** The planned step, also when it is not due yet (null when nothing is left to do). */
  planned: PlannedStep | null;
}

/** Item statuses that still wait for the initial notification. */
const AWAITING_FIRST = new Set<number>([ITEM.draft, ITEM.pending]);
/** Item statuses in the reminder phase. */
const IN_REMINDERS = new Set<number>([ITEM.notified, ITEM.reminded]);

const toTime = (value: string) => {
  const t = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(t)) throw new RangeError(`Not a date: ${value}`);
  return t;
};
const isoAt = (ms: number) => new Date(ms).toISOString();
const flag = (v: number | boolean) => v === true || v === 1;
const whole = (n: number) => Math.max(0, Math.floor(Number(n) || 0));

/** The batch channels this item can actually be reached on (email needs an address, SMS a phone). */
export function reachableChannels(item: ScheduleItem, batch: Pick<ScheduleBatch, 'channels'>): number {
  let bits = batch.channels & BATCH_CHANNELS;
  if (!item.email) bits &= ~CHANNELS.email;
  if (!item.full_phone_number && !item.phone) bits &= ~CHANNELS.sms;
  return bits;
}

/** The kind of reminder number `n` (1-based). */
export function reminderKind(n: number, batch: Pick<ScheduleBatch, 'reminder_count' | 'custom_final_reminder'>): 'remind' | 'final_reminder' {
  return flag(batch.custom_final_reminder) && n === whole(batch.reminder_count) ? 'final_reminder' : 'remind';
}

/**
 * The next step of the item's plan and when it falls due, whatever the batch status (a paused
 * batch still has a plan; it is just not carried out). Null when the item needs nothing more:
 * it answered, was converted, failed, went idle, or is in a status scheduling does not drive.
 */
export function planNextNotification(item: ScheduleItem, batch: ScheduleBatch, now: Date): PlannedStep | null {
  if (AWAITING_FIRST.has(item.status)) {
    const initial = item.offset_date ? toTime(item.offset_date) - whole(batch.offset) * DAY_MS : now.getTime();
    return { kind: 'notify', at: isoAt(initial), reminder: 0 };
  }
  if (!IN_REMINDERS.has(item.status)) return null;
  // Measured from the previous send; a record without one (imported, hand-edited) counts from now.
  const last = item.last_notified_at ? toTime(item.last_notified_at) : now.getTime();
  const at = isoAt(last + Math.max(1, whole(batch.reminder_interval)) * DAY_MS);
  const sent = whole(item.reminders_sent);
  if (sent >= whole(batch.reminder_count)) return { kind: 'idle', at, reminder: 0 };
  return { kind: reminderKind(sent + 1, batch), at, reminder: sent + 1 };
}

/** What is due for this item now: the planned step once its time has come and the batch is running. */
export function dueStep(item: ScheduleItem, batch: ScheduleBatch, now: Date): DueStep {
  const planned = planNextNotification(item, batch, now);
  const due = planned !== null && batch.status === BATCH_STATUS.running && toTime(planned.at) <= now.getTime();
  if (!due) return { kind: null, channelBits: 0, planned };
  return { kind: planned.kind, channelBits: planned.kind === 'idle' ? 0 : reachableChannels(item, batch), planned };
}

/** The item columns to write once a due step has been carried out (its sends enqueued) at `now`. */
export interface ItemPatch {
  status: number;
  reminders_sent: number;
  last_notified_at: string | null;
  next_notification_at: string | null;
}

/**
 * The item after carrying out `kind` at `now`: status, counters and the next due time (for the
 * indexed due scan). A notify or reminder step with no reachable channel fails the item instead
 * (status Failed; the caller records the reason `batch_item.not_notifiable`).
 */
export function applyStep(item: ScheduleItem, batch: ScheduleBatch, step: DueStep, now: Date): ItemPatch {
  const stamp = now.toISOString();
  const base = { reminders_sent: whole(item.reminders_sent), last_notified_at: item.last_notified_at };
  if (step.kind === null) {
    return { status: item.status, ...base, next_notification_at: planNextNotification(item, batch, now)?.at ?? null };
  }
  if (step.kind === 'idle') return { status: ITEM.idle, ...base, next_notification_at: null };
  if (step.channelBits === 0) return { status: ITEM.failed, ...base, next_notification_at: null };
  const next: ScheduleItem =
    step.kind === 'notify'
      ? { ...item, status: ITEM.notified, reminders_sent: 0, last_notified_at: stamp }
      : { ...item, status: ITEM.reminded, reminders_sent: base.reminders_sent + 1, last_notified_at: stamp };
  return {
    status: next.status,
    reminders_sent: next.reminders_sent,
    last_notified_at: stamp,
    next_notification_at: planNextNotification(next, batch, now)?.at ?? null,
  };
}

/**
 * A stable name for one business step of one item, used in outbox idempotency keys: a retry of the
 * same step enqueues nothing new. `round` distinguishes a restarted item's second campaign.
 */
export function stepName(kind: StepKind, reminder: number, round = 0): string {
  const base = kind === 'notify' ? 'notify' : kind === 'idle' ? 'idle' : `${kind}-${reminder}`;
  return round > 0 ? `${base}@${round}` : base;
}

/** The outbox event of each sending step (idle sends nothing). */
export const BATCH_STEP_EVENTS = {
  notify: 'batch-notify',
  remind: 'batch-remind',
  final_reminder: 'batch-final-reminder',
} as const;
export type BatchStepEvent = (typeof BATCH_STEP_EVENTS)[keyof typeof BATCH_STEP_EVENTS];
export const BATCH_EVENTS = Object.values(BATCH_STEP_EVENTS) as BatchStepEvent[];
