/**
 * The ImportContext (core/import/context.ts) backed by the database for one merchant: the locations the
 * merchant may use are loaded once (network locations plus its own), order numbers and barcodes are
 * checked in chunks by the importer.
 */
import type { Kysely } from 'kysely';
import type { ImportContext, ImportLocation } from '../../core/import/context.js';
import type { LocationClass } from '../../core/constants.js';
import { normalizeCode } from '../../core/identifiers.js';
import type { Database } from '../db/tables.js';
import { takenBarcodes } from '../resources/shipments/shipments.repository.js';
import { merchantContentTypes } from '../resources/merchants/merchants.repository.js';

type Index = Map<string, ImportLocation>;

export async function merchantImportContext(db: Kysely<Database>, merchantId: number): Promise<ImportContext> {
  const locations = await db
    .selectFrom('locations')
    .select(['id', 'code', 'name', 'type', 'class', 'active', 'merchant_id'])
    .where((eb) => eb.or([eb('merchant_id', 'is', null), eb('merchant_id', '=', merchantId)]))
    .orderBy('id')
    .execute();
  // Code first, then name; the first location wins on a repeated name.
  const byKind = { dropoff: { code: new Map() as Index, name: new Map() as Index }, pickup: { code: new Map() as Index, name: new Map() as Index } };
  for (const l of locations) {
    const location: ImportLocation = { id: l.id, class: l.class as LocationClass, active: l.active === 1 };
    // Drop-off columns take drop-off locations only; pickup columns any location the merchant may use.
    const kinds = l.type === 'dropoff' ? (['dropoff', 'pickup'] as const) : (['pickup'] as const);
    for (const kind of kinds) {
      if (!byKind[kind].code.has(l.code.toLowerCase())) byKind[kind].code.set(l.code.toLowerCase(), location);
      if (!byKind[kind].name.has(l.name.toLowerCase())) byKind[kind].name.set(l.name.toLowerCase(), location);
    }
  }
  const contentTypes = await merchantContentTypes(db, merchantId);
  return {
    resolveLocation(value, kind) {
      const key = value.toLowerCase();
      return byKind[kind].code.get(key) ?? byKind[kind].name.get(key) ?? null;
    },
    async existingReferences(references) {
      const rows = await db
        .selectFrom('shipments')
        .select('external_reference_id')
        .where('merchant_id', '=', merchantId)
        .where('external_reference_id', 'in', references)
        .execute();
      return rows.map((r) => r.external_reference_id!);
    },
    async existingBarcodes(barcodes) {
      // Stored barcodes are normalised (trimmed, upper case), as the shipment service stores them.
      const taken = await takenBarcodes(db, barcodes.map(normalizeCode));
      return barcodes.filter((b) => taken.has(normalizeCode(b)));
    },
    contentTypes,
  };
}
