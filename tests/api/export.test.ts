/**
 * GET /api/shipments/export: CSV and XLSX, by ids and by list filter, tenant-scoped, formulas neutralised,
 * and the round trip: an exported file imports back into the same shipments (fast-check property).
 */
import { toE164 } from '../../core/phone.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { createTestApp, login, type Client, type TestApp } from './helpers.js';
import { addImportLocations } from './import-support.js';
import { openImportFile } from '../../api/import/index.js';
import { importShipmentRows, memoryImportContext, type ShipmentImportBody } from '../../core/import/index.js';
import { storeImportedShipments } from '../../api/import/shipment-import.service.js';
import type { ServiceContext } from '../../api/resources/access.js';
import { ROLES } from '../../core/roles.js';

let t: TestApp;
let acme: Client;
let acmeId: number;
let locations: Record<string, number>;
let ctx: ServiceContext;

beforeAll(async () => {
  t = await createTestApp();
  locations = await addImportLocations(t.db);
  acmeId = (await t.db.selectFrom('merchants').select('id').where('name', 'like', 'Acme%').executeTakeFirstOrThrow()).id;
  acme = await login(t.app, 'merchant.admin@example.com');
  const now = new Date().toISOString();
  ctx = { app: t.app, db: t.db, now, actor: { id: 0, role: ROLES.superadmin, merchant_id: null, features: 0, location_ids: [], user: {} as never, via: 'token' } };
});
afterAll(async () => {
  await t?.close();
});

const download = (client: Client, query: Record<string, unknown>) => client.get('/api/shipments/export', query);

async function xlsxRows(payload: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

function body(overrides: Partial<ShipmentImportBody> = {}): ShipmentImportBody {
  return { external_reference_id: `EXP-${Math.random().toString(36).slice(2, 10)}`, type: 'standard', first_name: 'Ana', last_name: 'Rolle', email: 'ana@example.com', country: 'BS', locale: 'en', dropoff_location_id: locations['NAS-PUDO-01'], packages: [{ size: 'SMALL' }], ...overrides };
}

describe('export', () => {
  it('streams XLSX by default and CSV on request, with the file name, labels and one row per package', async () => {
    const ids = await storeImportedShipments(ctx, acmeId, [{ rows: [2, 3], body: body({ packages: [{ size: 'SMALL', description: 'Shoes' }, { size: 'LARGE' }] }) }]);
    const xlsx = await download(acme, { ids });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toMatch(/attachment; filename="shipments-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const rows = await xlsxRows(xlsx.rawPayload);
    expect(rows[0].slice(0, 3)).toEqual(['Order number', 'Type', 'First name']);
    // Every column is named apart: the shipment's status and each package's are two columns, two names.
    expect(rows[0].slice(-3)).toEqual(['Shipment status', 'Package status', 'Created at']);
    expect(new Set(rows[0]).size).toBe(rows[0].length);
    expect(rows).toHaveLength(3);
    const csv = await download(acme, { ids, format: 'csv' });
    expect(csv.headers['content-disposition']).toContain('.csv"');
    const records = parse(csv.rawPayload, { bom: true }) as string[][];
    expect(records).toHaveLength(3);
    expect(records[1][12]).toBe('Shoes');
    expect((await download(acme, { format: 'pdf' })).statusCode).toBe(422);
  });

  it('exports a whole list filter, only within the tenant', async () => {
    const csv = await download(acme, { format: 'csv', filters: { status: [0] } });
    const records = parse(csv.rawPayload, { bom: true }) as string[][];
    const acmeDrafts = await t.db.selectFrom('shipments').select('id').where('merchant_id', '=', acmeId).where('status', '=', 0).execute();
    const packages = await t.db.selectFrom('packages').select('id').where('shipment_id', 'in', acmeDrafts.map((s) => s.id)).execute();
    expect(records.length - 1).toBeGreaterThanOrEqual(acmeDrafts.length);
    expect(records.length - 1).toBeLessThanOrEqual(Math.max(packages.length, acmeDrafts.length) + acmeDrafts.length);
    // Another merchant's ids export nothing.
    const other = await login(t.app, 'other.admin@example.com');
    const foreign = parse((await download(other, { format: 'csv', ids: acmeDrafts.map((s) => s.id) })).rawPayload, { bom: true }) as string[][];
    expect(foreign).toHaveLength(1);
    const pudo = await login(t.app, 'pudo@example.com');
    expect((await download(pudo, {})).statusCode).toBe(403);
  });

  it('neutralises every text cell that begins with = + - @ tab or CR', async () => {
    const evil = ['=HYPERLINK("http://x")', '+SUM(1)', '-2+3', '@cmd', '\tTab', '\rCR'];
    const ids = await storeImportedShipments(
      ctx,
      acmeId,
      evil.map((text, i) => ({ rows: [i + 2], body: body({ last_name: 'Ok', packages: [{ size: 'SMALL', description: text }] }) })),
    );
    const csv = parse((await download(acme, { ids, format: 'csv' })).rawPayload, { bom: true }) as string[][];
    const xlsx = await xlsxRows((await download(acme, { ids })).rawPayload);
    for (const [rows, xml] of [[csv, false], [xlsx, true]] as const) {
      const descriptions = rows.slice(1).map((r) => String(r[12]));
      // XML stores a bare CR as a line feed; the guard (the apostrophe) is there either way.
      expect(descriptions).toEqual(evil.map((e) => `'${xml ? e.replace('\r', '\n') : e}`));
      for (const row of rows.slice(1)) for (const cell of row) if (typeof cell === 'string') expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
  });
});

describe('round trip', () => {
  const text = (min: number, max: number) => fc.stringMatching(new RegExp(`^[A-Za-zÁÉÍÑÓÚáéíñóú=+@-][A-Za-zÁÉÍÑÓÚáéíñóú' .,=+@-]{${min - 1},${max - 1}}[A-Za-zñ]$`));
  const shipment = fc.record({
    type: fc.constantFrom('standard', 'express'),
    first_name: text(2, 20),
    last_name: text(2, 20),
    email: fc.constantFrom('ana@example.com', 'b.c@example.org'),
    phone: fc.constantFrom(undefined, '+1 242 502 1234', '+12425021234'),
    locale: fc.constantFrom('en', 'es'),
    dropoff: fc.constantFrom('NAS-PUDO-01', 'NAS-LOCK-01'),
    packages: fc.array(
      fc.record({ size: fc.constantFrom('SMALL', 'MEDIUM', 'LARGE'), description: fc.option(text(2, 30), { nil: undefined }) }),
      { minLength: 1, maxLength: 3 },
    ),
    // A locker texts its pickup code: a locker drop-off always has the customer's mobile (shipment.locker_needs_phone).
  }).map((s) => (s.dropoff === 'NAS-LOCK-01' && !s.phone ? { ...s, phone: '+12425021234' } : s));

  it('exports shipments that import back unchanged (CSV and XLSX)', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(shipment, { minLength: 1, maxLength: 4 }), fc.constantFrom('csv', 'xlsx'), async (list, format) => {
        const bodies = list.map((s) => {
          const b = body({ external_reference_id: `RT-${++n}`, type: s.type, first_name: s.first_name, last_name: s.last_name, email: s.email, locale: s.locale, dropoff_location_id: locations[s.dropoff], packages: s.packages.map((p) => (p.description ? p : { size: p.size })) });
          if (s.phone) b.phone = s.phone;
          return b;
        });
        const ids = await storeImportedShipments(ctx, acmeId, bodies.map((b) => ({ rows: [], body: b })));
        const res = await download(acme, { ids, format });
        expect(res.statusCode).toBe(200);
        const { rows } = await openImportFile({ buffer: res.rawPayload, name: `export.${format}` });
        const context = memoryImportContext({
          locations: [
            { id: locations['NAS-PUDO-01'], code: 'NAS-PUDO-01', name: 'Nassau PUDO', class: 'pudo', active: true },
            { id: locations['NAS-LOCK-01'], code: 'NAS-LOCK-01', name: 'Nassau Locker', class: 'locker', active: true },
          ],
        });
        const result = await importShipmentRows(rows, context);
        expect(result.rows.flatMap((r) => r.errors)).toEqual([]);
        const stored = await t.db.selectFrom('packages').select(['shipment_id', 'barcode']).where('shipment_id', 'in', ids).orderBy('shipment_id').orderBy('id').execute();
        // Phones come back as stored: E.164 (core/phone.ts), whatever spacing was imported.
        const expected = bodies.map((b, i) => ({
          ...b,
          ...(b.phone ? { phone: toE164(b.phone, b.country) } : {}),
          packages: b.packages.map((p, j) => ({ ...p, barcode: stored.filter((s) => s.shipment_id === ids[i])[j].barcode })),
        }));
        expect(result.shipments.map((s) => s.body)).toEqual(expected);
      }),
      { numRuns: 12 },
    );
  });
});
