/**
 * GET /api/scans/known (docs/offline-scanning.md): the packages a scan screen may meet while offline, so a scan
 * is recognised without the server: the user's package scope (the same rule as the live lookup: a driver's
 * pickups and what they carry, a PUDO's or warehouse's packages at or heading to their locations) in the
 * statuses a scan can act on, the most recently changed first, at most SCAN_KNOWN_CAP.
 */
import type { Kysely } from 'kysely';
import type { KnownPackagesResponse } from '../../../core/contract/index.js';
import { SCAN_ACTIONS, SCAN_KNOWN_CAP, SCANNABLE_STATUSES } from '../../../core/policies/scans.policy.js';
import type { Database } from '../../db/tables.js';
import type { RequestActor } from '../../http/context.js';
import { scopePackages } from '../packages/package-scope.js';
import { packagesModule } from '../packages/packages.module.js';
import { actionsMap } from '../record-actions.js';
import { fullName } from '../related.js';

/** The known packages' query (the most recently changed first, one over the cap so `capped` can be told). */
const knownQuery = (db: Kysely<Database>, actor: RequestActor) =>
  scopePackages(db.selectFrom('packages').selectAll('packages').where('packages.status', 'in', SCANNABLE_STATUSES as number[]), actor)
    .orderBy('packages.updated_at', 'desc')
    .orderBy('packages.id', 'desc')
    .limit(SCAN_KNOWN_CAP + 1);

/** The ids of the known list (the live stream's departures start from them, api/events/departures.ts). */
export async function knownPackageIds(db: Kysely<Database>, actor: RequestActor): Promise<number[]> {
  const rows = await knownQuery(db, actor).clearSelect().select('packages.id').execute();
  return rows.map((r) => Number(r.id));
}

export async function knownPackages(db: Kysely<Database>, actor: RequestActor, now: Date): Promise<KnownPackagesResponse> {
  const rows = await knownQuery(db, actor).execute();
  const capped = rows.length > SCAN_KNOWN_CAP;
  const kept = rows.slice(0, SCAN_KNOWN_CAP);
  const shipmentIds = [...new Set(kept.map((p) => p.shipment_id))];
  const locationIds = [...new Set(kept.map((p) => p.location_id).filter((id): id is number => id != null))];
  const [shipments, locations, actions] = await Promise.all([
    shipmentIds.length ? db.selectFrom('shipments').select(['id', 'first_name', 'last_name']).where('id', 'in', shipmentIds).execute() : [],
    locationIds.length ? db.selectFrom('locations').select(['id', 'name']).where('id', 'in', locationIds).execute() : [],
    actionsMap(packagesModule, kept, actor, db),
  ]);
  const consignee = new Map(shipments.map((s) => [s.id, fullName(s)]));
  const placeName = new Map(locations.map((l) => [l.id, l.name]));
  const scanActions: readonly string[] = SCAN_ACTIONS;
  return {
    data: kept.map((p) => ({
      id: p.id,
      barcode: p.barcode,
      status: p.status,
      shipment_name: consignee.get(p.shipment_id) || undefined,
      location_id: p.location_id,
      location_name: p.location_id == null ? null : (placeName.get(p.location_id) ?? null),
      actions: (actions[String(p.id)] ?? []).filter((a) => scanActions.includes(a)),
    })),
    meta: { generated_at: now.toISOString(), capped },
  };
}
