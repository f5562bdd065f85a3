/**
 * Shipment import use-cases shared by the API (upload -> preview -> save) and the CLI: check a file
 * against one merchant's data, and store the valid shipments in ONE transaction through the shipments
 * service (same references, barcodes, events and rules as a single create).
 */
import { importShipmentRows, type ImportedShipment, type ShipmentImportResult } from '../../core/import/shipments.js';
import type { ServiceContext } from '../resources/access.js';
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

/** The wizard's view of shipment imports (api/import/import-kinds.ts): a merchant's shipments. */
export const shipmentImports: ImportKindService<CheckedFile> = {
  kind: 'shipments',
  check: (ctx, source, target, options) => checkShipmentFile(ctx, source, target.merchantId, options),
  creates: (checked) => checked.counts.shipments,
  store: (ctx, target, checked, claim) => storeImportedShipments(ctx, target.merchantId, checked.shipments, claim),
};
