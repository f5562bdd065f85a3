/**
 * `lockerline export shipments --format csv|xlsx [--status 0,20] [--merchant ID] [--locale en|es] --out FILE`: the API
 * export, in-process. The header row is in the operator's language (like the CLI's messages) unless --locale says otherwise.
 */
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
import { cliLocale } from '../i18n.js';
import { preferCompactMemory } from '../../api/import/bulk-memory.js';
import type { Translate } from '../../core/validation.js';
import { explained, positiveId } from './cli-import-support.js';

interface ExportOptions {
  format: string;
  status?: string;
  merchant?: string;
  out: string;
  locale: string;
}

export function registerExportCommands(program: Command, io: CliIo, t: Translate): void {
  program
    .command('export')
    .description(t('cli.export'))
    .command('shipments')
    .description(t('cli.export_shipments'))
    .option('--format <format>', t('cli.option_file_format'), 'xlsx')
    .option('--status <codes>', t('cli.option_export_status'))
    .option('--merchant <id>', t('cli.option_export_merchant'))
    .option('--locale <locale>', t('cli.option_header_locale'), cliLocale(io.env))
    .requiredOption('--out <file>', t('cli.option_export_out'))
    .action(async (options: ExportOptions) => {
      preferCompactMemory();
      const format = await explained(t, async () => exportFormat(options.format));
      const locale = options.locale;
      if (!isLocale(locale)) throw new CliError(t('cli.option_not_locale', { value: locale }));
      const filters: Record<string, unknown> = {};
      if (options.status !== undefined) {
        const codes = options.status.split(',').map((s) => s.trim());
        if (codes.some((c) => !/^-?\d+$/.test(c))) throw new CliError(t('cli.export_bad_status', { value: options.status }));
        filters.status = codes;
      }
      if (options.merchant !== undefined) filters.merchant_id = [positiveId(t, options.merchant, '--merchant')];
      await withServices(io, async ({ ctx, app }) => {
        const query = parseListQuery(shipmentsList, { filters }, ctx.actor.role);
        const shipments = filteredQuery(ctx.db, app.dialect, shipmentsList, query, ctx.actor);
        const out = createWriteStream(options.out);
        const rows = await writeExport(format, exportHeader(makeTranslator(locale)), shipmentExportRows(ctx.db, shipments), out);
        io.out(t('cli.exported', { rows, file: options.out }));
      });
    });
}
