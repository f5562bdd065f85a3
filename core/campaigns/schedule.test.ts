import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../features.js';
import { BATCH_ITEM_STATUS as ITEM, BATCH_STATUS } from '../statuses.js';
import { DAY_MS, applyStep, dueStep, planNextNotification, reachableChannels, stepName, type ScheduleBatch, type ScheduleItem } from './schedule.js';

const batch = (over: Partial<ScheduleBatch> = {}): ScheduleBatch => ({
  status: BATCH_STATUS.running,
  offset: 30,
  reminder_count: 4,
  reminder_interval: 7,
  custom_final_reminder: 0,
  channels: CHANNELS.email | CHANNELS.sms,
  ...over,
});
const item = (over: Partial<ScheduleItem> = {}): ScheduleItem => ({
  status: ITEM.pending,
  offset_date: '2030-03-31',
  reminders_sent: 0,
  last_notified_at: null,
  next_notification_at: null,
  email: 'ana@example.com',
  full_phone_number: '+12425551234',
  ...over,
});
const at = (iso: string) => new Date(iso);
const days = (from: string, n: number) => new Date(Date.parse(from) + n * DAY_MS);

/** Runs the scheduler once a day (at noon) for `span` days; returns the steps carried out with their day. */
function simulate(b: ScheduleBatch, start: ScheduleItem, from: string, span: number, onDay?: (day: number, it: ScheduleItem, b: ScheduleBatch) => void) {
  let current = { ...start };
  const log: { day: number; kind: string; channelBits: number }[] = [];
  for (let day = 0; day <= span; day++) {
    const now = days(from, day);
    onDay?.(day, current, b);
    const step = dueStep(current, b, now);
    if (step.kind === null) continue;
    log.push({ day, kind: step.kind, channelBits: step.channelBits });
    current = { ...current, ...applyStep(current, b, step, now) };
  }
  return { log, item: current };
}

describe('planNextNotification', () => {
  it('plans the initial notification offset days before the expiry date', () => {
    expect(planNextNotification(item(), batch(), at('2030-01-01T00:00:00Z'))).toEqual({ kind: 'notify', at: '2030-03-01T00:00:00.000Z', reminder: 0 });
    expect(planNextNotification(item({ offset_date: '2030-03-31T12:00:00.000Z' }), batch({ offset: 1 }), at('2030-01-01T00:00:00Z'))!.at).toBe('2030-03-30T12:00:00.000Z');
  });

  it('plans the initial notification now when the item has no expiry date', () => {
    const now = at('2030-01-05T10:00:00Z');
    expect(planNextNotification(item({ offset_date: null }), batch(), now)).toEqual({ kind: 'notify', at: now.toISOString(), reminder: 0 });
  });

  it('plans reminders reminder_interval days after the previous send, then idle', () => {
    const b = batch({ reminder_count: 2 });
    const now = at('2030-03-01T00:00:00Z');
    const notified = item({ status: ITEM.notified, last_notified_at: '2030-03-01T00:00:00.000Z' });
    expect(planNextNotification(notified, b, now)).toEqual({ kind: 'remind', at: '2030-03-08T00:00:00.000Z', reminder: 1 });
    expect(planNextNotification({ ...notified, status: ITEM.reminded, reminders_sent: 1 }, b, now)!.reminder).toBe(2);
    expect(planNextNotification({ ...notified, status: ITEM.reminded, reminders_sent: 2 }, b, now)).toEqual({ kind: 'idle', at: '2030-03-08T00:00:00.000Z', reminder: 0 });
  });

  it('uses the final reminder for the last reminder only when custom_final_reminder is set', () => {
    const reminded = item({ status: ITEM.reminded, reminders_sent: 3, last_notified_at: '2030-03-01T00:00:00.000Z' });
    expect(planNextNotification(reminded, batch({ custom_final_reminder: 1 }), at('2030-03-01T00:00:00Z'))!.kind).toBe('final_reminder');
    expect(planNextNotification(reminded, batch({ custom_final_reminder: true }), at('2030-03-01T00:00:00Z'))!.kind).toBe('final_reminder');
    expect(planNextNotification(reminded, batch({ custom_final_reminder: 0 }), at('2030-03-01T00:00:00Z'))!.kind).toBe('remind');
    expect(planNextNotification({ ...reminded, reminders_sent: 2 }, batch({ custom_final_reminder: 1 }), at('2030-03-01T00:00:00Z'))!.kind).toBe('remind');
  });

  it('plans nothing for items that answered, were converted, failed or went idle', () => {
    for (const status of [ITEM.responded, ITEM.shipment_created, ITEM.failed, ITEM.idle]) {
      expect(planNextNotification(item({ status }), batch(), at('2030-01-01T00:00:00Z')), String(status)).toBeNull();
    }
  });

  it('refuses an unreadable expiry date', () => {
    expect(() => planNextNotification(item({ offset_date: 'soon' }), batch(), at('2030-01-01T00:00:00Z'))).toThrow(RangeError);
  });
});

describe('dueStep', () => {
  it('is due only once the planned time has come', () => {
    expect(dueStep(item(), batch(), at('2030-02-28T23:59:59Z')).kind).toBeNull();
    expect(dueStep(item(), batch(), at('2030-02-28T23:59:59Z')).planned!.kind).toBe('notify');
    expect(dueStep(item(), batch(), at('2030-03-01T00:00:00Z'))).toMatchObject({ kind: 'notify', channelBits: CHANNELS.email | CHANNELS.sms });
  });

  it('notifies at once when offset days before expiry is already past', () => {
    expect(dueStep(item({ offset_date: '2030-01-10' }), batch(), at('2030-01-01T00:00:00Z')).kind).toBe('notify');
  });

  it('is never due while the batch is not running', () => {
    for (const status of [BATCH_STATUS.draft, BATCH_STATUS.paused, BATCH_STATUS.completed]) {
      expect(dueStep(item(), batch({ status }), at('2031-01-01T00:00:00Z')).kind, String(status)).toBeNull();
    }
  });

  it('sends only on batch channels the item can be reached on (never WhatsApp for batches)', () => {
    const now = at('2031-01-01T00:00:00Z');
    expect(dueStep(item({ email: null }), batch(), now).channelBits).toBe(CHANNELS.sms);
    expect(dueStep(item({ full_phone_number: null, phone: null }), batch(), now).channelBits).toBe(CHANNELS.email);
    expect(dueStep(item(), batch({ channels: CHANNELS.whatsapp | CHANNELS.email }), now).channelBits).toBe(CHANNELS.email);
    expect(reachableChannels(item({ email: null, full_phone_number: null }), batch())).toBe(0);
  });

  it('reports idle with no channels', () => {
    const it = item({ status: ITEM.reminded, reminders_sent: 4, last_notified_at: '2030-03-01T00:00:00.000Z' });
    expect(dueStep(it, batch(), at('2030-03-08T00:00:00Z'))).toMatchObject({ kind: 'idle', channelBits: 0 });
  });
});

describe('a campaign run day by day', () => {
  it('notifies, reminds reminder_count times every interval, then goes idle', () => {
    const { log, item: end } = simulate(batch({ custom_final_reminder: 1 }), item({ offset_date: '2030-01-31' }), '2030-01-01T12:00:00Z', 60);
    expect(log.map((s) => [s.day, s.kind])).toEqual([
      [0, 'notify'],
      [7, 'remind'],
      [14, 'remind'],
      [21, 'remind'],
      [28, 'final_reminder'],
      [35, 'idle'],
    ]);
    expect(end).toMatchObject({ status: ITEM.idle, reminders_sent: 4, next_notification_at: null });
  });

  it('with the defaults (offset 30) waits for the moment offset days before expiry', () => {
    const { log } = simulate(batch(), item({ offset_date: '2030-03-02' }), '2030-01-01T12:00:00Z', 120);
    expect(log[0]).toMatchObject({ day: 30, kind: 'notify' });
    expect(log.map((s) => s.kind)).toEqual(['notify', 'remind', 'remind', 'remind', 'remind', 'idle']);
  });

  it('with no reminders goes idle one interval after the notification', () => {
    const { log } = simulate(batch({ reminder_count: 0, reminder_interval: 3 }), item({ offset_date: null }), '2030-01-01T12:00:00Z', 30);
    expect(log.map((s) => [s.day, s.kind])).toEqual([
      [0, 'notify'],
      [3, 'idle'],
    ]);
  });

  it('stops when the customer answers', () => {
    const { log } = simulate(batch(), item({ offset_date: null }), '2030-01-01T12:00:00Z', 60, (day, it) => {
      if (day === 10) it.status = ITEM.responded;
    });
    expect(log.map((s) => s.kind)).toEqual(['notify', 'remind']);
  });

  it('sends nothing while paused and, once resumed, one overdue step then the normal rhythm (no double send)', () => {
    const { log } = simulate(batch(), item({ offset_date: null }), '2030-01-01T12:00:00Z', 80, (day, _it, b) => {
      if (day === 3) b.status = BATCH_STATUS.paused;
      if (day === 30) b.status = BATCH_STATUS.running;
    });
    expect(log.map((s) => [s.day, s.kind])).toEqual([
      [0, 'notify'],
      [30, 'remind'],
      [37, 'remind'],
      [44, 'remind'],
      [51, 'remind'],
      [58, 'idle'],
    ]);
  });

  it('running the scheduler twice at the same moment carries a step out once', () => {
    const b = batch();
    const now = at('2030-03-01T00:00:00Z');
    const first = dueStep(item(), b, now);
    const after = { ...item(), ...applyStep(item(), b, first, now) };
    expect(dueStep(after, b, now).kind).toBeNull();
    expect(after.next_notification_at).toBe('2030-03-08T00:00:00.000Z');
  });

  it('fails an item with no reachable channel instead of notifying it', () => {
    const it = item({ email: null, full_phone_number: null });
    const now = at('2031-01-01T00:00:00Z');
    const step = dueStep(it, batch(), now);
    expect(step).toMatchObject({ kind: 'notify', channelBits: 0 });
    expect(applyStep(it, batch(), step, now)).toMatchObject({ status: ITEM.failed, next_notification_at: null });
  });

  it('keeps next_notification_at in step with the plan when nothing is due', () => {
    const now = at('2030-01-01T00:00:00Z');
    expect(applyStep(item(), batch(), dueStep(item(), batch(), now), now)).toEqual({
      status: ITEM.pending,
      reminders_sent: 0,
      last_notified_at: null,
      next_notification_at: '2030-03-01T00:00:00.000Z',
    });
  });
});

describe('stepName', () => {
  it('names each business step uniquely and stably', () => {
    expect(stepName('notify', 0)).toBe('notify');
    expect(stepName('remind', 2)).toBe('remind-2');
    expect(stepName('final_reminder', 4)).toBe('final_reminder-4');
    expect(stepName('notify', 0, 1)).toBe('notify@1');
  });
});
