/** `lockerline db migrate` and `lockerline db seed`. */
import type { Command } from 'commander';
import { migrateToLatest } from '../../api/db/migrate.js';
import { withDatabase, describeTarget } from '../database.js';
import { CliError } from '../errors.js';
import type { CliIo } from '../io.js';

export function registerDbCommands(program: Command, io: CliIo): void {
  const db = program.command('db').description('Database schema and demo data');

  db.command('migrate')
    .description('Apply every pending migration (SQLite or PostgreSQL)')
    .action(async () => {
      await withDatabase(io.env, async (database, config) => {
        const applied = await migrateToLatest(database);
        io.out(
          applied.length
            ? `Applied ${applied.length} migration(s) to ${describeTarget(config)}: ${applied.join(', ')}`
            : `${describeTarget(config)} is up to date.`,
        );
      });
    });

  db.command('seed')
    .description('Load the demo data (merchants, locations, accounts, shipments) into an empty database; never in production')
    .action(async () => {
      if (io.env.NODE_ENV === 'production') {
        throw new CliError('refusing to load demo data when NODE_ENV=production.');
      }
      await withDatabase(io.env, async (database, config) => {
        await migrateToLatest(database);
        // Loaded on demand: only this command needs the fixtures.
        const { seedIfEmpty } = await import('../../fixtures/seed.js');
        const seeded = await seedIfEmpty(database.db, { production: false });
        if (!seeded) {
          throw new CliError(`${describeTarget(config)} already holds data; demo data is only loaded into an empty database.`);
        }
        io.out(`Loaded the demo data into ${describeTarget(config)}. Demo accounts use the password lockerline-demo.`);
      });
    });
}
