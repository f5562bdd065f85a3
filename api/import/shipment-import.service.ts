/**
 * Shipment import use-cases shared by the API (upload -> preview -> save) and the CLI: check a file
 * against one merchant's data, and store the valid shipments in ONE transaction through the shipments
 * service (same references, barcodes, events and rules as a single create).
 */
import { DomainError } from '../../core/errors.js';
import { importShipmentRows, type ImportedShipment, type ShipmentImportResult } from '../../core/import/shipments.js';
import type { ReadRow } from '../../core/import/rows.js';
import type { ServiceContext } from '../resources/access.js';
import { assignImportBarcodes, insertShipments, newShipmentValues, type NewShipment } from '../resources/shipments/shipments.service.js';
import { merchantImportContext } from './import-context.js';
import { openImportFile, type ImportSource, type ReadOptions } from './read-import-file.js';
import type { ImportFormat } from './detect.js';

export interface CheckOptions extends ReadOptions {
  /** 'invalid' (default) keeps only the rows with errors: memory stays small on large files. */
  keepRows?: 'all' | 'invalid';
  /** Sees every row the reader yields (header first), e.g. for progress or a preview page. */
  onRow?: (row: ReadRow, index: number) => void;
}

export interface CheckedFile extends ShipmentImportResult {
  format: ImportFormat;
}

/** Reads and checks a file for one merchant (nothing is written). File refusals throw coded errors. */
export async function checkShipmentFile(ctx: Pick<ServiceContext, 'db'>, source: ImportSource, merchantId: number, options: CheckOptions = {}): Promise<CheckedFile> {
  const context = await merchantImportContext(ctx.db, merchantId);
  const { format, rows } = await openImportFile(source, options);
  const watched = options.onRow ? watch(rows, options.onRow) : rows;
  const result = await importShipmentRows(watched, context, { keepRows: options.keepRows ?? 'invalid' });
  return { ...result, format };
}

async function* watch(rows: AsyncIterable<ReadRow>, onRow: (row: ReadRow, index: number) => void): AsyncGenerator<ReadRow> {
  let index = 0;
  for await (const row of rows) {
    onRow(row, index++);
    yield row;
  }
}

/**
 * Stores the checked shipments of one merchant in one transaction: a failure writes nothing.
 * Returns the new shipment ids in file order. The `shipments` array is consumed (emptied).
 */
export async function storeImportedShipments(ctx: ServiceContext, merchantId: number, shipments: ImportedShipment[]): Promise<number[]> {
  if (!shipments.length) return [];
  return ctx.db.transaction().execute(async (trx) => {
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

/** The save rule: invalid rows block the save unless only the valid rows are wanted; nothing valid is refused. */
export function assertSavable(result: Pick<ShipmentImportResult, 'counts'>, onlyValid: boolean): void {
  if (result.counts.invalid > 0 && !onlyValid)
    throw new DomainError('import.invalid_rows', 'import.invalid_rows', { params: { count: result.counts.invalid } });
  if (result.counts.shipments === 0) throw new DomainError('import.nothing_to_import');
}
