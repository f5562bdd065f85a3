/** `lockerline users create`: how a production deployment gets its first superadmin. */
import type { Command } from 'commander';
import { roleName } from '../../core/roles.js';
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

export function registerUserCommands(program: Command, io: CliIo): void {
  const users = program.command('users').description('User accounts');

  users
    .command('create')
    .description('Create a user account; prints the new id')
    .requiredOption('--email <email>', 'sign-in e-mail address')
    .requiredOption('--role <role>', `role name: ${ROLE_CHOICES.join(', ')}`)
    .option('--merchant <id>', 'merchant id (required for merchant_admin and merchant_user)')
    .option('--first-name <name>', 'first name (default: from the e-mail address)')
    .option('--last-name <name>', 'last name (default: from the e-mail address, else the role)')
    .option('--password-stdin', 'read the password from standard input (otherwise the user sets one via forgot-password)')
    .addHelpText(
      'after',
      '\nExample:\n  printf "%s" "$PASSWORD" | lockerline users create --email ops@example.com --role superadmin --password-stdin',
    )
    .action(async (options: CreateOptions) => {
      const role = parseRoleName(options.role);
      let merchantId: number | undefined;
      if (options.merchant !== undefined) {
        merchantId = Number(options.merchant);
        if (!/^\d+$/.test(options.merchant.trim()) || merchantId < 1) throw new CliError(`--merchant must be a merchant id, got "${options.merchant}".`);
      }
      const password = options.passwordStdin ? passwordFromStdin(await io.readStdin()) : undefined;
      if (options.passwordStdin && !password) throw new CliError('--password-stdin was given but standard input was empty.');

      await withServices(io, async ({ ctx, config, mailDelivered }) => {
        const user = await createUserAccount(ctx, {
          email: options.email,
          role,
          merchantId,
          firstName: options.firstName,
          lastName: options.lastName,
          password,
        });
        io.out(`Created user ${user.id}: ${user.email} (${roleName(role)}).`);
        if (!password) {
          io.out(
            mailDelivered
              ? `No password was set: a create-password e-mail was sent to ${user.email}.`
              : 'No password was set, and no e-mail went out (SMTP_URL is not set).',
          );
          io.out(`The user sets a password by requesting a link with "Forgot your password?" on ${config.app.publicUrl}/signin.`);
        }
      });
    });
}
