/** `lockerline db migrate` and `lockerline db seed`. */
import type { Command } from 'commander';
import { migrateToLatest } from '../../api/db/migrate.js';
import { underStartupLock } from '../../api/db/startup-lock.js';
import { withDatabase, describeTarget } from '../database.js';
import { CliError } from '../errors.js';
import type { CliIo } from '../io.js';
import type { Translate } from '../../core/validation.js';

export function registerDbCommands(program: Command, io: CliIo, t: Translate): void {
  const db = program.command('db').description(t('cli.db'));

  db.command('migrate')
    .description(t('cli.db_migrate'))
    .action(async () => {
      await withDatabase(io.env, async (database, config) => {
        // Under the start-up lock: a server starting meanwhile waits instead of migrating alongside.
        const applied = await underStartupLock(database, ({ db, inTransaction }) => migrateToLatest({ db, dialect: database.dialect }, { inTransaction }));
        const target = describeTarget(config);
        io.out(
          applied.length
            ? t('cli.migrated', { count: applied.length, target, names: applied.join(', ') })
            : t('cli.up_to_date', { target }),
        );
      });
    });

  db.command('seed')
    .description(t('cli.db_seed'))
    .action(async () => {
      if (io.env.NODE_ENV === 'production') {
        throw new CliError(t('cli.seed_production'));
      }
      await withDatabase(io.env, async (database, config) => {
        // Loaded on demand: only this command needs the fixtures.
        const { prepareDatabase } = await import('../../fixtures/seed.js');
        const { DEMO_PASSWORD } = await import('../../fixtures/demo.js');
        const { seeded } = await prepareDatabase(database, { production: false });
        if (!seeded) {
          throw new CliError(t('cli.seed_not_empty', { target: describeTarget(config) }));
        }
        io.out(t('cli.seeded', { target: describeTarget(config), password: DEMO_PASSWORD }));
      });
    });
}
