import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEATURES } from '../features.js';
import { ROLES, ROLE_NAMES, roleMatches } from '../roles.js';
import type { PackageAction } from './actions.js';
import {
  PACKAGE_RULES,
  allowedPackageActions,
  applyPackageAction,
  packageRefusal,
  packageRefusals,
  type PackageContext,
  type PackageState,
  type PackageTransition,
} from './package.machine.js';
import { SYSTEM_ACTOR, type MachineLocation } from './types.js';
import { PACKAGE_STATUS as PACKAGE_STATUS_VALUES } from '../statuses.js';

const NOW = new Date('2025-03-10T12:00:00.000Z');
const PUDO: MachineLocation = { id: 7, class: 'pudo', storage_days: 3 };
const OTHER_PUDO: MachineLocation = { id: 8, class: 'pudo' };
const LOCKER: MachineLocation = { id: 9, class: 'locker' };
const WAREHOUSE: MachineLocation = { id: 11, class: 'warehouse' };

const pkg = (status: number, extra: Partial<PackageState> = {}): PackageState => ({
  id: 1,
  status,
  size: 'SMALL',
  dropoff_location_id: PUDO.id,
  ...extra,
});

const ACTORS = {
  superadmin: { id: 1, role: ROLES.superadmin },
  support: { id: 2, role: ROLES.support },
  merchant_admin: { id: 3, role: ROLES.merchant_admin },
  merchant_user: { id: 4, role: ROLES.merchant_user },
  pudo: { id: 5, role: ROLES.pudo, location_ids: [PUDO.id] },
  driver: { id: 6, role: ROLES.driver },
  other_driver: { id: 60, role: ROLES.driver },
  warehouse: { id: 12, role: ROLES.warehouse, location_ids: [WAREHOUSE.id] },
  system: SYSTEM_ACTOR,
};
type ActorName = keyof typeof ACTORS;

const ctx = (actor: ActorName, extra: Partial<PackageContext> = {}): PackageContext => ({
  actor: ACTORS[actor],
  features: 0,
  now: NOW,
  ...extra,
});

function ok(result: ReturnType<typeof applyPackageAction>): PackageTransition {
  if (!result.ok) throw new Error(`refused: ${result.code}`);
  return result;
}

describe('allowed package transitions', () => {
  const cases: [PackageAction, number, ActorName, Partial<PackageContext>, number, Partial<PackageState>?][] = [
    ['print', 0, 'merchant_admin', { shipmentStatus: 10 }, 20],
    ['print', 0, 'superadmin', { shipmentStatus: 15 }, 20],
    ['print', 20, 'support', {}, 20],
    ['print', 30, 'merchant_admin', {}, 30],
    ['request-pickup', 20, 'merchant_admin', {}, 30],
    ['private-delivery', 20, 'merchant_admin', {}, 50],
    ['private-delivery', 30, 'superadmin', {}, 50],
    ['pickup', 30, 'driver', {}, 50],
    ['pickup', 60, 'driver', {}, 50, { location_id: WAREHOUSE.id }],
    ['pickup', 90, 'driver', {}, 50, { location_id: PUDO.id, dropoff_location_id: OTHER_PUDO.id, is_rerouted: 1 }],
    ['pickup', -45, 'driver', {}, -50],
    ['check-in', 50, 'warehouse', { location: WAREHOUSE }, 60],
    ['check-in', 50, 'pudo', { location: PUDO }, 90],
    ['deposit', 50, 'driver', { location: LOCKER }, 90, { dropoff_location_id: LOCKER.id }],
    ['deposit', 50, 'system', { location: LOCKER }, 90, { dropoff_location_id: LOCKER.id }],
    ['check-out', 60, 'warehouse', { location: WAREHOUSE }, 50, { location_id: WAREHOUSE.id }],
    ['check-out', 90, 'pudo', { location: PUDO, identification: true }, 100, { location_id: PUDO.id }],
    ['collect', 90, 'system', {}, 100],
    ['confirm-payment', 80, 'system', { features: FEATURES.postpayments, location: PUDO }, 90],
    ['expire-by-time', 90, 'system', {}, -40, { expires_at: '2025-03-10T11:59:59.000Z' }],
    ['expire', -40, 'driver', {}, -45],
    ['expire', -40, 'support', {}, -45],
    ['expire', -40, 'system', {}, -45],
    ['mark-as-returned', -50, 'merchant_admin', {}, -100],
    ['cancel', 0, 'merchant_admin', {}, -90],
    ['cancel', 20, 'merchant_admin', {}, -90],
    ['cancel', 30, 'support', {}, -90],
    ['extend-expiry', 90, 'merchant_admin', {}, 90, { expires_at: '2025-03-11T12:00:00.000Z' }],
    ['extend-expiry', -40, 'driver', {}, 90, { expires_at: '2025-03-09T12:00:00.000Z' }],
    ['reroute', 50, 'driver', { target: OTHER_PUDO }, 50],
    ['reroute', 60, 'support', { target: LOCKER }, 60],
    ['reroute', 90, 'merchant_admin', { target: OTHER_PUDO }, 90],
    ['consolidate', 50, 'driver', { into: pkg(50, { id: 2 }) }, 50],
    ['consolidate', 30, 'warehouse', { into: pkg(60, { id: 2 }) }, 30],
    ['deconsolidate', 50, 'driver', {}, 50, { is_consolidated: 1, consolidated_to_id: 2 }],
    ['deconsolidate', 60, 'warehouse', {}, 60, { is_consolidation: 1 }],
    ['notify', 90, 'merchant_admin', {}, 90],
    ['notify', 50, 'support', {}, 50],
    ['remind', 90, 'system', {}, 90, { expires_at: '2025-03-11T00:00:00.000Z' }],
    ['offer-extension', -40, 'system', {}, -40],
    ['process', 70, 'superadmin', {}, 70],
    ['runhook', 100, 'superadmin', {}, 100],
    ['force-sync', -45, 'support', {}, -45],
  ];
  for (const status of [20, 30, 50, 60, 70, 80, 90, -40, -45, -50]) {
    cases.push(['mark-as-lost', status, 'support', {}, -200]);
  }

  it.each(cases)('%s from %s by %s', (action, from, actor, extra, to, fields) => {
    const result = ok(applyPackageAction(pkg(from, fields), action, ctx(actor, extra)));
    expect(result.from).toBe(from);
    expect(result.to).toBe(to);
    expect(result.patch.status).toBe(to);
  });

  it('covers every rule of the table at least once', () => {
    const covered = new Set(cases.map(([action]) => action));
    expect(PACKAGE_RULES.filter((rule) => !covered.has(rule.action))).toEqual([]);
  });
});

describe('transition effects', () => {
  it('pickup assigns the driver and leaves the location', () => {
    const result = ok(applyPackageAction(pkg(60, { location_id: WAREHOUSE.id }), 'pickup', ctx('driver')));
    expect(result.patch).toEqual({ status: 50, driver_id: 6, location_id: null });
  });

  it('PUDO check-in passes through 70, starts storage time with the location\'s storage days', () => {
    const result = ok(applyPackageAction(pkg(50, { driver_id: 6 }), 'check-in', ctx('pudo', { location: PUDO })));
    expect(result.via).toEqual([70]);
    expect(result.patch).toMatchObject({
      status: 90,
      location_id: PUDO.id,
      driver_id: null,
      available_at: NOW.toISOString(),
      expires_at: '2025-03-13T12:00:00.000Z',
    });
    expect(result.rearmReminders).toBe(true);
  });

  it('locker deposit uses the default 5 storage days', () => {
    const result = ok(applyPackageAction(pkg(50, { dropoff_location_id: LOCKER.id }), 'deposit', ctx('driver', { location: LOCKER })));
    expect(result.patch.expires_at).toBe('2025-03-15T12:00:00.000Z');
  });

  it('unpaid package of a postpayments merchant waits in 80, without a storage clock', () => {
    const unpaid = pkg(50, { is_unpaid: 1 });
    const result = ok(applyPackageAction(unpaid, 'check-in', ctx('pudo', { location: PUDO, features: FEATURES.postpayments })));
    expect(result.to).toBe(80);
    expect(result.via).toEqual([70]);
    expect(result.patch.expires_at).toBeUndefined();
    expect(result.notification).toBe('shipment-awaiting-payment');
  });

  it('status 80 exists only with the postpayments feature', () => {
    const result = ok(applyPackageAction(pkg(50, { is_unpaid: 1 }), 'check-in', ctx('pudo', { location: PUDO, features: 0 })));
    expect(result.to).toBe(90);
  });

  it('confirm-payment clears is_unpaid and starts the storage clock', () => {
    const result = ok(applyPackageAction(pkg(80, { is_unpaid: 1, location_id: PUDO.id }), 'confirm-payment', ctx('system', { features: FEATURES.postpayments, location: PUDO })));
    expect(result.patch).toMatchObject({ status: 90, is_unpaid: 0, available_at: NOW.toISOString(), expires_at: '2025-03-13T12:00:00.000Z' });
    expect(result.notification).toBe('package-available-pudo');
  });

  it('warehouse check-out hands over to the given driver', () => {
    const result = ok(applyPackageAction(pkg(60, { location_id: WAREHOUSE.id }), 'check-out', ctx('warehouse', { location: WAREHOUSE, handoverTo: 6 })));
    expect(result.patch).toEqual({ status: 50, location_id: null, driver_id: 6 });
  });

  it('extend-expiry adds 24 h to a future expiry and counts from now for a past one; reminders re-armed', () => {
    const future = ok(applyPackageAction(pkg(90, { expires_at: '2025-03-11T08:00:00.000Z' }), 'extend-expiry', ctx('support')));
    expect(future.patch.expires_at).toBe('2025-03-12T08:00:00.000Z');
    expect(future.rearmReminders).toBe(true);
    expect(future.notification).toBeNull();
    const past = ok(applyPackageAction(pkg(-40, { expires_at: '2025-03-08T08:00:00.000Z' }), 'extend-expiry', ctx('support')));
    expect(past.patch).toEqual({ status: 90, expires_at: '2025-03-11T12:00:00.000Z' });
  });

  it('reroute sets the new drop-off and is_rerouted, keeping the status', () => {
    const result = ok(applyPackageAction(pkg(50), 'reroute', ctx('driver', { target: LOCKER })));
    expect(result.patch).toEqual({ status: 50, dropoff_location_id: LOCKER.id, is_rerouted: 1 });
    expect(result.notification).toBe('package-rerouted');
    const toPudo = ok(applyPackageAction(pkg(50, { dropoff_location_id: LOCKER.id }), 'reroute', ctx('driver', { target: PUDO })));
    expect(toPudo.notification).toBe('package-rerouted-pudo');
  });

  it('consolidate links the package to its container and marks the container', () => {
    const result = ok(applyPackageAction(pkg(50), 'consolidate', ctx('driver', { into: pkg(50, { id: 2 }) })));
    expect(result.patch).toEqual({ status: 50, consolidated_to_id: 2, is_consolidated: 1 });
    expect(result.related).toEqual([{ id: 2, patch: { is_consolidation: 1 } }]);
  });

  it('deconsolidate unlinks a consolidated package, or unmarks a container', () => {
    const child = ok(applyPackageAction(pkg(50, { is_consolidated: true, consolidated_to_id: 2 }), 'deconsolidate', ctx('driver')));
    expect(child.patch).toEqual({ status: 50, consolidated_to_id: null, is_consolidated: 0 });
    const container = ok(applyPackageAction(pkg(50, { is_consolidation: 1 }), 'deconsolidate', ctx('driver')));
    expect(container.patch).toEqual({ status: 50, is_consolidation: 0 });
  });

  it('PUDO check-out keeps where the package was collected', () => {
    const result = ok(applyPackageAction(pkg(90, { location_id: PUDO.id }), 'check-out', ctx('pudo', { location: PUDO, identification: true })));
    expect(result.patch).toEqual({ status: 100 });
  });
});

describe('package refusals', () => {
  const cases: [string, PackageAction, PackageState, ActorName, Partial<PackageContext>, string][] = [
    ['pickup twice by the same driver', 'pickup', pkg(50, { driver_id: 6 }), 'driver', {}, 'package.already_picked_up_by_you'],
    ['pickup of a package another driver has', 'pickup', pkg(50, { driver_id: 60 }), 'driver', {}, 'package.already_picked_up'],
    ['retrieval twice by the same driver', 'pickup', pkg(-50, { driver_id: 6 }), 'driver', {}, 'package.already_picked_up_by_you'],
    ['retrieval another driver did', 'pickup', pkg(-50, { driver_id: 60 }), 'driver', {}, 'package.already_picked_up'],
    ['pickup before it is requested', 'pickup', pkg(20), 'driver', {}, 'package.action_not_allowed'],
    ['pickup of a package ready at its own drop-off', 'pickup', pkg(90, { location_id: PUDO.id }), 'driver', {}, 'package.action_not_allowed'],
    ['pickup of a collected package', 'pickup', pkg(100), 'driver', {}, 'package.action_not_allowed'],
    ['warehouse check-in twice', 'check-in', pkg(60, { location_id: WAREHOUSE.id }), 'warehouse', { location: WAREHOUSE }, 'package.already_in_warehouse'],
    ['warehouse check-in before pickup', 'check-in', pkg(30), 'warehouse', { location: WAREHOUSE }, 'package.action_not_allowed'],
    ['PUDO check-in at a location not theirs', 'check-in', pkg(50, { dropoff_location_id: OTHER_PUDO.id }), 'pudo', { location: OTHER_PUDO }, 'forbidden'],
    ['PUDO check-in of a package for another PUDO', 'check-in', pkg(50, { dropoff_location_id: OTHER_PUDO.id }), 'pudo', { location: PUDO }, 'package.wrong_dropoff_location'],
    ['PUDO check-in twice', 'check-in', pkg(90, { location_id: PUDO.id }), 'pudo', { location: PUDO }, 'package.action_not_allowed'],
    ['check-in without a location (superadmin)', 'check-in', pkg(50), 'superadmin', {}, 'forbidden'],
    ['check-in at a locker', 'check-in', pkg(50), 'driver', { location: LOCKER }, 'package.action_not_allowed'],
    ['deposit at a locker that is not the drop-off', 'deposit', pkg(50), 'driver', { location: LOCKER }, 'package.wrong_dropoff_location'],
    ['deposit without a location', 'deposit', pkg(50), 'driver', {}, 'package.location_required'],
    ['PUDO check-out without identification', 'check-out', pkg(90, { location_id: PUDO.id }), 'pudo', { location: PUDO }, 'package.identification_required'],
    ['PUDO check-out of an unpaid package', 'check-out', pkg(80, { location_id: PUDO.id }), 'pudo', { location: PUDO, identification: true }, 'package.unpaid'],
    ['PUDO check-out of a package at another PUDO', 'check-out', pkg(90, { location_id: OTHER_PUDO.id }), 'pudo', { location: PUDO, identification: true }, 'package.not_at_location'],
    ['warehouse check-out at a foreign warehouse', 'check-out', pkg(60, { location_id: 99 }), 'warehouse', { location: { id: 99, class: 'warehouse' } }, 'forbidden'],
    ['locker collect of an unpaid package', 'collect', pkg(80), 'system', {}, 'package.unpaid'],
    ['confirm-payment without postpayments', 'confirm-payment', pkg(80), 'system', { features: 0 }, 'feature_disabled'],
    ['expire-by-time too early', 'expire-by-time', pkg(90, { expires_at: '2025-03-10T12:00:01.000Z' }), 'system', {}, 'package.not_yet_expired'],
    ['expire-by-time without expiry', 'expire-by-time', pkg(90), 'system', {}, 'package.action_not_allowed'],
    ['make retrievable before it expired', 'expire', pkg(90), 'driver', {}, 'package.action_not_allowed'],
    ['mark-as-returned before retrieval', 'mark-as-returned', pkg(-45), 'merchant_admin', {}, 'package.action_not_allowed'],
    ['mark-as-lost of a draft', 'mark-as-lost', pkg(0), 'superadmin', {}, 'package.action_not_allowed'],
    ['mark-as-lost of a collected package', 'mark-as-lost', pkg(100), 'superadmin', {}, 'package.action_not_allowed'],
    ['cancel in transit', 'cancel', pkg(50), 'merchant_admin', {}, 'package.action_not_allowed'],
    ['extend-expiry of a collected package', 'extend-expiry', pkg(100), 'support', {}, 'package.action_not_allowed'],
    ['extend-expiry without expiry', 'extend-expiry', pkg(90), 'support', {}, 'package.action_not_allowed'],
    ['reroute to the current drop-off', 'reroute', pkg(50), 'driver', { target: PUDO }, 'package.reroute_same_location'],
    ['reroute an oversized package to a locker', 'reroute', pkg(50, { size: 'OVERSIZED' }), 'driver', { target: LOCKER }, 'package.oversized_needs_pudo'],
    ['reroute without a target', 'reroute', pkg(50), 'driver', {}, 'validation.failed'],
    ['reroute after collection', 'reroute', pkg(100), 'driver', { target: OTHER_PUDO }, 'package.action_not_allowed'],
    ['consolidate twice', 'consolidate', pkg(50, { is_consolidated: 1 }), 'driver', { into: pkg(50, { id: 2 }) }, 'package.already_consolidated'],
    ['consolidate into itself', 'consolidate', pkg(50), 'driver', { into: pkg(50) }, 'package.consolidation_target_invalid'],
    ['consolidate into a consolidated package', 'consolidate', pkg(50), 'driver', { into: pkg(50, { id: 2, is_consolidated: 1 }) }, 'package.consolidation_target_invalid'],
    ['consolidate for another drop-off', 'consolidate', pkg(50), 'driver', { into: pkg(50, { id: 2, dropoff_location_id: 99 }) }, 'package.consolidation_target_invalid'],
    ['consolidate a container', 'consolidate', pkg(50, { is_consolidation: 1 }), 'driver', { into: pkg(50, { id: 2 }) }, 'package.consolidation_target_invalid'],
    ['consolidate at a PUDO shelf', 'consolidate', pkg(90), 'driver', { into: pkg(50, { id: 2 }) }, 'package.action_not_allowed'],
    ['consolidate without a target', 'consolidate', pkg(50), 'driver', {}, 'validation.failed'],
    ['deconsolidate a plain package', 'deconsolidate', pkg(50), 'driver', {}, 'package.not_consolidated'],
    ['print a draft of an unregistered shipment', 'print', pkg(0), 'merchant_admin', { shipmentStatus: 0 }, 'shipment.not_printable'],
    ['print after collection', 'print', pkg(100), 'merchant_admin', {}, 'package.action_not_allowed'],
    ['request pickup before labels', 'request-pickup', pkg(0), 'merchant_admin', {}, 'shipment.labels_not_printed'],
    ['request pickup twice', 'request-pickup', pkg(30), 'merchant_admin', {}, 'shipment.pickup_already_requested'],
    ['notify without a notification', 'notify', pkg(30), 'merchant_admin', {}, 'package.action_not_allowed'],
    ['unknown action', 'fly' as PackageAction, pkg(50), 'superadmin', {}, 'bad_request'],
  ];

  it.each(cases)('%s', (_name, action, state, actor, extra, code) => {
    expect(applyPackageAction(state, action, ctx(actor, extra))).toEqual({ ok: false, code });
  });
});

describe('role confinement', () => {
  it('a PUDO cannot pick up; a driver cannot check in at a PUDO; a warehouse cannot check out at a PUDO', () => {
    expect(applyPackageAction(pkg(30), 'pickup', ctx('pudo'))).toEqual({ ok: false, code: 'forbidden' });
    expect(applyPackageAction(pkg(50), 'check-in', ctx('driver', { location: PUDO }))).toEqual({ ok: false, code: 'forbidden' });
    expect(applyPackageAction(pkg(90, { location_id: PUDO.id }), 'check-out', ctx('warehouse', { location: PUDO, identification: true }))).toEqual({ ok: false, code: 'forbidden' });
    expect(applyPackageAction(pkg(50), 'check-in', ctx('pudo', { location: WAREHOUSE }))).toEqual({ ok: false, code: 'forbidden' });
  });

  it('a store user without a location chosen is asked for one', () => {
    expect(applyPackageAction(pkg(50), 'check-in', ctx('pudo'))).toEqual({ ok: false, code: 'package.location_required' });
  });

  it('refuses every role outside each rule, and the system actor outside system rules', () => {
    for (const rule of PACKAGE_RULES) {
      const location = rule.at ? { id: 1, class: rule.at } : undefined;
      for (const name of ROLE_NAMES) {
        if (roleMatches(ROLES[name], rule.roles)) continue;
        const actor = { id: 5, role: ROLES[name], location_ids: [1] };
        const result = applyPackageAction(pkg(rule.from[0]!), rule.action, { actor, features: -1, now: NOW, location });
        expect(result, `${rule.action}@${rule.at ?? ''} by ${name}`).toEqual({ ok: false, code: 'forbidden' });
      }
      if (!rule.system) {
        const result = applyPackageAction(pkg(rule.from[0]!), rule.action, { actor: SYSTEM_ACTOR, features: -1, now: NOW, location });
        expect(result, `${rule.action} by system`).toEqual({ ok: false, code: 'forbidden' });
      }
    }
  });

  it('merchant users only look', () => {
    const all = [0, 20, 30, 50, 60, 70, 80, 90, 100, -40, -45, -50].flatMap((status) =>
      allowedPackageActions(pkg(status, { expires_at: NOW.toISOString(), is_consolidated: 1 }), ctx('merchant_user')),
    );
    expect(all).toEqual([]);
  });
});

describe('allowedPackageActions (meta.actions)', () => {
  it('offers a driver pickup, reroute and consolidate on an awaited package', () => {
    expect(allowedPackageActions(pkg(30), ctx('driver'))).toEqual(['pickup', 'consolidate']);
    expect(allowedPackageActions(pkg(50, { driver_id: 6 }), ctx('driver'))).toEqual(['deposit', 'reroute', 'consolidate']);
    expect(allowedPackageActions(pkg(50, { driver_id: 6 }), ctx('driver', { dropoffClass: 'pudo' }))).toEqual(['reroute', 'consolidate']);
    expect(allowedPackageActions(pkg(50, { driver_id: 6 }), ctx('driver', { dropoffClass: 'locker' }))).toEqual(['deposit', 'reroute', 'consolidate']);
  });

  it('offers a PUDO check-in at its own location only', () => {
    expect(allowedPackageActions(pkg(50), ctx('pudo', { location: PUDO }))).toEqual(['check-in']);
    expect(allowedPackageActions(pkg(50), ctx('pudo', { location: OTHER_PUDO }))).toEqual([]);
    expect(allowedPackageActions(pkg(90, { location_id: PUDO.id }), ctx('pudo', { location: PUDO }))).toEqual(['check-out']);
  });

  it('offers the warehouse check-in, then check-out', () => {
    expect(allowedPackageActions(pkg(50), ctx('warehouse', { location: WAREHOUSE }))).toEqual(['check-in', 'consolidate']);
    expect(allowedPackageActions(pkg(60, { location_id: WAREHOUSE.id }), ctx('warehouse', { location: WAREHOUSE }))).toEqual(['check-out', 'consolidate']);
  });

  it('offers a merchant admin the draft and ready actions', () => {
    expect(allowedPackageActions(pkg(0), ctx('merchant_admin', { shipmentStatus: 10 }))).toEqual(['print', 'cancel']);
    expect(allowedPackageActions(pkg(0), ctx('merchant_admin', { shipmentStatus: 0 }))).toEqual(['cancel']);
    expect(allowedPackageActions(pkg(90, { expires_at: NOW.toISOString() }), ctx('merchant_admin'))).toEqual(['extend-expiry', 'reroute', 'notify']);
  });

  it('offers the superadmin the debug actions everywhere', () => {
    expect(allowedPackageActions(pkg(100), ctx('superadmin'))).toEqual(['process', 'runhook', 'force-sync']);
  });

  it('lists system-only actions for the system actor', () => {
    const expired = pkg(90, { expires_at: '2025-03-09T00:00:00.000Z' });
    expect(allowedPackageActions(expired, ctx('system'))).toEqual(['collect', 'expire-by-time', 'remind']);
  });

  it('packageRefusal gives user/can reasons without holding missing parameters against the action', () => {
    expect(packageRefusal(pkg(50), 'reroute', ctx('driver'))).toBeNull();
    expect(packageRefusal(pkg(50, { driver_id: 60 }), 'pickup', ctx('driver'))).toBe('package.already_picked_up');
    expect(packageRefusal(pkg(100), 'cancel', ctx('merchant_admin'))).toBe('package.action_not_allowed');
    expect(packageRefusal(pkg(30), 'pickup', ctx('pudo'))).toBe('forbidden');
  });
});

describe('packageRefusals (per-request form used by lists)', () => {
  it('gives the same verdict as packageRefusal for every role, status, feature set and action', () => {
    const statuses = [...new Set(PACKAGE_RULES.flatMap((r) => r.from))];
    const actions = [...new Set(PACKAGE_RULES.map((r) => r.action))] as PackageAction[];
    let compared = 0;
    for (const actor of Object.values(ACTORS)) {
      for (const features of [0, FEATURES.postpayments, ~0]) {
        const ctx: PackageContext = { actor, features, now: NOW };
        const decide = packageRefusals(actions, ctx);
        for (const status of statuses) {
          for (const extra of [{}, { driver_id: actor.id, location_id: PUDO.id }, { is_consolidation: 1 as const }]) {
            const row = pkg(status, extra);
            const many = decide(row);
            for (const [i, action] of actions.entries()) {
              expect([action, many[i]]).toEqual([action, packageRefusal(row, action, ctx)]);
              compared++;
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('agrees with packageRefusal on arbitrary rows (the per-page memo keys on every fact the rules read)', () => {
    const actions = [...new Set(PACKAGE_RULES.map((r) => r.action))] as PackageAction[];
    const statuses = Object.values(PACKAGE_STATUS_VALUES);
    // Ids that matter: the actors' (a driver's own package) and the test locations'.
    const id = fc.constantFrom(null, 1, 5, 6, 7, 8, 9, 11, 60);
    const flag = fc.option(fc.constantFrom(0 as const, 1 as const), { nil: null });
    const row = fc.record({
      id: fc.integer({ min: 1, max: 5 }),
      status: fc.constantFrom(...statuses),
      size: fc.constantFrom('SMALL', 'OVERSIZED', null),
      driver_id: id,
      location_id: id,
      dropoff_location_id: id,
      consolidated_to_id: id,
      is_rerouted: flag,
      is_consolidated: flag,
      is_consolidation: flag,
      is_unpaid: flag,
      expires_at: fc.constantFrom(null, '2025-03-09T12:00:00.000Z', '2025-03-11T12:00:00.000Z'),
    });
    fc.assert(
      fc.property(fc.constantFrom(...Object.values(ACTORS)), fc.constantFrom(0, ~0), fc.array(row, { minLength: 1, maxLength: 60 }), (actor, features, rows) => {
        const ctx: PackageContext = { actor, features, now: NOW };
        const decide = packageRefusals(actions, ctx);
        for (const r of rows) expect(decide(r)).toEqual(actions.map((a) => packageRefusal(r, a, ctx)));
      }),
      { numRuns: 1000 },
    );
  });
});

