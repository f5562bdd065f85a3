/**
 * Request-location (shipment status 4): the scheduler sends the customer a link to choose a drop-off
 * location and moves the shipment on to 5 (awaiting customer input), in one transaction per shipment
 * claimed by compare-and-set. The answer comes back through POST /api/public/respond/:token.
 */
import type { Kysely } from 'kysely';
import { applyShipmentAction, shipmentActionStatuses, SYSTEM_ACTOR } from '../../core/machines/index.js';
import { DAY_MS } from '../../core/campaigns/index.js';
import type { Database } from '../db/tables.js';
import { recordEvent } from '../events/events.repository.js';
import { enqueue } from '../notifications/outbox.js';
import { nextStamp } from '../resources/shared/op-context.js';
import { mintToken } from '../campaigns/tokens.js';

/** How long a request-location link stays valid. */
export const LOCATION_REQUEST_DAYS = 14;

class Moved extends Error {}

export async function sendLocationRequests(deps: { db: Kysely<Database>; now: Date; secret: string; limit?: number }): Promise<number> {
  const { db, now } = deps;
  const waiting = await db.selectFrom('shipments').selectAll().where('status', 'in', shipmentActionStatuses('location-requested')).orderBy('id').limit(deps.limit ?? 200).execute();
  let sent = 0;
  for (const shipment of waiting) {
    const t = applyShipmentAction(shipment, 'location-requested', { actor: SYSTEM_ACTOR });
    if (!t.ok) continue;
    try {
      await db.transaction().execute(async (trx) => {
        const stamp = nextStamp(now, shipment.updated_at);
        const res = await trx.updateTable('shipments').set({ status: t.to, updated_at: stamp }).where('id', '=', shipment.id).where('status', '=', shipment.status).where('updated_at', '=', shipment.updated_at).executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) throw new Moved();
        const expiresAt = new Date(now.getTime() + LOCATION_REQUEST_DAYS * DAY_MS);
        const { token } = await mintToken(trx, deps.secret, 'shipments', shipment.id, expiresAt, now);
        const payload = { first_name: shipment.first_name, respond_token: token, respond_expires_at: expiresAt.toISOString(), reference: shipment.reference_id };
        for (const [kind, recipient] of [['email', shipment.email], ['sms', shipment.phone]] as const) {
          if (!recipient) continue;
          await enqueue(trx, { kind, event: 'batch-notify', merchant_id: shipment.merchant_id, subject_type: 'shipments', subject_id: shipment.id, step: `request-location:${stamp}`, recipient, locale: shipment.locale, payload }, now);
        }
        await recordEvent(trx, { subject_type: 'shipment', subject_id: shipment.id, kind: 'status', from_status: t.from, to_status: t.to, actor_id: null, created_at: now.toISOString(), data: { action: 'location-requested' } });
      });
      sent++;
    } catch (error) {
      if (!(error instanceof Moved)) throw error;
    }
  }
  return sent;
}
