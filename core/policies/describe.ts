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
import { MANIFEST_RECORD_ACTIONS, MANIFEST_VERB_RULES, manifestRefusal } from './manifests.policy.js';

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
