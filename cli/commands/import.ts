/**
 * `lockerline import shipments FILE --merchant ID [--dry-run] [--only-valid] [--json]` and
 * `lockerline import batch-items FILE --batch ID [...]`: the same readers, checks and storage as the API
 * import (api/import), in-process. Exit code 0 all rows imported, 1 nothing imported, 2 partial.
 */
import { basename } from 'node:path';
import type { Command } from 'commander';
import { CliError, CliExit } from '../errors.js';
import type { CliIo } from '../io.js';
import { withServices } from '../services.js';
import { preferCompactHeap } from '../../api/import/heap.js';
import { cliTranslator } from '../i18n.js';
import { checkShipmentFile, storeImportedShipments } from '../../api/import/shipment-import.service.js';
import { checkBatchItemFile, importBatch, storeBatchItems } from '../../api/import/batch-item-import.service.js';
import { errorTable, exitCodeFor, explained, jsonErrors, positiveId, progress } from './cli-import-support.js';

interface ImportOptions {
  dryRun?: boolean;
  onlyValid?: boolean;
  json?: boolean;
  sheet?: string;
}

interface Outcome {
  counts: { rows: number; valid: number; invalid: number };
  errors: Parameters<typeof jsonErrors>[0];
  created: number[];
  /** Rows that were (or in a dry run would be) imported. */
  importedRows: number;
  label: string;
}

function report(io: CliIo, options: ImportOptions, outcome: Outcome, refused?: string): never {
  const { counts, errors, created } = outcome;
  const t = cliTranslator(io.env);
  const code = refused ? 1 : exitCodeFor(outcome.importedRows, counts.rows);
  if (options.json) {
    io.out(JSON.stringify({ dry_run: Boolean(options.dryRun), counts, created, errors: jsonErrors(errors, t), refused: refused ?? null, exit_code: code }, null, 2));
  } else {
    for (const line of errorTable(errors, t)) io.out(line);
    io.out(`${counts.rows} rows: ${counts.valid} valid, ${counts.invalid} invalid.`);
    if (refused) io.err(`lockerline: ${refused}`);
    else if (options.dryRun) io.out(`Dry run: ${outcome.importedRows} rows would be imported as ${outcome.label}; nothing was written.`);
    else io.out(`Imported ${created.length} ${outcome.label} from ${outcome.importedRows} rows.`);
  }
  throw new CliExit(code);
}

const refusal = (invalid: number) => `${invalid} rows are invalid: nothing was imported. Fix the file, or add --only-valid to import the valid rows.`;

export function registerImportCommands(program: Command, io: CliIo): void {
  const command = program.command('import').description('Import shipments or batch customers from CSV, XLSX, XLS or ODS files');

  command
    .command('shipments <file>')
    .description('Import shipments (one row per package; rows sharing an order number form one shipment)')
    .requiredOption('--merchant <id>', 'merchant the shipments belong to')
    .option('--dry-run', 'check the file and report; write nothing')
    .option('--only-valid', 'import the valid rows even when other rows are invalid')
    .option('--json', 'print the report as JSON')
    .option('--sheet <name>', 'read this sheet instead of the first')
    .addHelpText('after', '\nExit codes: 0 every row imported, 1 nothing imported, 2 only some rows imported.')
    .action(async (file: string, options: ImportOptions & { merchant: string }) => {
      preferCompactHeap();
      const merchantId = positiveId(options.merchant, '--merchant');
      await withServices(io, async ({ ctx }) => {
        const merchant = await ctx.db.selectFrom('merchants').select('id').where('id', '=', merchantId).executeTakeFirst();
        if (!merchant) throw new CliError(`No merchant with id ${merchantId}.`);
        const bar = progress(io);
        let read = 0;
        const checked = await explained(cliTranslator(io.env), () =>
          checkShipmentFile(ctx, { path: file, name: basename(file) }, merchantId, { sheet: options.sheet, onRow: () => bar.tick(++read) }),
        );
        bar.done(Math.max(0, read - 1));
        const errors = checked.rows.flatMap((r) => r.errors);
        const importedRows = checked.shipments.reduce((n, s) => n + s.rows.length, 0);
        const outcome: Outcome = { counts: checked.counts, errors, created: [], importedRows, label: `${checked.counts.shipments} shipments` };
        if (checked.counts.invalid > 0 && !options.onlyValid) report(io, options, { ...outcome, importedRows: 0 }, refusal(checked.counts.invalid));
        if (!options.dryRun) outcome.created = await explained(cliTranslator(io.env), () => storeImportedShipments(ctx, merchantId, checked.shipments));
        outcome.label = 'shipments';
        report(io, options, outcome);
      });
    });

  command
    .command('batch-items <file>')
    .description('Import batch customers: first_name, last_name, email, phone, country, locale (en or es), offset_date (expiry date)')
    .requiredOption('--batch <id>', 'batch (campaign) the customers join')
    .option('--dry-run', 'check the file and report; write nothing')
    .option('--only-valid', 'import the valid rows even when other rows are invalid')
    .option('--json', 'print the report as JSON')
    .addHelpText('after', '\nExit codes: 0 every row imported, 1 nothing imported, 2 only some rows imported.')
    .action(async (file: string, options: ImportOptions & { batch: string }) => {
      preferCompactHeap();
      const batchId = positiveId(options.batch, '--batch');
      await withServices(io, async ({ ctx }) => {
        const t = cliTranslator(io.env);
        const batch = await explained(t, () => importBatch(ctx, batchId));
        const result = await explained(t, () => checkBatchItemFile(ctx, { path: file, name: basename(file) }));
        const errors = result.rows.flatMap((r) => r.errors);
        const outcome: Outcome = { counts: result.counts, errors, created: [], importedRows: result.items.length, label: 'customers' };
        if (result.counts.invalid > 0 && !options.onlyValid) report(io, options, { ...outcome, importedRows: 0 }, refusal(result.counts.invalid));
        if (!options.dryRun) outcome.created = await explained(t, () => storeBatchItems(ctx, batch, result.items));
        report(io, options, outcome);
      });
    });
}
