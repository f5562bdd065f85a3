/**
 * `lockerline`: the operator's command line. Commands run in-process against the same database and
 * services as the API (no HTTP). Exit codes: 0 ok, 1 refused or invalid (message on stderr).
 */
import { pathToFileURL } from 'node:url';
import { Command, CommanderError } from 'commander';
import { CliError, CliExit, fileProblem } from './errors.js';
import { processIo, type CliIo } from './io.js';
import { registerDbCommands } from './commands/db.js';
import { registerUserCommands } from './commands/users.js';
import { registerImportCommands } from './commands/import.js';
import { registerExportCommands } from './commands/export.js';
import { registerTemplateCommands } from './commands/template.js';
import { registerShipmentCommands } from './commands/shipments.js';
import { registerPackageCommands } from './commands/packages.js';
import { cliTranslator } from './i18n.js';

export function buildProgram(io: CliIo): Command {
  const t = cliTranslator(io.env);
  const program = new Command('lockerline')
    .description(t('cli.description'))
    .version(process.env.npm_package_version ?? '0.1.0', '-V, --version')
    .showHelpAfterError(t('cli.help_hint'))
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) })
    .exitOverride();
  // Sub-commands made with .command() copy these settings (output, exitOverride, help after error).
  registerDbCommands(program, io, t);
  registerUserCommands(program, io, t);
  registerImportCommands(program, io, t);
  registerExportCommands(program, io, t);
  registerTemplateCommands(program, io, t);
  registerShipmentCommands(program, io);
  registerPackageCommands(program, io);
  return program;
}

/** Runs the program on process-style argv (node, script, ...args); resolves to the exit code. */
export async function run(argv: string[], io: CliIo = processIo): Promise<number> {
  const program = buildProgram(io);
  if (argv.length <= 2) {
    io.out(program.helpInformation().trimEnd());
    return 0;
  }
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through here with exit code 0; usage errors were already printed.
      return error.exitCode === 0 ? 0 : 1;
    }
    if (error instanceof CliExit) return error.exitCode;
    if (error instanceof CliError) {
      io.err(`lockerline: ${error.message}`);
      return 1;
    }
    const t = cliTranslator(io.env);
    const file = fileProblem(error, t);
    if (file) {
      io.err(`lockerline: ${file}`);
      return 1;
    }
    io.err(`lockerline: ${t('cli.unexpected', { message: error instanceof Error ? error.message : String(error) })}`);
    return 1;
  }
}

const invokedDirectly = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  process.exitCode = await run(process.argv);
}
