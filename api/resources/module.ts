/**
 * The shape every resource folder exports, so one set of CRUD routes (crud-routes.ts), one user/can endpoint
 * and one list engine serve all nine resources. Per-record rules live in `verdicts`: one function per
 * resource, reused by list meta.actions, show meta.actions, update/delete checks and user/can.
 */
import type { Kysely } from 'kysely';
import { FIELD_MASKS, canCrud, canSeeField, type ResourceName } from '../../core/permissions.js';
import type { ErrorCode } from '../../core/errors.js';
import type { RequestActor } from '../http/context.js';
import type { Database } from '../db/tables.js';
import type { ListSpec } from './list-query.js';
import type { ServiceContext } from './access.js';

/** action -> null when allowed, else the error code that explains why not. */
export type Verdicts = Record<string, ErrorCode | null>;
export type Row = Record<string, any>;

export interface ResourceModule {
  name: ResourceName;
  list: ListSpec<Row>;
  /** Per-record verdicts for a set of rows (rows carry at least the list columns). */
  verdicts(rows: Row[], actor: RequestActor, db: Kysely<Database>): Promise<Map<number, Verdicts>>;
  /** Overrides the role check of a CRUD action (users: everyone may show and edit themselves). */
  permits?(actor: RequestActor, action: 'show' | 'edit', id: number): boolean;
  /** Shapes a stored row for output (JSON columns parsed, secrets dropped); field masks are applied after. */
  present?(row: Row): Row;
  /** Extra data of the show view (relations, timeline). */
  include?(ctx: ServiceContext, row: Row): Promise<Row>;
  create(ctx: ServiceContext, body: Row): Promise<{ id: number; extra?: Row }>;
  update(ctx: ServiceContext, row: Row, body: Row): Promise<void>;
  remove(ctx: ServiceContext, row: Row): Promise<void>;
}

/** The role-level verdicts for show/edit/delete before any record rule. */
export function crudVerdicts(actor: RequestActor, resource: ResourceName): Verdicts {
  const v = (action: 'show' | 'edit' | 'delete') => (canCrud(actor, resource, action) ? null : 'forbidden');
  return { show: v('show'), edit: v('edit'), delete: v('delete') };
}

/** Applies a per-row refinement on top of the role-level verdicts. */
export function verdictsFor(
  rows: Row[],
  actor: RequestActor,
  resource: ResourceName,
  refine: (row: Row, base: Verdicts) => Partial<Verdicts>,
): Map<number, Verdicts> {
  const base = crudVerdicts(actor, resource);
  return new Map(
    rows.map((row) => {
      const extra = refine(row, base);
      const merged: Verdicts = { ...base };
      // A refinement can only narrow what the role allows.
      for (const [action, reason] of Object.entries(extra)) if (merged[action] === null || merged[action] === undefined) merged[action] = reason ?? null;
      return [row.id as number, merged];
    }),
  );
}

export const allowedActions = (v: Verdicts | undefined) => (v ? Object.keys(v).filter((a) => v[a] === null) : []);

/** Columns never returned by any resource. */
const SECRET_COLUMNS = ['password_hash', 'secret_hash', 'response_token_hash'];

const hiddenCache = new Map<string, string[]>();

/** Secrets plus the fields of `resource` the role may not see (derived from constant tables, so cached). */
function hiddenKeys(resource: ResourceName, role: number): string[] {
  const key = `${resource}:${role}`;
  let keys = hiddenCache.get(key);
  if (!keys) {
    keys = [...SECRET_COLUMNS, ...Object.keys(FIELD_MASKS[resource] ?? {}).filter((f) => !canSeeField(role, resource, f))];
    hiddenCache.set(key, keys);
  }
  return keys;
}

/**
 * Drops secrets and the fields the role may not see (core FIELD_MASKS): a copy when the row holds any of them, else
 * the row itself (a list page's rows usually hold none: copying each was a measurable share of a list request).
 */
export function maskFields(resource: ResourceName, role: number, row: Row): Row {
  let out: Row | undefined;
  // Set to undefined rather than deleted: JSON omits them and the object keeps its fast shape.
  for (const key of hiddenKeys(resource, role)) if (key in row) (out ??= { ...row })[key] = undefined;
  return out ?? row;
}

export function presenter(mod: ResourceModule, role: number) {
  return (row: Row) => maskFields(mod.name, role, mod.present ? mod.present(row) : row);
}

/** Parses a JSON text column, tolerating bad stored values. */
export function parseJson<T>(text: unknown, fallback: T): T {
  if (typeof text !== 'string' || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
