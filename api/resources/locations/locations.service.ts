/**
 * Locations: a superadmin creates drop-off locations by default, everyone else pickup locations with their
 * merchant; fields a role may not see (FIELD_MASKS: active, approved, code, locker_service...) are ignored on
 * write for that role, and a code is generated when none is given. New locations are active.
 */
import { randomBytes } from 'node:crypto';
import { DomainError } from '../../../core/errors.js';
import { locationDefaults } from '../../../core/schemas/index.js';
import { canSeeField } from '../../../core/permissions.js';
import { managesLocation, setsLocationOwner } from '../../../core/policies/locations.policy.js';
import { normalizeCountry } from '../../../core/validation.js';
import type { RequestActor } from '../../http/context.js';
import type { ServiceContext } from '../access.js';
import { verdictsFor, type Row } from '../module.js';
import { attachNames, refuseIfInUse } from '../related.js';
import { fieldError, pick, schemas, toFlag, validateOrThrow } from '../validate.js';
import { LOCATION_WRITABLE, codeTaken } from './locations.repository.js';

const FLAGS = ['active', 'approved'] as const;
const NUMBERS = ['latitude', 'longitude', 'storage_days', 'merchant_id', 'storage_reminder_hours', 'storage_extensions_max', 'storage_extension_hours', 'storage_extension_after_hours'] as const;

export async function locationVerdicts(rows: Row[], actor: RequestActor) {
  return verdictsFor(rows, actor, 'locations', (row) => {
    const own = managesLocation(actor, row as { merchant_id: number | null });
    // Support may view every location but only superadmins and the owning merchant admin change them.
    return own ? {} : { edit: 'forbidden', delete: 'forbidden' };
  });
}

/** The body fields this role may set. */
function writable(actor: RequestActor): string[] {
  const fields = LOCATION_WRITABLE.filter((f) => canSeeField(actor.role, 'locations', f));
  return setsLocationOwner(actor) ? fields : fields.filter((f) => f !== 'type' && f !== 'merchant_id');
}

function normalize(values: Row): Row {
  for (const f of NUMBERS) if (values[f] != null && values[f] !== '' && Number.isFinite(Number(values[f]))) values[f] = Number(values[f]);
  if (values.address_country != null) values.address_country = normalizeCountry(values.address_country);
  if (typeof values.code === 'string') values.code = values.code.toUpperCase();
  return values;
}

async function checkUnique(ctx: ServiceContext, values: Row, exceptId?: number) {
  if (values.code && (await codeTaken(ctx.db, values.code, exceptId))) fieldError('code', 'validation.unique');
  if (values.merchant_id != null && !(await ctx.db.selectFrom('merchants').select('id').where('id', '=', values.merchant_id).executeTakeFirst())) {
    fieldError('merchant_id', 'validation.exists');
  }
}

const stored = (values: Row): Row => {
  const out: Row = { ...values };
  for (const f of FLAGS) if (out[f] !== undefined) out[f] = toFlag(out[f]);
  return out;
};

export async function createLocation(ctx: ServiceContext, body: Row) {
  const { actor } = ctx;
  const values = normalize({ ...locationDefaults(actor.role), ...pick(body, writable(actor)) });
  if (!setsLocationOwner(actor)) values.merchant_id = actor.merchant_id;
  if (!values.code) values.code = `${values.type === 'dropoff' ? 'D' : 'P'}-${randomBytes(4).toString('hex').toUpperCase()}`;
  validateOrThrow(schemas.locations.create, values);
  await checkUnique(ctx, values);
  const { id } = await ctx.db
    .insertInto('locations')
    .values({ ...stored(values), created_at: ctx.now, updated_at: ctx.now } as any)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id };
}

export async function updateLocation(ctx: ServiceContext, row: Row, body: Row) {
  const fields = writable(ctx.actor);
  const values = normalize({ ...Object.fromEntries(LOCATION_WRITABLE.map((f) => [f, row[f]])), ...pick(body, fields) });
  validateOrThrow(schemas.locations.update, values);
  await checkUnique(ctx, values, row.id);
  const changes = Object.fromEntries(fields.map((f) => [f, values[f] ?? null]));
  const n = await ctx.db
    .updateTable('locations')
    .set({ ...stored(changes), updated_at: ctx.now } as any)
    .where('id', '=', row.id)
    .where('updated_at', '=', row.updated_at)
    .executeTakeFirst();
  if (Number(n.numUpdatedRows) !== 1) throw new DomainError('conflict.stale');
}

export async function deleteLocation(ctx: ServiceContext, row: Row) {
  await ctx.db.transaction().execute(async (trx) => {
    await refuseIfInUse(trx, 'locations', row.id, ctx.actor);
    await trx.deleteFrom('locations').where('id', '=', row.id).execute();
  });
}

export async function locationIncludes(ctx: ServiceContext, row: Row): Promise<Row> {
  const r: Row = { ...row };
  await attachNames(ctx.db, [r], 'merchant_id', 'merchants', 'merchant_name');
  const groups = await ctx.db.selectFrom('location_group_locations').select('location_group_id').where('location_id', '=', row.id).execute();
  return { merchant_name: r.merchant_name, location_group_ids: groups.map((g) => g.location_group_id) };
}
