/**
 * The package verbs offered per record (meta.actions and GET /api/user/can/:action/package), from the
 * same state machine the endpoints run. Parameters the user has not chosen yet (location, target,
 * container, photo) are not held against an action.
 */
import { allowedPackageActions, packageRefusal, type PackageAction, type PackageState } from '../../../core/machines/index.js';
import type { RequestActor } from '../../http/context.js';
import { registerRecordAction } from '../../resources/record-actions.js';
import { actorFeatures, machineActor } from '../context.js';

/** The verbs of POST /api/packages/:id/<verb> that users run (system-only ones are left to the scheduler and providers). */
export const PACKAGE_VERBS = [
  'print', 'pickup', 'check-in', 'check-out', 'deposit', 'consolidate', 'deconsolidate', 'extend-expiry', 'expire', 'cancel',
  'mark-as-lost', 'mark-as-returned', 'notify', 'runhook', 'force-sync', 'process', 'reroute', 'confirm-payment',
] as const satisfies readonly PackageAction[];

export function packageVerdict(row: PackageState, actor: RequestActor, action: PackageAction) {
  return packageRefusal(row, action, { actor: machineActor(actor), features: actorFeatures(actor), now: new Date(), shipmentStatus: undefined });
}

export function allowedVerbs(row: PackageState, actor: RequestActor): PackageAction[] {
  const allowed = allowedPackageActions(row, { actor: machineActor(actor), features: actorFeatures(actor), now: new Date() });
  return allowed.filter((a) => (PACKAGE_VERBS as readonly string[]).includes(a));
}

let registered = false;
export function registerPackageRules(): void {
  if (registered) return;
  registered = true;
  for (const verb of PACKAGE_VERBS) registerRecordAction('packages', verb, (row, actor) => packageVerdict(row as PackageState, actor, verb));
}
