/** `lockerline users create`: how a production deployment gets its first superadmin. */
import type { Command } from 'commander';
import { roleName } from '../../core/roles.js';
import type { Translate } from '../../core/validation.js';
import { CliError } from '../errors.js';
import type { CliIo } from '../io.js';
import { withServices } from '../services.js';
import { createUserAccount, parseRoleName, ROLE_CHOICES } from '../users.js';

interface CreateOptions {
  email: string;
  role: string;
  merchant?: string;
  firstName?: string;
  lastName?: string;
  passwordStdin?: boolean;
}

/** The password piped on stdin, without the trailing newline `echo` or a file adds. */
export function passwordFromStdin(raw: string): string {
  return raw.replace(/\r?\n$/, '');
}

function parseMerchantId(value: string | undefined, t: Translate): number | undefined {
  if (value === undefined) return undefined;
  const id = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || id < 1) throw new CliError(t('cli.merchant_not_id', { value }));
  return id;
}

export function registerUserCommands(program: Command, io: CliIo, t: Translate): void {
  const users = program.command('users').description(t('cli.users'));

  users
    .command('create')
    .description(t('cli.users_create'))
    .requiredOption('--email <email>', t('cli.option_email'))
    .requiredOption('--role <role>', t('cli.option_role', { roles: ROLE_CHOICES.join(', ') }))
    .option('--merchant <id>', t('cli.option_merchant'))
    .option('--first-name <name>', t('cli.option_first_name'))
    .option('--last-name <name>', t('cli.option_last_name'))
    .option('--password-stdin', t('cli.option_password_stdin'))
    .addHelpText(
      'after',
      '\n  printf "%s" "$PASSWORD" | lockerline users create --email ops@example.com --role superadmin --password-stdin',
    )
    .action(async (options: CreateOptions) => {
      const role = parseRoleName(options.role, t);
      const merchantId = parseMerchantId(options.merchant, t);
      const password = options.passwordStdin ? passwordFromStdin(await io.readStdin()) : undefined;
      if (options.passwordStdin && !password) throw new CliError(t('cli.stdin_empty'));

      await withServices(io, async ({ ctx, config, mailDelivered }) => {
        const user = await createUserAccount(ctx, t, {
          email: options.email,
          role,
          merchantId,
          firstName: options.firstName,
          lastName: options.lastName,
          password,
        });
        io.out(t('cli.created', { id: user.id, email: user.email, role: roleName(role) ?? role }));
        if (!password) {
          io.out(mailDelivered ? t('cli.no_password_mailed', { email: user.email }) : t('cli.no_password_not_mailed'));
          io.out(t('cli.set_password_hint', { url: `${config.app.publicUrl}/signin` }));
        }
      });
    });
}
