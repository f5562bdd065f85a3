/**
 * A batch's own texts in the languages other than the default (core/campaigns/batch-texts.ts):
 * `{ "es": { "notification_message": "…", … } }`. The three message columns stay the default-language
 * (English) texts; existing batches start with no translations.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('batches').addColumn('message_translations', 'text', (c) => c.notNull().defaultTo('{}')).execute();
}
