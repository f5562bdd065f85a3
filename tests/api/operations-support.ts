/**
 * Shared by the parcel operation suites (operations-*.test.ts, docs/operations-api.md): demo location ids,
 * shipments created through the API, statuses read back, and the bulk print answer with its failures.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../api/db/tables.js';
import { translate } from '../../core/i18n/index.js';
import type { Client } from './helpers.js';

export interface CreatedPackage {
  id: number;
  barcode: string;
}

/** A shipment as POST /api/shipments answers it (the fields the suites use). */
export interface Created {
  id: number;
  reference_id: string;
  packages: CreatedPackage[];
}

/** Ids of demo locations by code: `locationIds(db, { pudo: 'PD-NAS-01' })` gives `{ pudo: <its id> }`. */
export async function locationIds<K extends string>(db: Kysely<Database>, codes: Record<K, string>): Promise<Record<K, number>> {
  const ids = {} as Record<K, number>;
  for (const [key, code] of Object.entries(codes) as [K, string][])
    ids[key] = (await db.selectFrom('locations').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  return ids;
}

/** A draft shipment for Ada Lovelace to `dropoff`, one package per size, created by `client` (201 asserted). */
export async function createShipment(client: Client, dropoff: number, sizes: string[] = ['SMALL', 'MEDIUM']): Promise<Created> {
  const res = await client.post('/api/shipments', {
    first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.net', phone: '+12423571234', dropoff_location_id: dropoff,
    packages: sizes.map((size) => ({ size })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** A shipment created, printed and waiting for the driver (packages in 30). */
export async function awaitingPickup(client: Client, dropoff: number, sizes?: string[]): Promise<Created> {
  const s = await createShipment(client, dropoff, sizes);
  expect((await client.post(`/api/shipments/${s.id}/print`)).statusCode).toBe(200);
  expect((await client.post(`/api/shipments/${s.id}/request-pickup`)).statusCode).toBe(200);
  return s;
}

/** The stored status of a package or shipment. */
export const statusOf = async (db: Kysely<Database>, table: 'packages' | 'shipments', rowId: number) =>
  (await db.selectFrom(table).select('status').where('id', '=', rowId).executeTakeFirstOrThrow()).status;

/**
 * A bulk print PDF of `pages` pages that reports two failures: `empty` (a shipment without packages) and
 * the unknown id `missing`; the failures take the first page, every printed shipment one label page.
 */
export function expectBulkPrintFailures(res: LightMyRequestResponse, empty: Created, missing: number, pages: number) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['x-print-failed-count']).toBe('2');
  expect(JSON.parse(String(res.headers['x-print-failures']))).toEqual([
    { id: empty.id, reference_id: empty.reference_id, code: 'shipment.no_packages' },
    { id: missing, reference_id: null, code: 'not_found' },
  ]);
  expect(res.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(pages);
}

/** A bulk print of nothing printable (only `empty`, a shipment without packages) is refused, naming it once with its reason. */
export function expectNothingPrinted(res: LightMyRequestResponse, empty: Created) {
  expect(res.statusCode).toBe(400);
  const reason = translate('en', 'errors.shipment.no_packages');
  expect(res.json()).toEqual({ code: 'shipment.print_failed', message: translate('en', 'errors.shipment.print_failed', { ref: empty.reference_id, message: reason }) });
  expect(res.json().message.split(empty.reference_id)).toHaveLength(2);
}
