/**
 * `lockerline import shipments FILE --merchant ID [--dry-run] [--only-valid] [--json]` and
 * `lockerline import batch-items FILE --batch ID [...]`: the same readers, checks and storage as the API
 * import (api/import), in-process. Exit code 0 all rows imported, 1 nothing imported, 2 partial.
 */
import { basename } from 'node:path';
import type { Command } from 'commander';
import { CliError, CliExit } from '../errors.js';
import type { CliIo } from '../io.js';
import type { Translate } from '../../core/validation.js';
import { withServices } from '../services.js';
import { preferCompactMemory } from '../../api/import/bulk-memory.js';
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
  kind: 'shipments' | 'customers';
  /** Records a dry run would create. */
  wouldCreate: number;
}

function report(io: CliIo, t: Translate, options: ImportOptions, outcome: Outcome, refused?: string): never {
  const { counts, errors, created } = outcome;
  const code = refused ? 1 : exitCodeFor(outcome.importedRows, counts.rows);
  if (options.json) {
    io.out(JSON.stringify({ dry_run: Boolean(options.dryRun), counts, created, errors: jsonErrors(errors, t), refused: refused ?? null, exit_code: code }, null, 2));
  } else {
    for (const line of errorTable(errors, t)) io.out(line);
    io.out(t('cli.import_counts', { rows: counts.rows, valid: counts.valid, invalid: counts.invalid }));
    if (refused) io.err(`lockerline: ${refused}`);
    else if (options.dryRun) io.out(t(`cli.import_dry_run_${outcome.kind}`, { rows: outcome.importedRows, count: outcome.wouldCreate }));
    else io.out(t(`cli.imported_${outcome.kind}`, { rows: outcome.importedRows, count: created.length }));
  }
  throw new CliExit(code);
}

/** --dry-run, --only-valid, --json and the exit codes, common to both imports. */
function addImportOptions(command: Command, t: Translate): Command {
  return command
    .option('--dry-run', t('cli.option_import_dry_run'))
    .option('--only-valid', t('cli.option_only_valid'))
    .option('--json', t('cli.option_report_json'))
    .addHelpText('after', `\n${t('cli.import_exit_codes')}`);
}

export function registerImportCommands(program: Command, io: CliIo, t: Translate): void {
  const command = program.command('import').description(t('cli.import'));

  addImportOptions(
    command.command('shipments <file>').description(t('cli.import_shipments')).requiredOption('--merchant <id>', t('cli.option_import_merchant')),
    t,
  )
    .option('--sheet <name>', t('cli.option_sheet'))
    .action(async (file: string, options: ImportOptions & { merchant: string }) => {
      preferCompactMemory();
      const merchantId = positiveId(t, options.merchant, '--merchant');
      await withServices(io, async ({ ctx }) => {
        const merchant = await ctx.db.selectFrom('merchants').select('id').where('id', '=', merchantId).executeTakeFirst();
        if (!merchant) throw new CliError(t('cli.import_no_merchant', { id: merchantId }));
        const bar = progress(io, t);
        let read = 0;
        const checked = await explained(t, () =>
          checkShipmentFile(ctx, { path: file, name: basename(file) }, merchantId, { sheet: options.sheet, onRow: () => bar.tick(++read) }),
        );
        bar.done(Math.max(0, read - 1));
        const errors = checked.rows.flatMap((r) => r.errors);
        const importedRows = checked.shipments.reduce((n, s) => n + s.rows.length, 0);
        const outcome: Outcome = { counts: checked.counts, errors, created: [], importedRows, kind: 'shipments', wouldCreate: checked.counts.shipments };
        if (checked.counts.invalid > 0 && !options.onlyValid) report(io, t, options, { ...outcome, importedRows: 0 }, t('cli.import_refused', { invalid: checked.counts.invalid }));
        if (!options.dryRun) outcome.created = await explained(t, () => storeImportedShipments(ctx, merchantId, checked.shipments));
        report(io, t, options, outcome);
      });
    });

  addImportOptions(
    command.command('batch-items <file>').description(t('cli.import_batch_items')).requiredOption('--batch <id>', t('cli.option_import_batch')),
    t,
  ).action(async (file: string, options: ImportOptions & { batch: string }) => {
    preferCompactMemory();
    const batchId = positiveId(t, options.batch, '--batch');
    await withServices(io, async ({ ctx }) => {
      const batch = await explained(t, () => importBatch(ctx, batchId));
      const result = await explained(t, () => checkBatchItemFile(ctx, { path: file, name: basename(file) }));
      const errors = result.rows.flatMap((r) => r.errors);
      const outcome: Outcome = { counts: result.counts, errors, created: [], importedRows: result.items.length, kind: 'customers', wouldCreate: result.items.length };
      if (result.counts.invalid > 0 && !options.onlyValid) report(io, t, options, { ...outcome, importedRows: 0 }, t('cli.import_refused', { invalid: result.counts.invalid }));
      if (!options.dryRun) outcome.created = await explained(t, () => storeBatchItems(ctx, batch, result.items));
      report(io, t, options, outcome);
    });
  });
}
