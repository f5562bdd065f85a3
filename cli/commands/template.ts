/**
 * `lockerline template shipments --format csv|xlsx [--out FILE] [--locale en|es] [--merchant ID]`: the import
 * template, its explanations in the operator's language (LOCKERLINE_LOCALE / LANG, like the CLI's messages) unless
 * --locale says otherwise. Like the API's, its sample row names a real drop-off point (the merchant's own or the network's,
 * api/import/template-dropoffs.ts) and the XLSX explanation sheet lists them; an empty network keeps the
 * generic example.
 */
import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { isLocale } from '../../core/i18n/index.js';
import { buildTemplate } from '../../templates/import-template.js';
import { CliError } from '../errors.js';
import { cliLocale } from '../i18n.js';
import type { CliIo } from '../io.js';
import type { Translate } from '../../core/validation.js';
import { templateDropoffs } from '../../api/import/template-dropoffs.js';
import { withServices } from '../services.js';
import { positiveId } from './cli-import-support.js';

export function registerTemplateCommands(program: Command, io: CliIo, t: Translate): void {
  program
    .command('template')
    .description(t('cli.template'))
    .command('shipments')
    .description(t('cli.template_shipments'))
    .option('--format <format>', t('cli.option_file_format'), 'xlsx')
    .option('--out <file>', t('cli.option_template_out'))
    .option('--locale <locale>', t('cli.option_template_locale'), cliLocale(io.env))
    .option('--merchant <id>', t('cli.option_template_merchant'))
    .action(async (options: { format: string; out?: string; locale: string; merchant?: string }) => {
      if (options.format !== 'csv' && options.format !== 'xlsx') throw new CliError(t('cli.option_not_file_format', { value: options.format }));
      if (!isLocale(options.locale)) throw new CliError(t('cli.option_not_locale', { value: options.locale }));
      const merchantId = options.merchant === undefined ? null : positiveId(t, options.merchant, '--merchant');
      const format = options.format;
      const locale = options.locale;
      const content = await withServices(io, async ({ ctx }) => {
        if (merchantId !== null && !(await ctx.db.selectFrom('merchants').select('id').where('id', '=', merchantId).executeTakeFirst()))
          throw new CliError(t('cli.import_no_merchant', { id: merchantId }));
        return buildTemplate(format, locale, 'shipments', { dropoffs: await templateDropoffs(ctx.db, merchantId) });
      });
      if (!options.out && options.format === 'csv') {
        io.out(content.toString('utf8').trimEnd());
        return;
      }
      const out = options.out ?? `shipments-import-template.${options.format}`;
      await writeFile(out, content);
      io.out(t('cli.template_written', { file: out }));
    });
}
