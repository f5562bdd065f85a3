/**
 * One import/export bench scenario in its own process, so its peak RSS (VmHWM) is its own:
 *   tsx tests/bench/import-scenario.ts import <file> <sqlite> <merchantId> <name>
 *   tsx tests/bench/import-scenario.ts export <out.xlsx|out.csv> <sqlite> <merchantId> <name>
 * Import = read + check + insert in one transaction (the CLI path). Prints one BENCH line.
 */
import { createWriteStream, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { openDatabase } from '../../api/db/database.js';
import type { ServiceContext } from '../../api/resources/access.js';
import { checkShipmentFile, storeImportedShipments } from '../../api/import/shipment-import.service.js';
import { exportHeader } from '../../api/export/columns.js';
import { shipmentExportRows } from '../../api/export/shipment-export.service.js';
import { writeExport } from '../../api/export/writers.js';
import { filteredQuery, parseListQuery } from '../../api/resources/list-query.js';
import { shipmentsList } from '../../api/resources/shipments/shipments.repository.js';
import { makeTranslator } from '../../core/i18n/index.js';
import { ROLES } from '../../core/roles.js';
import { preferCompactMemory } from '../../api/import/bulk-memory.js';

const peakRssMb = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

async function main() {
  const [mode, file, sqlite, merchant, name] = process.argv.slice(2);
  const merchantId = Number(merchant);
  // As the CLI import and export commands do.
  preferCompactMemory();
  const database = await openDatabase({ sqliteFile: sqlite });
  const now = new Date().toISOString();
  const ctx = {
    app: undefined as never,
    db: database.db,
    now,
    actor: { id: 0, role: ROLES.superadmin, merchant_id: null, features: 0, location_ids: [], user: {} as never, via: 'token' },
  } as ServiceContext;
  const started = process.hrtime.bigint();
  let rows = 0;
  try {
    if (mode === 'import') {
      const checked = await checkShipmentFile(ctx, { path: file, name: basename(file) }, merchantId);
      if (checked.counts.invalid) throw new Error(`bench file has ${checked.counts.invalid} invalid rows: ${JSON.stringify(checked.rows[0])}`);
      const ids = await storeImportedShipments(ctx, merchantId, checked.shipments);
      rows = checked.counts.rows;
      if (ids.length !== checked.counts.shipments) throw new Error('not every shipment was stored');
    } else {
      const query = parseListQuery(shipmentsList, { filters: { merchant_id: [merchantId] } }, ROLES.superadmin);
      const shipments = filteredQuery(ctx.db, database.dialect, shipmentsList, query, ctx.actor);
      const format = file.endsWith('.csv') ? 'csv' : 'xlsx';
      rows = await writeExport(format, exportHeader(makeTranslator('en')), shipmentExportRows(ctx.db, shipments), createWriteStream(file));
    }
  } finally {
    await database.close();
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(`BENCH ${JSON.stringify({ name, seconds: round(seconds), rows, rows_per_s: Math.round(rows / seconds), rss_mb: round(peakRssMb(), 1) })}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
