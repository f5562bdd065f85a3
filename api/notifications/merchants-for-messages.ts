/** The merchant columns a message is rendered with (brand, features, texts), loaded for the delivery worker and the SMS preview. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { MerchantForMessages } from './render.js';

const MERCHANT_COLUMNS = ['id', 'name', 'features', 'channels', 'branding', 'payment_url', 'notification_events', 'email_templates', 'campaign_texts'] as const;

export async function loadMerchantsForMessages(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, MerchantForMessages>> {
  if (ids.length === 0) return new Map();
  return new Map((await db.selectFrom('merchants').select(MERCHANT_COLUMNS).where('id', 'in', [...ids]).execute()).map((m) => [m.id, m]));
}
