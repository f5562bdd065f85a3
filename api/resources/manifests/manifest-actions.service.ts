/**
 * Manifest lifecycle (DESIGN.md section 4): 0 draft -> finalize -> 10 -> go-live -> 50 -> fulfil -> 100;
 * delivery-attempted is recorded while live. Packages join or leave only while the manifest is a draft;
 * package_count and shipment_count are recounted in the same transaction. Refusals: record.locked; packages
 * unknown, on another manifest or (removing) not on this one: 422 on `barcodes`/`package_ids` naming them.
 */
import { DomainError, type ErrorCode } from '../../../core/errors.js';
import { MANIFEST_ACTIONS, type ManifestAction } from '../../../core/machines/actions.js';
import { MANIFEST_VERB_RULES, manifestVerbRefusal } from '../../../core/policies/manifests.policy.js';
import type { Manifest } from '../../db/tables.js';
import { recordEvents, type NewEvent } from '../../events/events.repository.js';
import { fieldError } from '../validate.js';
import { actorId, nextStamp, type Executor, type OpContext } from '../shared/op-context.js';
import { scopePackages } from '../packages/package-scope.js';

export const MANIFEST_VERBS = MANIFEST_ACTIONS;
export type ManifestVerb = ManifestAction;

/** Why the verb is refused on this manifest now (null when allowed): core/policies/manifests.policy.ts. */
export const manifestRefusal = (manifest: Pick<Manifest, 'status'>, verb: ManifestVerb): ErrorCode | null => manifestVerbRefusal(verb, manifest);

function packageIdsOf(body: Record<string, unknown>): { ids: number[]; barcodes: string[] } {
  const list = (v: unknown) => (Array.isArray(v) ? v : v && typeof v === 'object' ? Object.values(v) : v === undefined || v === null || v === '' ? [] : [v]);
  const ids = list(body.package_ids).map(Number);
  const barcodes = list(body.barcodes).map((b) => String(b).trim().toUpperCase());
  if (ids.some((id) => !Number.isInteger(id) || id < 1)) fieldError('package_ids', 'validation.exists');
  if (!ids.length && !barcodes.length) fieldError('package_ids', 'validation.required');
  if (ids.length + barcodes.length > 1000) throw new DomainError('bad_request');
  return { ids, barcodes };
}

const nameOf = (p: { barcode: string }) => p.barcode;

/** A 422 on the field the caller used that names the packages concerned, so the user knows which to fix. */
function refuseListed(wanted: { barcodes: string[] }, names: string[], key: string): void {
  if (!names.length) return;
  const shown = names.length > 20 ? `${names.slice(0, 20).join(', ')}, …` : names.join(', ');
  fieldError(wanted.barcodes.length ? 'barcodes' : 'package_ids', key, 'validation.failed', { list: shown, smart_count: names.length });
}

async function recount(trx: Executor, manifestId: number, stamp: string) {
  const counts = await trx
    .selectFrom('packages')
    .select((eb) => [eb.fn.countAll<number>().as('packages'), eb.fn.count<number>('shipment_id').distinct().as('shipments')])
    .where('manifest_id', '=', manifestId)
    .executeTakeFirstOrThrow();
  await trx.updateTable('manifests').set({ package_count: Number(counts.packages), shipment_count: Number(counts.shipments), updated_at: stamp }).where('id', '=', manifestId).execute();
}

export async function runManifestVerb(ctx: OpContext, manifest: Manifest, verb: ManifestVerb, body: Record<string, unknown> = {}): Promise<Manifest> {
  const refusal = manifestRefusal(manifest, verb);
  if (refusal) throw new DomainError(refusal);
  const rule = MANIFEST_VERB_RULES[verb];
  const now = ctx.now.toISOString();
  const stamp = nextStamp(ctx.now, manifest.updated_at);
  const who = actorId(ctx);
  const wanted = verb === 'add-packages' || verb === 'remove-packages' ? packageIdsOf(body) : null;
  return ctx.db.transaction().execute(async (trx) => {
    const set: Partial<Manifest> = { updated_at: stamp };
    if (rule.to !== undefined) set.status = rule.to;
    if (verb === 'delivery-attempted') set.delivery_attempted = 1;
    // Compare-and-set: a concurrent verb on the same manifest makes this one a 409.
    const res = await trx.updateTable('manifests').set(set).where('id', '=', manifest.id).where('status', '=', manifest.status).where('updated_at', '=', manifest.updated_at).executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw new DomainError('conflict.stale');
    const events: NewEvent[] = [];
    if (wanted) {
      let qb = scopePackages(trx.selectFrom('packages').selectAll('packages'), ctx.actor).where((eb) =>
        eb.or([...(wanted.ids.length ? [eb('packages.id', 'in', wanted.ids)] : []), ...(wanted.barcodes.length ? [eb('packages.barcode', 'in', wanted.barcodes)] : [])]),
      );
      if (manifest.merchant_id != null) qb = qb.where('packages.merchant_id', '=', manifest.merchant_id);
      const packages = await qb.execute();
      const unknown = [
        ...wanted.barcodes.filter((b) => !packages.some((p) => p.barcode === b)),
        ...wanted.ids.filter((i) => !packages.some((p) => p.id === i)).map(String),
      ];
      refuseListed(wanted, unknown, 'validation.packages_unknown');
      if (verb === 'add-packages') {
        refuseListed(wanted, packages.filter((p) => p.manifest_id != null && p.manifest_id !== manifest.id).map(nameOf), 'validation.packages_on_other_manifest');
        await trx.updateTable('packages').set({ manifest_id: manifest.id }).where('id', 'in', packages.map((p) => p.id)).execute();
      } else {
        refuseListed(wanted, packages.filter((p) => p.manifest_id !== manifest.id).map(nameOf), 'validation.packages_not_on_manifest');
        await trx.updateTable('packages').set({ manifest_id: null }).where('id', 'in', packages.map((p) => p.id)).execute();
      }
      await recount(trx, manifest.id, stamp);
      events.push({ subject_type: 'manifest', subject_id: manifest.id, kind: verb, from_status: manifest.status, to_status: manifest.status, actor_id: who, created_at: now, data: { packages: packages.map((p) => p.id) } });
    } else {
      events.push({ subject_type: 'manifest', subject_id: manifest.id, kind: rule.to !== undefined ? 'status' : verb, from_status: manifest.status, to_status: rule.to ?? manifest.status, actor_id: who, created_at: now, data: { action: verb } });
    }
    await recordEvents(trx, events);
    return trx.selectFrom('manifests').selectAll().where('id', '=', manifest.id).executeTakeFirstOrThrow();
  });
}
