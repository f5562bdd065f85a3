/** `lockerline template shipments --format csv|xlsx [--out FILE] [--locale en|es]`: the import template. */
import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { isLocale } from '../../core/i18n/index.js';
import { buildTemplate } from '../../templates/import-template.js';
import { CliError } from '../errors.js';
import type { CliIo } from '../io.js';

export function registerTemplateCommands(program: Command, io: CliIo): void {
  program
    .command('template')
    .description('Import templates')
    .command('shipments')
    .description('Write the shipment import template (CSV prints to stdout without --out)')
    .option('--format <format>', 'csv or xlsx', 'xlsx')
    .option('--out <file>', 'file to write (default for xlsx: shipments-import-template.xlsx)')
    .option('--locale <locale>', 'language of the column explanations (en or es)', 'en')
    .action(async (options: { format: string; out?: string; locale: string }) => {
      if (options.format !== 'csv' && options.format !== 'xlsx') throw new CliError(`--format must be csv or xlsx, got "${options.format}".`);
      if (!isLocale(options.locale)) throw new CliError(`--locale must be en or es, got "${options.locale}".`);
      const content = await buildTemplate(options.format, options.locale);
      if (!options.out && options.format === 'csv') {
        io.out(content.toString('utf8').trimEnd());
        return;
      }
      const out = options.out ?? `shipments-import-template.${options.format}`;
      await writeFile(out, content);
      io.out(`Wrote ${out}.`);
    });
}
