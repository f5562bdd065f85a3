import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles.js';
import {
  SHIPMENT_RULES,
  allowedShipmentActions,
  applyShipmentAction,
  deriveShipmentStatus,
  shipmentGuards,
  type ShipmentContext,
  type ShipmentState,
} from './shipment.machine.js';
import type { ShipmentAction } from './actions.js';
import { SYSTEM_ACTOR } from './types.js';

const admin: ShipmentContext = { actor: { id: 3, role: ROLES.merchant_admin } };
const system: ShipmentContext = { actor: SYSTEM_ACTOR };
const shipment = (status: number, extra: Partial<ShipmentState> = {}): ShipmentState => ({
  status,
  package_count: 2,
  dropoff_location_id: 7,
  pickup_requested_at: null,
  ...extra,
});

describe('allowed shipment transitions', () => {
  const cases: [ShipmentAction, number, ShipmentContext, number][] = [
    ['update', 0, admin, 0],
    ['update', 4, admin, 4],
    ['update', 5, admin, 5],
    ['update', 10, admin, 10],
    ['update', 15, admin, 15],
    ['delete', 0, admin, 0],
    ['register', 0, admin, 10],
    ['register', 15, admin, 15],
    ['print', 10, admin, 20],
    ['print', 15, admin, 20],
    ['print', 20, admin, 20],
    ['print', 30, admin, 30],
    ['request-pickup', 20, admin, 30],
    ['request-location', 0, admin, 4],
    ['location-requested', 4, system, 5],
    ['location-chosen', 4, system, 0],
    ['location-chosen', 5, system, 0],
    ['private-delivery', 20, admin, 50],
    ['private-delivery', 30, admin, 50],
    ['cancel', 0, admin, -90],
    ['cancel', 30, admin, -90],
    ['process', 60, { actor: { id: 1, role: ROLES.superadmin } }, 60],
  ];

  it.each(cases)('%s from %s', (action, from, ctx, to) => {
    expect(applyShipmentAction(shipment(from), action, ctx)).toEqual({ ok: true, action, from, to });
  });

  it('covers every rule', () => {
    const covered = new Set(cases.map(([action]) => action));
    expect(SHIPMENT_RULES.filter((rule) => !covered.has(rule.action))).toEqual([]);
  });
});

describe('shipment refusals', () => {
  const cases: [string, ShipmentAction, ShipmentState, string][] = [
    ['update after printing', 'update', shipment(20), 'shipment.not_updatable'],
    ['update when cancelled', 'update', shipment(-90), 'shipment.not_updatable'],
    ['delete after registering', 'delete', shipment(10), 'shipment.not_deletable'],
    ['delete while waiting on the customer', 'delete', shipment(4), 'shipment.not_deletable'],
    ['register after printing', 'register', shipment(20), 'shipment.not_registrable'],
    ['register again once registered', 'register', shipment(10), 'shipment.not_registrable'],
    ['register while waiting on the customer', 'register', shipment(5), 'shipment.not_registrable'],
    ['register without packages', 'register', shipment(0, { package_count: 0 }), 'shipment.no_packages'],
    ['register without a drop-off', 'register', shipment(0, { dropoff_location_id: null }), 'shipment.not_registrable'],
    ['print a draft', 'print', shipment(0), 'shipment.not_printable'],
    ['print in transit', 'print', shipment(50), 'shipment.not_printable'],
    ['request pickup of a draft', 'request-pickup', shipment(0), 'shipment.labels_not_printed'],
    ['request pickup before printing', 'request-pickup', shipment(10), 'shipment.labels_not_printed'],
    ['request pickup partly registered', 'request-pickup', shipment(15), 'shipment.labels_not_printed'],
    ['request pickup twice', 'request-pickup', shipment(30), 'shipment.pickup_already_requested'],
    ['request pickup in transit', 'request-pickup', shipment(50), 'shipment.pickup_already_requested'],
    ['request pickup with a request on record', 'request-pickup', shipment(20, { pickup_requested_at: '2025-03-01T00:00:00Z' }), 'shipment.pickup_already_requested'],
    ['request pickup when cancelled', 'request-pickup', shipment(-90), 'shipment.action_not_allowed'],
    ['request location twice', 'request-location', shipment(4), 'shipment.action_not_allowed'],
    ['cancel in transit', 'cancel', shipment(50), 'shipment.action_not_allowed'],
    ['private delivery before printing', 'private-delivery', shipment(10), 'shipment.action_not_allowed'],
  ];

  it.each(cases)('%s', (_name, action, state, code) => {
    expect(applyShipmentAction(state, action, admin)).toEqual({ ok: false, code });
    expect(shipmentGuards[action](state)).toBe(code);
  });

  it('confines roles: merchant users, store roles and drivers cannot act; system only its own steps', () => {
    for (const role of [ROLES.merchant_user, ROLES.pudo, ROLES.driver, ROLES.warehouse]) {
      expect(allowedShipmentActions(shipment(0), { actor: { id: 9, role } })).toEqual([]);
    }
    expect(applyShipmentAction(shipment(0), 'process', admin)).toEqual({ ok: false, code: 'forbidden' });
    expect(applyShipmentAction(shipment(4), 'location-chosen', admin)).toEqual({ ok: false, code: 'forbidden' });
    expect(applyShipmentAction(shipment(0), 'register', system)).toEqual({ ok: false, code: 'forbidden' });
  });
});

describe('allowedShipmentActions (meta.actions)', () => {
  it('follows the lifecycle', () => {
    expect(allowedShipmentActions(shipment(0), admin)).toEqual(['update', 'delete', 'register', 'request-location', 'cancel']);
    // Without packages there is nothing to register or cancel.
    expect(allowedShipmentActions(shipment(0, { package_count: 0 }), admin)).toEqual(['update', 'delete', 'request-location']);
    expect(applyShipmentAction(shipment(0, { package_count: 0 }), 'cancel', admin)).toEqual({ ok: false, code: 'shipment.no_packages' });
    expect(allowedShipmentActions(shipment(10), admin)).toEqual(['update', 'print', 'cancel']);
    expect(allowedShipmentActions(shipment(20), admin)).toEqual(['print', 'request-pickup', 'private-delivery', 'cancel']);
    expect(allowedShipmentActions(shipment(30), admin)).toEqual(['print', 'private-delivery', 'cancel']);
    expect(allowedShipmentActions(shipment(90), admin)).toEqual([]);
    expect(allowedShipmentActions(shipment(5), system)).toEqual(['location-chosen']);
  });
});

describe('deriveShipmentStatus', () => {
  const cases: [string, number[], number | undefined, number][] = [
    ['no packages', [], undefined, 0],
    ['no packages, registered', [], 10, 10],
    ['all draft', [0, 0], undefined, 0],
    ['all draft, waiting on the customer', [0], 5, 5],
    ['all draft, registered', [0, 0], 10, 10],
    ['all draft again after 15', [0], 15, 10],
    ['some registered: partly registered', [0, 20], undefined, 15],
    ['some registered and travelling', [0, 50], 20, 15],
    ['all printed', [20, 20], 10, 20],
    ['least advanced wins', [50, 30, 90], undefined, 30],
    ['warehouse and PUDO', [60, 90], undefined, 60],
    ['awaiting payment before ready', [90, 80], undefined, 80],
    ['ready before expired', [90, -40], undefined, 90],
    ['expiry flow', [-50, -45], undefined, -45],
    ['collected and expired', [100, -40], undefined, -40],
    ['all collected', [100, 100], undefined, 100],
    ['collected and returned', [-100, 100], undefined, 100],
    ['returned and lost', [-200, -100], undefined, -100],
    ['cancelled ignored', [-90, 30], undefined, 30],
    ['cancelled ignored with drafts', [-90, 0], 10, 10],
    ['all cancelled', [-90, -90], undefined, -90],
    ['unknown codes ignored', [999, 50], undefined, 50],
  ];
  it.each(cases)('%s', (_name, statuses, current, expected) => {
    expect(deriveShipmentStatus(statuses, current)).toBe(expected);
  });
});
