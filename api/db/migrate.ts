/** Runs the migrations in order; one set serves SQLite and PostgreSQL. */
import { Migrator, type Migration, type MigrationProvider, type Kysely } from 'kysely';
import type { Db } from './database.js';
import * as initial from './migrations/001-initial.js';
import * as listIndexes from './migrations/002-list-indexes.js';
import * as notifications from './migrations/003-notifications.js';
import * as operations from './migrations/004-operations.js';
import * as imports from './migrations/005-imports.js';
import * as campaigns from './migrations/006-campaigns.js';
import * as settings from './migrations/007-settings.js';
import * as batchItemLocale from './migrations/008-batch-item-locale.js';
import * as importUploadBatch from './migrations/009-import-upload-batch.js';
import * as batchItemsDueId from './migrations/010-batch-items-due-id.js';
import * as listSeekSearch from './migrations/014-list-seek-search.js';
import * as phonesE164 from './migrations/016-phones-e164.js';
import * as merchantCampaignTexts from './migrations/017-merchant-campaign-texts.js';
import * as lockerAccess from './migrations/018-locker-access.js';
import * as changeLog from './migrations/019-change-log.js';
import * as lockerDoors from './migrations/020-locker-doors.js';
import * as storageRules from './migrations/021-storage-rules.js';
import * as dashboardDaily from './migrations/022-dashboard-daily.js';
import * as batchMessageTranslations from './migrations/023-batch-message-translations.js';
import * as scanSync from './migrations/024-scan-sync.js';
import * as batchItemsShipment from './migrations/025-batch-items-shipment.js';
import * as searchAutomerge from './migrations/026-search-automerge.js';
import * as searchUsermerge from './migrations/027-search-usermerge.js';
import * as batchItemsPickup from './migrations/028-batch-items-pickup.js';
import * as outboxLogIndexes from './migrations/029-outbox-log-indexes.js';
import * as packagesReminderIndex from './migrations/030-packages-reminder-index.js';

type DialectMigration = { up(db: Kysely<any>, dialect: Db['dialect']): Promise<void> };
export const MIGRATIONS: Record<string, DialectMigration> = {
  '001-initial': initial,
  '002-list-indexes': listIndexes,
  '003-notifications': notifications,
  '004-operations': operations,
  '005-imports': imports,
  '006-campaigns': campaigns,
  '007-settings': settings,
  '008-batch-item-locale': batchItemLocale,
  '009-import-upload-batch': importUploadBatch,
  '010-batch-items-due-id': batchItemsDueId,
  '014-list-seek-search': listSeekSearch,
  '016-phones-e164': phonesE164,
  '017-merchant-campaign-texts': merchantCampaignTexts,
  '018-locker-access': lockerAccess,
  '019-change-log': changeLog,
  '020-locker-doors': lockerDoors,
  '021-storage-rules': storageRules,
  '022-dashboard-daily': dashboardDaily,
  '023-batch-message-translations': batchMessageTranslations,
  '024-scan-sync': scanSync,
  '025-batch-items-shipment': batchItemsShipment,
  '026-search-automerge': searchAutomerge,
  '027-search-usermerge': searchUsermerge,
  '028-batch-items-pickup': batchItemsPickup,
  '029-outbox-log-indexes': outboxLogIndexes,
  '030-packages-reminder-index': packagesReminderIndex,
};

/**
 * Applies the pending migrations; returns their names. `inTransaction`: `db` already runs in a transaction
 * (underStartupLock on SQLite), so the migrator must not begin its own. `migrations`: a subset, for tests.
 */
export async function migrateToLatest(
  { db, dialect }: Pick<Db, 'db' | 'dialect'>,
  options: { inTransaction?: boolean; migrations?: Record<string, DialectMigration> } = {},
): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      return Object.fromEntries(
        Object.entries(options.migrations ?? MIGRATIONS).map(([name, m]): [string, Migration] => [name, { up: (k) => m.up(k, dialect) }]),
      );
    },
  };
  // Numbers are handed out ahead of landing (work in parallel), so a database may hold 023 when 019 arrives:
  // a pending migration below the last executed one still runs (each migration stands alone).
  const migrator = new Migrator({ db, provider, disableTransactions: options.inTransaction === true, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
