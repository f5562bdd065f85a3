/**
 * What the delivery worker reports back to batch items: a delivered campaign message becomes an
 * "email notified" / "sms notified" history event; a message given up for good (the provider refused
 * it, or every retry failed) turns the item Failed (-50) with the reason, unless the customer has
 * already answered or been converted.
 */
import type { Kysely } from 'kysely';
import { BATCH_EVENTS } from '../../core/campaigns/index.js';
import { BATCH_ITEM_STATUS as ITEM } from '../../core/statuses.js';
import { FAILABLE_ITEM_STATUSES } from '../../core/policies/batch_items.policy.js';
import type { Database, OutboxRow } from '../db/tables.js';
import { recordEvents } from '../events/events.repository.js';

const isCampaignMessage = (row: Pick<OutboxRow, 'subject_type' | 'event'>) =>
  row.subject_type === 'batch_items' && (BATCH_EVENTS as readonly string[]).includes(row.event);

export async function reportDelivered(db: Kysely<Database>, row: OutboxRow, now: Date): Promise<void> {
  if (!isCampaignMessage(row)) return;
  await recordEvents(db, [{ subject_type: 'batch_item', subject_id: row.subject_id, kind: `${row.kind}_notified`, actor_id: null, created_at: now.toISOString(), data: { event: row.event, outbox_id: row.id } }]);
}


export async function reportDead(db: Kysely<Database>, row: OutboxRow, error: string, now: Date): Promise<void> {
  if (!isCampaignMessage(row) || error.startsWith('suppressed')) return;
  const stamp = now.toISOString();
  const reason = `${row.kind}: ${error}`.slice(0, 300);
  await db.transaction().execute(async (trx) => {
    const item = await trx.selectFrom('batch_items').select(['id', 'status', 'updated_at']).where('id', '=', row.subject_id).executeTakeFirst();
    if (!item || !FAILABLE_ITEM_STATUSES.includes(item.status)) return;
    const res = await trx
      .updateTable('batch_items')
      .set({ status: ITEM.failed, next_notification_at: null, updated_at: stamp > item.updated_at ? stamp : new Date(Date.parse(item.updated_at) + 1).toISOString() })
      .where('id', '=', item.id)
      .where('updated_at', '=', item.updated_at)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return;
    await recordEvents(trx, [
      { subject_type: 'batch_item', subject_id: item.id, kind: 'failed', actor_id: null, created_at: stamp, reason, data: { outbox_id: row.id, event: row.event } },
      { subject_type: 'batch_item', subject_id: item.id, kind: 'status', from_status: item.status, to_status: ITEM.failed, actor_id: null, created_at: stamp, reason },
    ]);
  });
}
