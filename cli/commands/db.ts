/** `lockerline db migrate` and `lockerline db seed`. */
import type { Command } from 'commander';
import { migrateToLatest } from '../../api/db/migrate.js';
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
        const applied = await migrateToLatest(database);
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
        await migrateToLatest(database);
        // Loaded on demand: only this command needs the fixtures.
        const { seedIfEmpty } = await import('../../fixtures/seed.js');
        const { DEMO_PASSWORD } = await import('../../fixtures/demo.js');
        const seeded = await seedIfEmpty(database.db, { production: false });
        if (!seeded) {
          throw new CliError(t('cli.seed_not_empty', { target: describeTarget(config) }));
        }
        io.out(t('cli.seeded', { target: describeTarget(config), password: DEMO_PASSWORD }));
      });
    });
}
