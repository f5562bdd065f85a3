/**
 * The package verbs offered per record (meta.actions and GET /api/user/can/:action/package), from the
 * same state machine the endpoints run. Parameters the user has not chosen yet (location, target,
 * container, photo) are not held against an action.
 */
import { packageRefusals, type PackageAction, type PackageState } from '../../../core/machines/index.js';
import { registerRecordActionSet } from '../record-actions.js';
import { actorFeatures, machineActor } from '../shared/op-context.js';

/** The verbs of POST /api/packages/:id/<verb> that users run (system-only ones are left to the scheduler and providers). */
export const PACKAGE_VERBS = [
  'print', 'pickup', 'check-in', 'check-out', 'deposit', 'consolidate', 'deconsolidate', 'extend-expiry', 'expire', 'cancel',
  'mark-as-lost', 'mark-as-returned', 'notify', 'runhook', 'force-sync', 'process', 'reroute', 'confirm-payment',
] as const satisfies readonly PackageAction[];

let registered = false;
export function registerPackageRules(): void {
  if (registered) return;
  registered = true;
  registerRecordActionSet('packages', (actor) => {
    const decide = packageRefusals(PACKAGE_VERBS, { actor: machineActor(actor), features: actorFeatures(actor), now: new Date() });
    return { actions: PACKAGE_VERBS, decide: (row) => decide(row as PackageState) };
  });
}
