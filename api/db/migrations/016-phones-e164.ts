/**
 * Phones were stored three ways (national digits from the form, spaced text from the import, E.164 from
 * fetch). Every stored phone is now E.164 (core/phone.ts); this rewrites the older rows once. Rows that
 * already start with '+' and hold only digits are left alone; a number that does not parse stays as it was.
 */
import type { Kysely } from 'kysely';
import { toE164 } from '../../../core/phone.js';

const CHUNK = 500;

async function normalise(db: Kysely<any>, table: 'shipments' | 'batch_items', columns: string[]): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: { id: number; phone: string; country: string | null }[] = await db
      .selectFrom(table)
      .select(['id', 'phone', 'country'])
      .where('id', '>', after)
      .where('phone', 'is not', null)
      .orderBy('id')
      .limit(CHUNK)
      .execute();
    if (!rows.length) return;
    after = rows[rows.length - 1].id;
    for (const row of rows) {
      const e164 = toE164(row.phone, row.country);
      if (e164 === null || (e164 === row.phone && columns.length === 1)) continue;
      await db.updateTable(table).set(Object.fromEntries(columns.map((c) => [c, e164]))).where('id', '=', row.id).execute();
    }
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await normalise(db, 'shipments', ['phone']);
  await normalise(db, 'batch_items', ['phone', 'full_phone_number']);
}
