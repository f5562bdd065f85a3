/**
 * Shipment import use-cases shared by the API (upload -> preview -> save) and the CLI: check a file
 * against one merchant's data, and store the valid shipments in ONE transaction through the shipments
 * service (same references, barcodes, events and rules as a single create).
 */
import { sql } from 'kysely';
import { DomainError } from '../../core/errors.js';
import { importShipmentRows, type ImportedShipment, type ShipmentImportResult } from '../../core/import/shipments.js';
import type { Dialect } from '../db/dialect.js';
import type { Db, ServiceContext } from '../resources/access.js';
import { assignImportBarcodes, insertShipments, newShipmentValues, type NewShipment } from '../resources/shipments/shipments.service.js';
import { merchantImportContext } from './import-context.js';
import { openImportFile, type ImportSource } from './read-import-file.js';
import type { ImportFormat } from './detect.js';
import type { CheckOptions, ImportKindService, StoreClaim } from './import-kinds.js';

export interface CheckedFile extends ShipmentImportResult {
  format: ImportFormat;
}

/** Reads and checks a file for one merchant (nothing is written). File refusals throw coded errors. */
export async function checkShipmentFile(ctx: Pick<ServiceContext, 'db'>, source: ImportSource, merchantId: number, options: CheckOptions = {}): Promise<CheckedFile> {
  const context = await merchantImportContext(ctx.db, merchantId);
  const { format, rows } = await openImportFile(source, options);
  const result = await importShipmentRows(rows, context, { keepRows: options.keepRows ?? 'invalid' });
  return { ...result, format };
}

/**
 * Stores the checked shipments of one merchant in one transaction: a failure writes nothing.
 * Returns the new shipment ids in file order. The `shipments` array is consumed (emptied).
 */
export async function storeImportedShipments(ctx: ServiceContext, merchantId: number, shipments: ImportedShipment[], claim?: StoreClaim): Promise<number[]> {
  if (!shipments.length) return [];
  return ctx.db.transaction().execute(async (trx) => {
    await claim?.(trx);
    await refuseTakenReferences(trx, ctx.app.dialect, merchantId, shipments);
    const ids: number[] = [];
    // Chunk by chunk inside the one transaction: each chunk's barcodes and references are checked against
    // what is stored so far (earlier chunks included), and memory holds one chunk of rows at a time.
    // Stored bodies are released as the save goes (the list is consumed), so memory falls as rows go in.
    const pending = shipments.splice(0, shipments.length);
    while (pending.length) {
      const chunk = pending.splice(0, STORE_CHUNK);
      const items = await assignImportBarcodes(trx, chunk.flatMap((s) => s.body.packages));
      let next = 0;
      const list: NewShipment[] = chunk.map(({ body }) => {
        const { packages, ...fields } = body;
        const own = items.slice(next, next + packages.length);
        next += packages.length;
        return { merchantId, values: newShipmentValues(fields), items: own };
      });
      ids.push(...(await insertShipments(ctx, trx, list)));
    }
    return ids;
  });
}

const STORE_CHUNK = 500;

/** The PostgreSQL advisory lock (with the merchant's id as second key) an import save holds for its transaction ("LLIM"). */
const MERCHANT_IMPORT_LOCK = 0x4c4c494d;

/**
 * 422 `import.references_taken` when an order number of the file was stored since the file was checked: the same
 * file uploaded twice (two tabs, a double click) and both uploads saved at once, or two CLI runs, each passed its
 * check before either stored, and every order was stored twice. Asked again inside the save's transaction, after a
 * lock of the merchant's imports (PostgreSQL; SQLite runs one write transaction at a time), so the later save waits
 * for the earlier one, then refuses and writes nothing, as a save a moment later does.
 */
async function refuseTakenReferences(trx: Db, dialect: Dialect, merchantId: number, shipments: ImportedShipment[]) {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${MERCHANT_IMPORT_LOCK}, ${merchantId})`.execute(trx);
  const references = [...new Set(shipments.flatMap((s) => (s.body.external_reference_id ? [s.body.external_reference_id] : [])))];
  const taken: string[] = [];
  for (let start = 0; start < references.length; start += 1000) {
    const rows = await trx
      .selectFrom('shipments')
      .select('external_reference_id')
      .where('merchant_id', '=', merchantId)
      .where('external_reference_id', 'in', references.slice(start, start + 1000))
      .execute();
    taken.push(...rows.map((r) => r.external_reference_id!));
  }
  if (taken.length)
    throw new DomainError('import.references_taken', 'import.references_taken', { params: { smart_count: taken.length, references: taken.sort().slice(0, 5).join(', ') } });
}

/** The wizard's view of shipment imports (api/import/import-kinds.ts): a merchant's shipments. */
export const shipmentImports: ImportKindService<CheckedFile> = {
  kind: 'shipments',
  check: (ctx, source, target, options) => checkShipmentFile(ctx, source, target.merchantId, options),
  creates: (checked) => checked.counts.shipments,
  store: (ctx, target, checked, claim) => storeImportedShipments(ctx, target.merchantId, checked.shipments, claim),
};
