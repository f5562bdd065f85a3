/**
 * The set-based scheduler pass (api/campaigns/scheduler.ts, steps.ts) over a few hundred items, on SQLite
 * and (TEST_DB=postgres) PostgreSQL: every due item gets its step exactly once (outbox rows per channel,
 * one stored link whose hash is on the item, history events), items that are not due are untouched, passes
 * split into several transactions and statements, concurrent passes never double a step, and an item that
 * changed after it was read loses its compare-and-set with nothing written for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../api/clock.js';
import { sha256 } from '../../api/auth/secrets.js';
import { runCampaignPass, type CampaignPassResult } from '../../api/campaigns/scheduler.js';
import { carryOutStep, carryOutSteps, ItemRace, STEP_ITEM_COLUMNS } from '../../api/campaigns/steps.js';
import { migrateToLatest } from '../../api/db/migrate.js';
import type { Db } from '../../api/db/database.js';
import { dueStep } from '../../core/campaigns/index.js';
import { CHANNELS } from '../../core/features.js';
import { BATCH_ITEM_STATUS as ITEM, BATCH_STATUS } from '../../core/statuses.js';
import { seedDemo } from '../../fixtures/demo.js';
import { openTestDatabase } from './helpers.js';

const DAY = 86_400_000;
const NOW = new Date('2031-06-01T09:00:00.000Z');
const SECRET = 'scheduler-test-secret';
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

/** Item shapes by k % 5: what the pass at NOW must do with each. */
const KINDS = ['notify', 'remind', 'fail', 'later', 'idle'] as const;
type Kind = (typeof KINDS)[number];

function itemRow(k: number) {
  const kind = KINDS[k % KINDS.length]!;
  const contact = { email: `c${k}@example.net`, phone: '2424410000', full_phone_number: '+12424410000' };
  const base = { first_name: `C${k}`, last_name: 'Rolle', offset_date: at(10 * DAY).slice(0, 10), created_at: at(-10 * DAY), updated_at: at(-DAY) };
  switch (kind) {
    case 'notify': // expiry closer than the offset: the initial notification is due at once
      return { ...base, ...contact, status: ITEM.pending, reminders_sent: 0, last_notified_at: null, next_notification_at: null };
    case 'remind':
      return { ...base, ...contact, status: ITEM.notified, reminders_sent: 0, last_notified_at: at(-8 * DAY), next_notification_at: at(-DAY) };
    case 'fail': // nothing to reach the customer on
      return { ...base, email: null, phone: null, full_phone_number: null, status: ITEM.pending, reminders_sent: 0, last_notified_at: null, next_notification_at: null };
    case 'later':
      return { ...base, ...contact, status: ITEM.notified, reminders_sent: 0, last_notified_at: at(-2 * DAY), next_notification_at: at(5 * DAY) };
    case 'idle': // every reminder sent a week ago
      return { ...base, ...contact, status: ITEM.reminded, reminders_sent: 2, last_notified_at: at(-8 * DAY), next_notification_at: at(-DAY) };
  }
}

describe('campaign scheduler pass', () => {
  let database: Db;
  let merchantId: number;
  const clock = fixedClock(NOW);
  const db = () => database.db;

  async function createBatch(items: number, owner = merchantId): Promise<{ batchId: number; ids: Map<number, Kind> }> {
    const { id: batchId } = await db()
      .insertInto('batches')
      .values({
        merchant_id: owner, name: 'Scheduler batch', status: BATCH_STATUS.running, item_count: items, contents: 'Apparel', offset: 30, reminder_count: 2,
        reminder_interval: 7, channels: CHANNELS.email | CHANNELS.sms, custom_final_reminder: 1, notification_message: 'Ready.', reminder_message: 'Waiting.',
        final_reminder_message: 'Last call.', created_at: at(-10 * DAY), updated_at: at(-DAY),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = Array.from({ length: items }, (_, k) => ({ batch_id: batchId, merchant_id: owner, ...itemRow(k) }));
    const inserted = await db().insertInto('batch_items').values(rows).returning('id').execute();
    return { batchId, ids: new Map(inserted.map(({ id }, k) => [id, KINDS[k % KINDS.length]!])) };
  }

  async function passUntilShort(limit: number): Promise<CampaignPassResult & { passes: number }> {
    const total = { passes: 0, due: 0, stepped: 0, skipped: 0, bad: 0, completed: 0, locationRequests: 0, webhooks: 0 };
    for (;;) {
      const r = await runCampaignPass({ db: db(), dialect: database.dialect, clock, secret: SECRET, limit });
      total.passes++;
      for (const key of Object.keys(r) as (keyof CampaignPassResult)[]) total[key] += r[key];
      if (r.due < limit) return total;
    }
  }

  const pauseAll = () => db().updateTable('batches').set({ status: BATCH_STATUS.paused }).execute();
  const outboxOf = (ids: number[]) => db().selectFrom('outbox').selectAll().where('subject_type', '=', 'batch_items').where('subject_id', 'in', ids).orderBy('id').execute();
  const tokensOf = (ids: number[]) => db().selectFrom('response_tokens').selectAll().where('subject_type', '=', 'batch_items').where('subject_id', 'in', ids).execute();
  const eventsOf = (ids: number[]) => db().selectFrom('events').selectAll().where('subject_type', '=', 'batch_item').where('subject_id', 'in', ids).orderBy('id').execute();

  beforeAll(async () => {
    database = await openTestDatabase();
    await migrateToLatest(database);
    await seedDemo(database.db);
    await pauseAll();
    merchantId = (await db().selectFrom('merchants').select('id').where('name', '=', 'Acme Outfitters').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await database?.close();
  });

  it('steps every due item once, across passes, transactions and statements', async () => {
    // 1,040 due items, 1,001 per pass: two passes, the first in two transactions (1,000 items each at most).
    const { ids } = await createBatch(1300);
    const before = new Map((await db().selectFrom('batch_items').select(['id', 'updated_at']).where('id', 'in', [...ids.keys()]).execute()).map((r) => [r.id, r.updated_at]));
    const due = [...ids.values()].filter((kind) => kind !== 'later').length;

    const result = await passUntilShort(1001);
    expect(result).toMatchObject({ due, stepped: due, skipped: 0, passes: 2 });

    const items = new Map((await db().selectFrom('batch_items').selectAll().where('id', 'in', [...ids.keys()]).execute()).map((r) => [r.id, r]));
    const outbox = await outboxOf([...ids.keys()]);
    const tokens = new Map((await tokensOf([...ids.keys()])).map((t) => [t.subject_id, t]));
    const events = await eventsOf([...ids.keys()]);
    const expected = { notify: ITEM.notified, remind: ITEM.reminded, fail: ITEM.failed, later: ITEM.notified, idle: ITEM.idle };
    for (const [id, kind] of ids) {
      const item = items.get(id)!;
      expect(item.status, `${kind} ${id}`).toBe(expected[kind]);
      const rows = outbox.filter((o) => o.subject_id === id);
      const history = events.filter((e) => e.subject_id === id).map((e) => `${e.kind}:${e.from_status ?? ''}>${e.to_status ?? ''}:${e.reason ?? ''}`);
      if (kind === 'notify' || kind === 'remind') {
        const step = kind === 'notify' ? 'notify' : 'remind-1';
        const event = kind === 'notify' ? 'batch-notify' : 'batch-remind';
        expect(rows.map((o) => o.idempotency_key)).toEqual([`batch_items:${id}:${event}:${step}:email`, `batch_items:${id}:${event}:${step}:sms`]);
        expect(rows.map((o) => o.recipient)).toEqual([`c${item.first_name.slice(1)}@example.net`, '+12424410000']);
        const payload = JSON.parse(rows[0]!.payload) as { respond_token: string; first_name: string; message: string };
        expect(payload).toMatchObject({ first_name: item.first_name, message: kind === 'notify' ? 'Ready.' : 'Waiting.' });
        // The link in the messages is the one stored (hashed) for the item and on the item.
        expect(JSON.parse(rows[1]!.payload).respond_token).toBe(payload.respond_token);
        expect(tokens.get(id)?.token_hash).toBe(sha256(payload.respond_token));
        expect(item.response_token_hash).toBe(sha256(payload.respond_token));
        expect(item.last_notified_at).toBe(NOW.toISOString());
        expect(item.next_notification_at).toBe(at(7 * DAY));
        expect(item.reminders_sent).toBe(kind === 'notify' ? 0 : 1);
        expect(history).toEqual(kind === 'notify' ? ['status:25>50:'] : ['reminded:>:', 'status:50>70:']);
        if (kind === 'remind') expect(JSON.parse(events.find((e) => e.subject_id === id && e.kind === 'reminded')!.data!)).toEqual({ reminder: 1, final: false, channels: ['email', 'sms'] });
      } else {
        expect(rows, `${kind} ${id}`).toHaveLength(0);
        expect(tokens.has(id)).toBe(false);
        expect(item.response_token_hash).toBeNull();
        if (kind === 'fail') expect(history).toEqual(['status:25>-50:batch_item.not_notifiable', 'failed:>:batch_item.not_notifiable']);
        if (kind === 'idle') expect(history).toEqual(['status:70>80:']);
        if (kind === 'later') {
          expect(history).toEqual([]);
          expect(item.updated_at).toBe(before.get(id));
        } else {
          expect(item.next_notification_at).toBeNull();
        }
      }
    }
    expect(events.every((e) => e.created_at === NOW.toISOString() && e.actor_id === null)).toBe(true);

    // Nothing is due any more: another pass writes nothing.
    const again = await passUntilShort(600);
    expect(again).toMatchObject({ due: 0, stepped: 0 });
    expect(await outboxOf([...ids.keys()])).toHaveLength(outbox.length);
    expect(await eventsOf([...ids.keys()])).toHaveLength(events.length);
    await pauseAll();
  });

  it('concurrent passes step each item once', async () => {
    const { ids } = await createBatch(300);
    const due = [...ids.values()].filter((kind) => kind !== 'later').length;
    const results = await Promise.all([0, 1, 2].map(() => runCampaignPass({ db: db(), dialect: database.dialect, clock, secret: SECRET })));
    expect(results.reduce((n, r) => n + r.stepped, 0)).toBe(due);
    // What a pass read but another wrote first is skipped, never stepped again.
    for (const r of results) expect(r.stepped + r.skipped).toBe(r.due);
    const sending = [...ids].filter(([, kind]) => kind === 'notify' || kind === 'remind').map(([id]) => id);
    expect(await tokensOf([...ids.keys()])).toHaveLength(sending.length);
    expect(await outboxOf([...ids.keys()])).toHaveLength(sending.length * 2);
    const statusEvents = (await eventsOf([...ids.keys()])).filter((e) => e.kind === 'status');
    expect(statusEvents).toHaveLength(due);
    expect(new Set(statusEvents.map((e) => e.subject_id)).size).toBe(due);
    await pauseAll();
  });

  it('an item changed after it was read loses its compare-and-set; the others are written', async () => {
    const { batchId, ids } = await createBatch(2);
    const batch = await db().selectFrom('batches').selectAll().where('id', '=', batchId).executeTakeFirstOrThrow();
    const read = await db().selectFrom('batch_items').select(STEP_ITEM_COLUMNS).where('id', 'in', [...ids.keys()]).orderBy('id').execute();
    const [stale, fresh] = read as [(typeof read)[number], (typeof read)[number]];
    // Another writer (a manual notify, another process) moves the first item meanwhile.
    await db().updateTable('batch_items').set({ updated_at: at(-1000) }).where('id', '=', stale.id).execute();

    const work = read.map((item) => ({ item, batch, step: dueStep(item, batch, NOW) }));
    const written = await db().transaction().execute((trx) => carryOutSteps(trx, work, NOW, { secret: SECRET }));
    expect([...written]).toEqual([[fresh.id, ITEM.reminded]]);
    expect(await outboxOf([stale.id])).toHaveLength(0);
    expect(await tokensOf([stale.id])).toHaveLength(0);
    expect(await eventsOf([stale.id])).toHaveLength(0);
    expect((await db().selectFrom('batch_items').select(['status', 'updated_at']).where('id', '=', stale.id).executeTakeFirstOrThrow()).status).toBe(ITEM.pending);
    expect(await outboxOf([fresh.id])).toHaveLength(2);

    await expect(db().transaction().execute((trx) => carryOutStep(trx, stale, batch, work[0]!.step, NOW, { secret: SECRET }))).rejects.toBeInstanceOf(ItemRace);
    expect(await tokensOf([stale.id])).toHaveLength(0);
    await pauseAll();
  });

  it('a bad row written straight to the database is skipped and recorded once; the other merchant is still served', async () => {
    await pauseAll();
    // Merchant A: two items whose expiry dates cannot be read (no validation stands between the database and the pass).
    const bad = await createBatch(2);
    await db().updateTable('batch_items').set({ offset_date: '2024-13-45', status: ITEM.pending, next_notification_at: null }).where('batch_id', '=', bad.batchId).execute();
    const [firstBad] = [...bad.ids.keys()];
    await db().updateTable('batch_items').set({ offset_date: 'soon' }).where('id', '=', firstBad!).execute();
    // Merchant B: good items due at once.
    const other = (await db().selectFrom('merchants').select('id').where('id', '<>', merchantId).executeTakeFirstOrThrow()).id;
    const good = await createBatch(5, other);
    const goodNotify = [...good.ids].filter(([, kind]) => kind === 'notify').map(([id]) => id);

    const first = await runCampaignPass({ db: db(), dialect: database.dialect, clock, secret: SECRET });
    expect(first.bad).toBe(2);
    const goodRows = await db().selectFrom('batch_items').select(['id', 'status']).where('id', 'in', goodNotify).execute();
    expect(goodRows.map((r) => r.status)).toEqual(goodNotify.map(() => ITEM.notified));
    expect((await outboxOf(goodNotify)).length).toBeGreaterThan(0);

    const badIds = [...bad.ids.keys()];
    const badRows = await db().selectFrom('batch_items').select(['id', 'status']).where('id', 'in', badIds).execute();
    expect(badRows.map((r) => r.status)).toEqual(badIds.map(() => ITEM.failed));
    const skips = (await eventsOf(badIds)).filter((e) => e.kind === 'skipped');
    expect(skips.map((e) => e.reason)).toEqual(['background.bad_row', 'background.bad_row']);
    expect(JSON.parse(skips[0]!.data!)).toMatchObject({ pass: 'campaigns', error: expect.stringContaining('Not a date') });

    // The failed rows leave the due set: the next pass neither sees them nor records them again.
    const second = await runCampaignPass({ db: db(), dialect: database.dialect, clock, secret: SECRET });
    expect(second.bad).toBe(0);
    expect((await eventsOf(badIds)).filter((e) => e.kind === 'skipped')).toHaveLength(2);
  });
});
