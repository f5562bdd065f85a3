/** Shared by the import/export API suites: multipart bodies, import locations and counts. */
import type { Kysely } from 'kysely';
import type { Database } from '../../api/db/tables.js';
import type { Client } from './helpers.js';

const BOUNDARY = '----lockerline-test-boundary';

/** A multipart/form-data body with one `file` part and optional text fields. */
export function multipart(file: { name: string; content: Buffer | string }, fields: Record<string, string> = {}) {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
  parts.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
  parts.push(Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/** POST a file to an import upload endpoint (the shipment one unless `url` says otherwise). */
export function upload(client: Client, file: { name: string; content: Buffer | string }, fields?: Record<string, string>, url = '/api/shipments/import/upload') {
  const { body, headers } = multipart(file, fields);
  return client.request({ method: 'POST', url, body, headers });
}

/** The locations the import fixtures name (fixtures/import/*): network locations any merchant may use. */
export async function addImportLocations(db: Kysely<Database>): Promise<Record<string, number>> {
  const now = new Date().toISOString();
  const ids: Record<string, number> = {};
  for (const [code, name, cls, active] of [
    ['NAS-PUDO-01', 'Nassau PUDO', 'pudo', 1],
    ['NAS-LOCK-01', 'Nassau Locker', 'locker', 1],
    ['OLD-01', 'Old locker', 'locker', 0],
  ] as const) {
    const row = await db
      .insertInto('locations')
      .values({ name, code, type: 'dropoff', class: cls, locker_service: null, merchant_id: null, active, approved: 1, hours: null, zone: null, route: null, timezone: null, latitude: null, longitude: null, what3words: null, image: null, secure_access_key: null, terminal: null, address_company: null, address_description: null, address_street: null, address_house_number: null, address_locality: null, address_postcode: null, address_state: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[code] = row.id;
  }
  return ids;
}

export async function countRows(db: Kysely<Database>): Promise<{ shipments: number; packages: number; events: number }> {
  const n = async (table: 'shipments' | 'packages' | 'events') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { shipments: await n('shipments'), packages: await n('packages'), events: await n('events') };
}
