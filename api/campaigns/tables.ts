/** Table types of migration 006, merged into the shared Database interface (api/db/tables.ts). */
import type { Generated, Selectable } from 'kysely';

export interface ResponseTokensTable {
  token_hash: string;
  /** 'batch_items' or 'shipments'. */
  subject_type: string;
  subject_id: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface WebhookEndpointsTable {
  id: Generated<number>;
  merchant_id: number;
  url: string;
  /** AES-256-GCM with a key derived from APP_SECRET; never returned by the API. */
  secret_encrypted: string;
  active: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface WebhookCursorTable {
  name: string;
  last_event_id: number;
}

declare module '../db/tables.js' {
  interface Database {
    response_tokens: ResponseTokensTable;
    webhook_endpoints: WebhookEndpointsTable;
    webhook_cursor: WebhookCursorTable;
  }
  interface BatchItemsTable {
    campaign_round: Generated<number>;
  }
}

export type WebhookEndpoint = Selectable<WebhookEndpointsTable>;
