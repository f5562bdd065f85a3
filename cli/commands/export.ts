/** `lockerline export shipments --format csv|xlsx [--status 0,20] [--merchant ID] --out FILE`: the API export, in-process. */
import { createWriteStream } from 'node:fs';
import type { Command } from 'commander';
import { makeTranslator, isLocale } from '../../core/i18n/index.js';
import { exportHeader } from '../../api/export/columns.js';
import { shipmentExportRows } from '../../api/export/shipment-export.service.js';
import { exportFormat } from '../../api/export/routes.js';
import { writeExport } from '../../api/export/writers.js';
import { filteredQuery, parseListQuery } from '../../api/resources/list-query.js';
import { shipmentsList } from '../../api/resources/shipments/shipments.repository.js';
import { CliError } from '../errors.js';
import type { CliIo } from '../io.js';
import { withServices } from '../services.js';
import { preferCompactHeap } from '../../api/import/heap.js';
import { cliTranslator } from '../i18n.js';
import { explained, positiveId } from './cli-import-support.js';

interface ExportOptions {
  format: string;
  status?: string;
  merchant?: string;
  out: string;
  locale: string;
}

export function registerExportCommands(program: Command, io: CliIo): void {
  program
    .command('export')
    .description('Export data to CSV or XLSX')
    .command('shipments')
    .description('Export shipments (one row per package), importable again with "lockerline import shipments"')
    .option('--format <format>', 'csv or xlsx', 'xlsx')
    .option('--status <codes>', 'only these shipment statuses, comma-separated (e.g. 0,20)')
    .option('--merchant <id>', 'only this merchant')
    .option('--locale <locale>', 'language of the header row (en or es)', 'en')
    .requiredOption('--out <file>', 'file to write')
    .action(async (options: ExportOptions) => {
      preferCompactHeap();
      const format = await explained(cliTranslator(io.env), async () => exportFormat(options.format));
      const locale = options.locale;
      if (!isLocale(locale)) throw new CliError(`--locale must be en or es, got "${locale}".`);
      const filters: Record<string, unknown> = {};
      if (options.status !== undefined) {
        const codes = options.status.split(',').map((s) => s.trim());
        if (codes.some((c) => !/^-?\d+$/.test(c))) throw new CliError(`--status must be status codes like 0,20, got "${options.status}".`);
        filters.status = codes;
      }
      if (options.merchant !== undefined) filters.merchant_id = [positiveId(options.merchant, '--merchant')];
      await withServices(io, async ({ ctx, app }) => {
        const query = parseListQuery(shipmentsList, { filters }, ctx.actor.role);
        const shipments = filteredQuery(ctx.db, app.dialect, shipmentsList, query, ctx.actor);
        const out = createWriteStream(options.out);
        const rows = await writeExport(format, exportHeader(makeTranslator(locale)), shipmentExportRows(ctx.db, shipments), out);
        io.out(`Exported ${rows} rows to ${options.out}.`);
      });
    });
}
