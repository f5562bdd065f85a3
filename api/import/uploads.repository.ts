/**
 * The uploaded files kept between the import wizard's steps, in the `import_uploads` table (migrations 005
 * and 009) so every API process sees them. An upload belongs to the user who sent it, and to its import
 * kind (and batch, for batch customers); it is deleted by the save's transaction (claimUpload) and expires
 * after UPLOAD_TTL_MS (expired rows are purged whenever a new file is uploaded).
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DomainError } from '../../core/errors.js';
import type { Database } from '../db/tables.js';

export interface ImportUploadTable {
  id: string;
  kind: string;
  user_id: number;
  merchant_id: number;
  /** The batch of a batch-customer upload; null for shipments. */
  batch_id: number | null;
  file_name: string;
  format: string;
  size: number;
  content: Buffer;
  created_at: string;
  expires_at: string;
}

type UploadDb = Kysely<Database & { import_uploads: ImportUploadTable }>;
export type ImportUpload = ImportUploadTable;

/** Uploads live one day: long enough to fix a file and come back, short enough not to pile up. */
export const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

const uploads = (db: Kysely<Database>) => db as unknown as UploadDb;

export async function saveUpload(db: Kysely<Database>, upload: Omit<ImportUploadTable, 'id' | 'expires_at'>): Promise<string> {
  const id = randomBytes(16).toString('hex');
  const expires = new Date(Date.parse(upload.created_at) + UPLOAD_TTL_MS).toISOString();
  await uploads(db).insertInto('import_uploads').values({ ...upload, id, expires_at: expires }).execute();
  return id;
}

/** The upload of this kind with this id sent by this user and not expired, else undefined. */
export async function findUpload(db: Kysely<Database>, id: string, kind: string, userId: number, now: string): Promise<ImportUpload | undefined> {
  if (!/^[0-9a-f]{32}$/.test(id)) return undefined;
  const row = await uploads(db)
    .selectFrom('import_uploads')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', kind)
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? { ...row, content: Buffer.from(row.content) } : undefined;
}

/**
 * Spends the upload inside a save's transaction: deletes it, or answers 404 when it is already gone (another save of
 * it won; on PostgreSQL this delete waits for that save's transaction and then finds nothing).
 */
export async function claimUpload(trx: Kysely<Database>, id: string): Promise<void> {
  const result = await uploads(trx).deleteFrom('import_uploads').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows ?? 0) !== 1) throw new DomainError('not_found');
}

export async function purgeExpiredUploads(db: Kysely<Database>, now: string): Promise<number> {
  const result = await uploads(db).deleteFrom('import_uploads').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
