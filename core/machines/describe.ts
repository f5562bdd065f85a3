/** Renders the machine tables as Markdown, so docs/state-machines.md is generated from the data. */
import { ROLES, type RoleName } from '../roles.js';
import { FEATURES, type FeatureName } from '../features.js';
import { PACKAGE_NEEDS, PACKAGE_RULES } from './package.machine.js';
import { SHIPMENT_NEEDS, SHIPMENT_RULES } from './shipment.machine.js';

/** `5` -> "superadmin, merchant_admin" (with "system" for rules the system actor may apply). */
export function roleList(mask: number, system?: boolean): string {
  const names = (Object.keys(ROLES) as RoleName[]).filter((name) => (mask & ROLES[name]) !== 0);
  if (system) names.push('system' as RoleName);
  return names.join(', ') || '-';
}

export const featureName = (bit: number | undefined) =>
  bit ? (Object.keys(FEATURES) as FeatureName[]).find((name) => FEATURES[name] === bit) : undefined;

const statusList = (statuses: readonly number[]) => statuses.join(', ');

/** `{ 0: a, 4: a, -90: b }` -> "0, 4: `a`; -90: `b`" (statuses grouped by code). */
function refusalList(refusals: Readonly<Record<number, string>> | undefined): string[] {
  const byCode = new Map<string, string[]>();
  for (const [status, code] of Object.entries(refusals ?? {})) byCode.set(code, [...(byCode.get(code) ?? []), status]);
  return [...byCode].map(([code, statuses]) => `${statuses.join(', ')}: \`${code}\``);
}
export const cell = (text: string) => text.replace(/\|/g, '\\|');

function targetLabel(to: unknown, label: string | undefined): string {
  if (label) return label;
  return to === 'same' ? 'same' : String(to);
}

export function renderPackageTable(): string {
  const rows = PACKAGE_RULES.map((rule) => {
    const needs = [...(rule.needs ?? [])];
    const feature = featureName(rule.feature);
    const refusals = refusalList(rule.refusals);
    const cells = [
      `\`${rule.action}\``,
      rule.at ?? '',
      statusList(rule.from),
      targetLabel(rule.to, rule.toLabel) + (rule.via?.length ? ` via ${rule.via.join(', ')}` : ''),
      roleList(rule.roles, rule.system),
      [...needs, ...(feature ? [`feature ${feature}`] : [])].join(', '),
      refusals.join('; '),
      rule.note,
    ];
    return `| ${cells.map(cell).join(' | ')} |`;
  });
  return [
    '| Action | At | From | To | Roles | Needs | Refusals | Note |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

export function renderShipmentTable(): string {
  const rows = SHIPMENT_RULES.map((rule) => {
    const special = refusalList(rule.refusals);
    const cells = [
      `\`${rule.action}\``,
      statusList(rule.from),
      targetLabel(rule.to, rule.toLabel),
      roleList(rule.roles, rule.system),
      (rule.needs ?? []).join(', '),
      [`other: \`${rule.refusal}\``, ...special].join('; '),
      rule.note,
    ];
    return `| ${cells.map(cell).join(' | ')} |`;
  });
  return ['| Action | From | To | Roles | Needs | Refusals | Note |', '|---|---|---|---|---|---|---|', ...rows].join('\n');
}

export function renderNeeds(): string {
  const lines = [
    ...Object.entries(PACKAGE_NEEDS).map(([need, text]) => `- package \`${need}\`: ${text}`),
    ...Object.entries(SHIPMENT_NEEDS).map(([need, text]) => `- shipment \`${need}\`: ${text}`),
  ];
  return lines.join('\n');
}
