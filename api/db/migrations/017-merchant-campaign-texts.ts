/**
 * The merchant's campaign texts per batch step and language (core/campaigns/texts.ts). Existing merchants
 * start with none; old single-language values, should any be written, read as the default language.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('merchants').addColumn('campaign_texts', 'text', (c) => c.notNull().defaultTo('{}')).execute();
}
