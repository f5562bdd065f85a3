/**
 * docs/permissions.md and docs/state-machines.md carry sections generated from core (policies, named
 * permissions, machines) between `<!-- generated:<name> -->` markers. `npm run docs:rules` rewrites them;
 * tests/api/rules-docs.test.ts fails when the committed docs differ. Pure: the caller reads and writes files.
 */
import { renderNeeds, renderPackageTable, renderShipmentTable } from '../machines/describe.js';
import { renderBatchItemTables, renderBatchTable, renderCrudTable, renderManifestTables, renderPermissionTable, renderScopeTable, renderShipmentRecordTables, renderUserTable } from '../policies/describe.js';
import type { Permission } from '../policies/route.permissions.js';

/** An /api route and how it is guarded, as the server registered it (api/plugins/route-guard.ts). */
export interface RouteGuardRow {
  method: string;
  url: string;
  guard: { permission: Permission } | { crud: string; action: string } | { access: 'public' | 'session' | 'terminal' };
}

function guardText(guard: RouteGuardRow['guard']): string {
  if ('permission' in guard) return `permission \`${guard.permission}\``;
  if ('crud' in guard) return `CRUD gate \`${guard.crud}\` ${guard.action}`;
  if (guard.access === 'terminal') return 'terminal credential (`Authorization: Terminal <secret>`)';
  return guard.access === 'public' ? 'public' : 'session (the record policy decides)';
}

function renderRouteGuards(routes: readonly RouteGuardRow[]): string {
  const rows = [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  return ['| Route | Guard |', '|---|---|', ...rows.map((r) => `| \`${r.method} ${r.url}\` | ${guardText(r.guard)} |`)].join('\n');
}

/** The generated blocks of each doc (paths from the repository root). */
export function ruleDocBlocks(routes: readonly RouteGuardRow[]): Record<string, Record<string, string>> {
  const byPermission: Partial<Record<Permission, string[]>> = {};
  for (const r of routes) if ('permission' in r.guard) (byPermission[r.guard.permission] ??= []).push(`${r.method} ${r.url}`);
  return {
    'docs/permissions.md': {
      'crud-table': renderCrudTable(),
      'permission-table': renderPermissionTable(byPermission),
      'route-guards': renderRouteGuards(routes),
      'scope-table': renderScopeTable(),
      'user-table': renderUserTable(),
    },
    'docs/state-machines.md': {
      'package-table': renderPackageTable(),
      'shipment-table': renderShipmentTable(),
      'shipment-record-table': renderShipmentRecordTables(),
      needs: renderNeeds(),
      'batch-table': renderBatchTable(),
      'batch-item-table': renderBatchItemTables(),
      'manifest-table': renderManifestTables(),
    },
  };
}

/** The doc's text with each block's content replaced by the generated one; throws when a marker pair is missing. */
export function withGeneratedBlocks(doc: string, text: string, blocks: Record<string, string>): string {
  let out = text;
  for (const [name, body] of Object.entries(blocks)) {
    const pattern = new RegExp(`(<!-- generated:${name} -->\\n)[\\s\\S]*?(<!-- /generated:${name} -->)`);
    if (!pattern.test(out)) throw new Error(`${doc} lacks the ${name} markers`);
    out = out.replace(pattern, (_m, open: string, close: string) => `${open}${body}\n${close}`);
  }
  return out;
}
