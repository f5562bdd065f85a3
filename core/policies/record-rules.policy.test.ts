/** The record rules moved out of api/ and admin/ (issue 9): each answers as the API did before. */
import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles.js';
import { BATCH_ITEM_STATUS as ITEM, BATCH_STATUS as B, MANIFEST_STATUS as M, PACKAGE_STATUS as P, SHIPMENT_STATUS as S } from '../statuses.js';
import { batchItemRefusal } from './batch_items.policy.js';
import { batchRefusal } from './batches.policy.js';
import { locationScope, managesLocation, setsLocationOwner } from './locations.policy.js';
import { manifestRefusal, seesEveryManifest } from './manifests.policy.js';
import { packageScope, releasesCompartment } from './packages.policy.js';
import { can } from './route.permissions.js';
import { shipmentPackageRefusal, shipmentRecordRefusal, shipmentTimeline } from './shipments.policy.js';
import { TIMELINE_STEPS } from '../machines/shipment.machine.js';

describe('record rules in core/policies', () => {
  it('batches: start from draft or paused, pause when running, locked once completed, deleted only as a draft', () => {
    expect([B.draft, B.paused, B.running, B.completed].map((status) => batchRefusal('start', { status }))).toEqual([null, null, 'batch.not_startable', 'batch.not_startable']);
    expect(batchRefusal('pause', { status: B.running })).toBeNull();
    expect(batchRefusal('pause', { status: B.paused })).toBe('batch.not_pausable');
    expect(batchRefusal('edit', { status: B.completed })).toBe('record.locked');
    expect(batchRefusal('add-items', { status: B.running })).toBeNull();
    expect(batchRefusal('delete', { status: B.running })).toBe('record.locked');
  });

  it('batch items: converted first, then responded, then the verb statuses', () => {
    expect(batchItemRefusal('notify', { status: ITEM.pending, shipment_id: 7 })).toBe('batch_item.already_converted');
    expect(batchItemRefusal('notify', { status: ITEM.responded, shipment_id: null })).toBe('batch_item.already_responded');
    expect(batchItemRefusal('notify', { status: ITEM.idle, shipment_id: null })).toBe('batch_item.not_notifiable');
    expect(batchItemRefusal('restart', { status: ITEM.draft, shipment_id: null })).toBe('batch_item.not_notifiable');
    expect(batchItemRefusal('restart', { status: ITEM.idle, shipment_id: null })).toBeNull();
    expect(batchItemRefusal('convert', { status: ITEM.notified, shipment_id: null })).toBe('batch_item.not_responded');
    expect(batchItemRefusal('convert', { status: ITEM.responded, shipment_id: null })).toBeNull();
    expect(batchItemRefusal('edit', { status: ITEM.failed, shipment_id: null })).toBeNull();
  });

  it('manifests and shipments: the CRUD status rules', () => {
    expect(manifestRefusal('edit', { status: M.fulfilled })).toBe('record.locked');
    expect(manifestRefusal('delete', { status: M.live })).toBe('record.locked');
    expect(shipmentRecordRefusal('edit', { status: S.partly_registered })).toBeNull();
    expect(shipmentRecordRefusal('edit', { status: S.printed })).toBe('shipment.not_updatable');
    expect(shipmentRecordRefusal('edit', { status: S.cancelled })).toBe('shipment.not_updatable');
    expect(shipmentRecordRefusal('edit', { status: S.expired })).toBe('shipment.not_updatable');
    expect(shipmentRecordRefusal('delete', { status: S.ready_to_print })).toBe('shipment.not_deletable');
    expect(shipmentPackageRefusal('delete', { status: S.printed })).toBe('shipment.not_deletable');
    expect(shipmentPackageRefusal('create', { status: S.draft })).toBeNull();
  });

  it('visibility scopes and permissions by role', () => {
    const actor = (role: number, merchant_id: number | null = null) => ({ role, merchant_id });
    expect(packageScope(actor(ROLES.warehouse))).toEqual({ kind: 'locations', alsoStatuses: [P.in_transit] });
    expect(packageScope(actor(ROLES.pudo))).toEqual({ kind: 'locations', alsoStatuses: [] });
    expect(packageScope(actor(ROLES.merchant_user, 3))).toEqual({ kind: 'merchant', merchant_id: 3 });
    expect(locationScope(actor(ROLES.merchant_admin))).toBe('none');
    expect(managesLocation(actor(ROLES.merchant_admin, 3), { merchant_id: 4 })).toBe(false);
    expect(setsLocationOwner(actor(ROLES.support))).toBe(false);
    expect(seesEveryManifest(actor(ROLES.warehouse))).toBe(true);
    expect(releasesCompartment('pickup', P.expired_retrievable)).toBe(true);
    expect(releasesCompartment('pickup', P.awaiting_pickup)).toBe(false);
    expect(can(actor(ROLES.driver), 'packages.fetch')).toBe(true);
    expect(can(actor(ROLES.pudo), 'packages.fetch')).toBe(false);
    expect(can(actor(ROLES.support), 'messages.list')).toBe(false);
  });
});

describe('shipment timeline (one definition, from the package lifecycle)', () => {
  it('is SPEC section 4: 20, 30, 50, 60 when visited, 70, 90, 100', () => {
    expect(TIMELINE_STEPS).toEqual([20, 30, 50, 60, 70, 90, 100]);
    expect(shipmentTimeline(S.in_transit, new Map()).map((s) => s.status)).toEqual([20, 30, 50, 70, 90, 100]);
    expect(shipmentTimeline(S.dropped_off, new Map([[S.in_warehouse, '2026-01-02']])).map((s) => s.status)).toContain(60);
  });

  it('marks the current step (80 sits on 70) and none in a negative end state', () => {
    const at80 = shipmentTimeline(S.awaiting_payment, new Map([[S.printed, '2026-01-01']]));
    expect(at80.find((s) => s.state === 'current')?.status).toBe(S.dropped_off);
    expect(at80.find((s) => s.status === S.printed)).toEqual({ status: 20, at: '2026-01-01', state: 'done' });
    const cancelled = shipmentTimeline(S.cancelled, new Map([[S.printed, '2026-01-01']]));
    expect(cancelled.some((s) => s.state === 'current')).toBe(false);
    expect(cancelled.filter((s) => s.state === 'done').map((s) => s.status)).toEqual([20]);
  });
});
