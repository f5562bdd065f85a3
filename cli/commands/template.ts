/** `lockerline template shipments --format csv|xlsx [--out FILE] [--locale en|es]`: the import template. */
import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { isLocale } from '../../core/i18n/index.js';
import { buildTemplate } from '../../templates/import-template.js';
import { CliError } from '../errors.js';
import type { CliIo } from '../io.js';
import type { Translate } from '../../core/validation.js';

export function registerTemplateCommands(program: Command, io: CliIo, t: Translate): void {
  program
    .command('template')
    .description(t('cli.template'))
    .command('shipments')
    .description(t('cli.template_shipments'))
    .option('--format <format>', t('cli.option_file_format'), 'xlsx')
    .option('--out <file>', t('cli.option_template_out'))
    .option('--locale <locale>', t('cli.option_template_locale'), 'en')
    .action(async (options: { format: string; out?: string; locale: string }) => {
      if (options.format !== 'csv' && options.format !== 'xlsx') throw new CliError(t('cli.option_not_file_format', { value: options.format }));
      if (!isLocale(options.locale)) throw new CliError(t('cli.option_not_locale', { value: options.locale }));
      const content = await buildTemplate(options.format, options.locale);
      if (!options.out && options.format === 'csv') {
        io.out(content.toString('utf8').trimEnd());
        return;
      }
      const out = options.out ?? `shipments-import-template.${options.format}`;
      await writeFile(out, content);
      io.out(t('cli.template_written', { file: out }));
    });
}
