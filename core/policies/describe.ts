/**
 * Renders the policies as Markdown, so docs/permissions.md and the batch, batch item and manifest sections of
 * docs/state-machines.md are generated from the rules themselves (core/docs/rules-docs.ts puts them in place).
 * Status rules written as functions are shown by asking the function for every status.
 */
import { RESOURCES, RESOURCE_NAMES, PICKER_ROLES, type CrudAction } from '../permissions.js';
import { statusCodes, statusKey, type StatusTable } from '../statuses.js';
import type { ErrorCode } from '../errors.js';
import { cell, featureName, roleList } from '../machines/describe.js';
import { PERMISSIONS, type Permission } from './route.permissions.js';
import { BATCH_ACTIONS, batchRefusal } from './batches.policy.js';
import { BATCH_ITEM_ACTIONS, batchItemRefusal } from './batch_items.policy.js';
import { BATCH_GATED_VERBS, batchStatusRefusal } from '../campaigns/batch-gate.js';
import { MANIFEST_RECORD_ACTIONS, MANIFEST_VERB_RULES, manifestRefusal, seesEveryManifest } from './manifests.policy.js';
import { shipmentPackageRefusal, shipmentRecordRefusal } from './shipments.policy.js';
import { packageScope } from './packages.policy.js';
import { locationScope, managesLocation, setsLocationOwner } from './locations.policy.js';
import { USER_ACTIONS, userRefusal, userScope, type UserRecord } from './users.policy.js';
import { ROLES, type RoleName } from '../roles.js';

const CRUD_ACTIONS: CrudAction[] = ['list', 'show', 'create', 'edit', 'delete'];

const row = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
const table = (header: string[], rows: string[][]) => [row(header), `|${header.map(() => '---').join('|')}|`, ...rows.map(row)].join('\n');
const statusLabel = (name: StatusTable, code: number) => `${code} ${statusKey(name, code) ?? ''}`.trim();

/** The CRUD gate of every resource (core/permissions RESOURCES, PICKER_ROLES). */
export function renderCrudTable(): string {
  return table(
    ['Resource', ...CRUD_ACTIONS, 'Feature', 'Picker (`light=1`)'],
    RESOURCE_NAMES.map((name) => {
      const { roles, feature } = RESOURCES[name];
      return [`\`${name}\``, ...CRUD_ACTIONS.map((action) => roleList(roles[action])), featureName(feature) ?? '-', PICKER_ROLES[name] ? roleList(PICKER_ROLES[name]) : '-'];
    }),
  );
}

/** The named permissions (core/policies/route.permissions). `routes` (optional): the API routes naming each. */
export function renderPermissionTable(routes: Partial<Record<Permission, string[]>> = {}): string {
  return table(
    ['Permission', 'Roles', 'For', 'Routes'],
    (Object.keys(PERMISSIONS) as Permission[]).map((name) => [`\`${name}\``, roleList(PERMISSIONS[name].roles), PERMISSIONS[name].text, (routes[name] ?? []).map((r) => `\`${r}\``).join(', ') || '-']),
  );
}

/** One row per action, one column per status: `yes`, or the refusal code the policy answers. */
function statusMatrix<A extends string>(name: StatusTable, actions: readonly A[], refusal: (action: A, status: number) => ErrorCode | null): string {
  const statuses = statusCodes(name);
  return table(
    ['Action', ...statuses.map((code) => statusLabel(name, code))],
    actions.map((action) => [`\`${action}\``, ...statuses.map((status) => {
      const code = refusal(action, status);
      return code ? `\`${code}\`` : 'yes';
    })]),
  );
}

export const renderBatchTable = () => statusMatrix('batches', BATCH_ACTIONS, (action, status) => batchRefusal(action, { status }));

/** Item actions by the item's status (not yet converted into a shipment), then the batch status gate of its verbs. */
export function renderBatchItemTables(): string {
  const byItem = statusMatrix('batch_items', BATCH_ITEM_ACTIONS, (action, status) => batchItemRefusal(action, { status, shipment_id: null }));
  const byBatch = statusMatrix('batches', BATCH_GATED_VERBS, (verb, status) => batchStatusRefusal(verb, status));
  return `${byItem}\n\nBy the status of the item's batch (core/campaigns/batch-gate.ts):\n\n${byBatch}`;
}

/** Manifest verbs (from, to) and the record actions by status. */
export function renderManifestTables(): string {
  const label = (code: number) => statusLabel('manifests', code);
  const verbs = table(
    ['Verb', 'From', 'To', 'Refusal otherwise', 'Note'],
    Object.entries(MANIFEST_VERB_RULES).map(([verb, rule]) => [`\`${verb}\``, rule.from.map(label).join(', '), rule.to === undefined ? 'same' : label(rule.to), '`record.locked`', rule.note]),
  );
  const records = statusMatrix('manifests', MANIFEST_RECORD_ACTIONS, (action, status) => manifestRefusal(action, { status }));
  return `${verbs}\n\n${records}`;
}

/** Shipment record actions, and CRUD of its packages, by the shipment's status (core/policies/shipments.policy.ts). */
export function renderShipmentRecordTables(): string {
  const shipment = statusMatrix('shipments', ['edit', 'delete', 'replace-packages'] as const, (action, status) => shipmentRecordRefusal(action, { status }));
  const packages = statusMatrix('shipments', ['create', 'edit', 'delete'] as const, (action, status) => shipmentPackageRefusal(action, { status }));
  return `${shipment}\n\nPackages (CRUD), by the status of their shipment:\n\n${packages}`;
}

const ROLE_NAMES = Object.keys(ROLES) as RoleName[];
/** A demo actor of each role; merchant roles (and legacy rows) belong to merchant 1. */
const actorOf = (name: RoleName) => ({ id: 100, role: ROLES[name], merchant_id: name.startsWith('merchant') ? 1 : null });

function scopeText(scope: ReturnType<typeof packageScope>): string {
  if (scope.kind === 'merchant') return "its merchant's";
  if (scope.kind === 'locations') return `at or bound for its locations${scope.alsoStatuses.length ? `, plus any in ${scope.alsoStatuses.join(', ')}` : ''}`;
  if (scope.kind === 'driver') return 'its own and its driver work';
  return scope.kind;
}

/** Which records each role reaches (packages, locations, users, manifests policies), and who changes a location. */
export function renderScopeTable(): string {
  const userText = (scope: ReturnType<typeof userScope>) => (scope.kind === 'merchant' ? "its merchant's merchant roles, and itself" : scope.kind === 'self' ? 'itself' : scope.kind);
  return table(
    ['Role', 'Packages', 'Locations', 'Changes locations (record rule, after the CRUD gate)', 'Sets location type / merchant', 'Users', 'Every merchant\'s manifests (besides staff)'],
    ROLE_NAMES.map((name) => {
      const actor = actorOf(name);
      const changes = [managesLocation(actor, { merchant_id: 1 }) && 'own merchant', managesLocation(actor, { merchant_id: 2 }) && 'other merchants', managesLocation(actor, { merchant_id: null }) && 'network'].filter(Boolean);
      return [name, scopeText(packageScope(actor)), locationScope(actor), changes.join(', ') || '-', setsLocationOwner(actor) ? 'yes' : '-', userText(userScope(actor)), seesEveryManifest(actor) ? 'yes' : '-'];
    }),
  );
}

/** User management: each role (column) acting on each kind of account (rows), per action: yes or the refusal code. */
export function renderUserTable(): string {
  const targets: [string, UserRecord][] = [
    ['merchant user, same merchant', { id: 1, role: ROLES.merchant_user, merchant_id: 1 }],
    ['merchant admin, same merchant', { id: 2, role: ROLES.merchant_admin, merchant_id: 1 }],
    ['merchant user, other merchant', { id: 3, role: ROLES.merchant_user, merchant_id: 2 }],
    ['staff (support)', { id: 4, role: ROLES.support, merchant_id: null }],
    ['staff row carrying merchant 1 (legacy)', { id: 5, role: ROLES.support, merchant_id: 1 }],
    ['itself', { id: 100, role: 0, merchant_id: null }],
  ];
  return table(
    ['Account', 'Action', ...ROLE_NAMES],
    targets.flatMap(([label, record]) =>
      USER_ACTIONS.map((action) => [label, `\`${action}\``, ...ROLE_NAMES.map((name) => {
        const actor = actorOf(name);
        const target = record.id === actor.id ? { ...record, role: actor.role, merchant_id: actor.merchant_id } : record;
        const code = userRefusal(actor, action, target);
        return code ? `\`${code}\`` : 'yes';
      })]),
    ),
  );
}
