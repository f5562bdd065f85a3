/**
 * The import API end to end (upload -> preview -> save) with the real fixture files written by
 * spreadsheet programs, every refusal as a coded error with nothing written, only_valid, and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type Client, type TestApp } from './helpers.js';
import { addImportLocations, countAll, countRows, fixture, findMerchantId, readWorkbook, refusedFiles, upload } from './import-support.js';
import { storeImportedShipments } from '../../api/import/shipment-import.service.js';
import { isDomainError } from '../../core/errors.js';
import { ROLES } from '../../core/roles.js';

let t: TestApp;
let acme: Client;
let acmeId: number;

beforeAll(async () => {
  t = await createTestApp();
  await addImportLocations(t.db);
  acmeId = await findMerchantId(t.db, 'Acme%');
  acme = await login(t.app, 'merchant.admin@example.com');
});
afterAll(async () => {
  await t?.close();
});

describe('template', () => {
  it('downloads the CSV and XLSX templates with the field names and a column sheet in the user language', async () => {
    const csv = await acme.get('/api/shipments/import/template', { format: 'csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('shipments-import-template.csv');
    expect(csv.body.split('\n')[0]).toMatch(/^external_reference_id,type,first_name/);
    const xlsx = await acme.request({ method: 'GET', url: '/api/shipments/import/template' });
    expect(xlsx.statusCode).toBe(200);
    const workbook = await readWorkbook(xlsx.rawPayload);
    expect(workbook.worksheets).toHaveLength(2);
    expect(workbook.worksheets[0].getRow(1).getCell(1).value).toBe('external_reference_id');
    expect((await acme.get('/api/shipments/import/template', { format: 'pdf' })).statusCode).toBe(422);
  });
});

describe('upload -> preview -> save', () => {
  it.each(['good-shipments.csv', 'good-shipments.xlsx', 'good-shipments.libreoffice.xlsx', 'good-shipments.xls', 'good-shipments.ods'])(
    'imports %s',
    async (name) => {
      const before = await countRows(t.db);
      const res = await upload(acme, fixture(name));
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ rows: 6, valid: 6, invalid: 0, shipments: 5, packages: 6, errors: [] });
      expect(data.id).toMatch(/^[0-9a-f]{32}$/);

      const preview = await acme.get(`/api/shipments/import/${data.id}/preview`, { perPage: 4 });
      expect(preview.statusCode).toBe(200);
      expect(preview.json().data.counts).toEqual({ rows: 6, valid: 6, invalid: 0, shipments: 5, packages: 6 });
      expect(preview.json().data.rows).toHaveLength(4);
      expect(preview.json().data.rows[0]).toMatchObject({ row: 2, valid: true, values: { first_name: 'Ana', dropoff_location: 'NAS-PUDO-01' } });
      expect(preview.json().meta).toMatchObject({ page: 1, perPage: 4, total: 6 });
      const page2 = await acme.get(`/api/shipments/import/${data.id}/preview`, { perPage: 4, page: 2 });
      expect(page2.json().data.rows.map((r: { row: number }) => r.row)).toEqual([6, 7]);

      const save = await acme.post(`/api/shipments/import/${data.id}/save`, { only_valid: false });
      expect(save.statusCode, save.body).toBe(200);
      const created: number[] = save.json().data.created;
      expect(created).toHaveLength(5);
      const after = await countRows(t.db);
      expect(after.shipments - before.shipments).toBe(5);
      expect(after.packages - before.packages).toBe(6);
      expect(after.events - before.events).toBe(11);
      const stored = await t.db.selectFrom('shipments').selectAll().where('id', 'in', created).orderBy('id').execute();
      expect(stored.every((s) => /^LL\d{10}$/.test(s.reference_id) && s.merchant_id === acmeId && s.status === 0)).toBe(true);
      const packages = await t.db.selectFrom('packages').select(['barcode']).where('shipment_id', 'in', created).execute();
      expect(packages.every((p) => p.barcode.length >= 6)).toBe(true);
      // The upload is gone after the save; the same order numbers now exist, so a second save would refuse.
      expect((await acme.post(`/api/shipments/import/${data.id}/save`, { only_valid: true })).statusCode).toBe(404);
      await t.db.deleteFrom('events').where('subject_type', '=', 'package').where('subject_id', 'in', t.db.selectFrom('packages').select('id').where('shipment_id', 'in', created)).execute();
      await t.db.deleteFrom('events').where('subject_type', '=', 'shipment').where('subject_id', 'in', created).execute();
      await t.db.deleteFrom('packages').where('shipment_id', 'in', created).execute();
      await t.db.deleteFrom('shipments').where('id', 'in', created).execute();
    },
  );

  it('reports bad rows per cell in the user language, refuses to save them, and saves only the valid rows on request', async () => {
    const now = new Date().toISOString();
    await t.db.insertInto('shipments').values({ reference_id: 'LL0000000018', external_reference_id: 'EXISTING-1', merchant_id: acmeId, created_by: null, first_name: 'X', last_name: 'Y', email: null, phone: null, pickup_location_id: null, dropoff_location_id: null, contents: null, batch_id: null, manifest_id: null, pickup_requested_at: null, created_at: now, updated_at: now }).execute();
    const before = await countRows(t.db);
    const res = await upload(acme, fixture('bad-rows.csv'));
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.invalid).toBeGreaterThan(15);
    const at = (row: number, column: string) => data.errors.find((e: { row: number; column: string }) => e.row === row && e.column === column);
    expect(at(2, 'first_name')).toMatchObject({ code: 'required', message: 'This field is required.' });
    expect(at(4, 'email')).toMatchObject({ code: 'email', message: 'Must be a valid email address.' });
    expect(at(10, 'dropoff_location')).toMatchObject({ code: 'location_not_found' });
    expect(at(20, 'external_reference_id')).toMatchObject({ code: 'reference_exists' });

    const invalidOnly = await acme.get(`/api/shipments/import/${data.id}/preview`, { invalid_only: 1, perPage: 100 });
    expect(invalidOnly.json().data.rows).toHaveLength(data.invalid);
    expect(invalidOnly.json().data.rows.every((r: { valid: boolean }) => !r.valid)).toBe(true);

    const refused = await acme.post(`/api/shipments/import/${data.id}/save`, { only_valid: false });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('import.invalid_rows');
    expect(await countRows(t.db)).toEqual(before);

    const saved = await acme.post(`/api/shipments/import/${data.id}/save`, { only_valid: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.created).toHaveLength(data.shipments);
    expect((await countRows(t.db)).shipments - before.shipments).toBe(data.shipments);
  });

  it('answers in Spanish for a Spanish-speaking user', async () => {
    await t.db.updateTable('users').set({ locale: 'es' }).where('email', '=', 'support@example.com').execute();
    const support = await login(t.app, 'support@example.com');
    const res = await upload(support, fixture('bad-rows.csv'), { merchant_id: String(acmeId) });
    expect(res.statusCode, res.body).toBe(200);
    const error = res.json().data.errors.find((e: { row: number; column: string }) => e.row === 2 && e.column === 'first_name');
    expect(error.message).toBe('Este campo es obligatorio.');
  });
});

describe('refusals write nothing', () => {
  it.each(refusedFiles(fixture('header-only.csv')))('refuses %s', async (_label, file, status, code) => {
    const before = await countRows(t.db);
    const uploads = () => countAll(t.db, 'import_uploads');
    const stored = await uploads();
    const res = await upload(acme, file);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().code).toBe(code);
    expect(res.json().message).not.toBe('');
    expect(await countRows(t.db)).toEqual(before);
    expect(await uploads()).toBe(stored);
  });

  it('reads a file part sent without a filename by its bytes (it answered 500)', async () => {
    // What fetch's FormData sends for a Blob appended without a name: no filename, an octet-stream part.
    const nameless = (content: Buffer | string) =>
      acme.request({
        method: 'POST',
        url: '/api/shipments/import/upload',
        headers: { 'content-type': 'multipart/form-data; boundary=nameless' },
        body: Buffer.concat([
          Buffer.from('--nameless\r\nContent-Disposition: form-data; name="file"\r\nContent-Type: application/octet-stream\r\n\r\n'),
          Buffer.from(content),
          Buffer.from('\r\n--nameless--\r\n'),
        ]),
      });
    const csv = 'external_reference_id,first_name,last_name,email,dropoff_location,size\nNONAME-1,Ana,Rolle,ana@example.com,NAS-PUDO-01,SMALL\n';
    const res = await nameless(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ format: 'csv', rows: 1, valid: 1 });
    const preview = await acme.get(`/api/shipments/import/${res.json().data.id}/preview`);
    expect(preview.json().data).toMatchObject({ file_name: '', counts: { valid: 1 } });
    const before = await countRows(t.db);
    const binary = await nameless(Buffer.from([0xff, 0xfe, 0, 0, 1, 2, 3]));
    expect(binary.statusCode, binary.body).toBe(422);
    expect(binary.json().code).toBe('import.unsupported_format');
    expect(await countRows(t.db)).toEqual(before);
  });

  it('refuses a request without a file, and a superadmin upload without a merchant', async () => {
    const none = await acme.post('/api/shipments/import/upload', {});
    expect(none.statusCode).toBe(422);
    const admin = await login(t.app, 'superadmin@example.com');
    const res = await upload(admin, fixture('good-shipments.csv'));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('merchant_id');
  });
});

describe('one transaction', () => {
  it('writes nothing when a late chunk fails (a barcode taken between the check and the save)', async () => {
    const taken = (await t.db.selectFrom('packages').select('barcode').executeTakeFirstOrThrow()).barcode;
    const pudo = (await t.db.selectFrom('locations').select('id').where('code', '=', 'NAS-PUDO-01').executeTakeFirstOrThrow()).id;
    const bodies = Array.from({ length: 1200 }, (_, i) => ({
      rows: [i + 2],
      body: { external_reference_id: `TX-${i}`, type: 'standard', first_name: 'Ana', last_name: 'Rolle', email: 'ana@example.com', country: 'BS', locale: 'en', dropoff_location_id: pudo, packages: [{ size: 'SMALL', ...(i === 1100 ? { barcode: taken } : {}) }] },
    }));
    const ctx = { app: t.app, db: t.db, now: new Date().toISOString(), actor: { id: 0, role: ROLES.superadmin, merchant_id: null, features: 0, location_ids: [], user: {} as never, via: 'token' as const } };
    const before = await countRows(t.db);
    const error = await storeImportedShipments(ctx, acmeId, bodies).catch((e: unknown) => e);
    expect(isDomainError(error) && error.code).toBe('validation.failed');
    expect(await countRows(t.db)).toEqual(before);
  });
});

describe('access and tenant isolation', () => {
  it('lets only the import roles in, and answers 404 for another user upload', async () => {
    const res = await upload(acme, fixture('good-shipments.csv'));
    const id = res.json().data.id;
    const other = await login(t.app, 'other.admin@example.com');
    expect((await other.get(`/api/shipments/import/${id}/preview`)).statusCode).toBe(404);
    expect((await other.post(`/api/shipments/import/${id}/save`, { only_valid: true })).statusCode).toBe(404);
    expect((await acme.get('/api/shipments/import/not-an-id/preview')).statusCode).toBe(404);
    const user = await login(t.app, 'merchant.user@example.com');
    expect((await upload(user, fixture('good-shipments.csv'))).statusCode).toBe(403);
    expect((await user.get('/api/shipments/import/template')).statusCode).toBe(403);
    const pudo = await login(t.app, 'pudo@example.com');
    expect((await pudo.get(`/api/shipments/import/${id}/preview`)).statusCode).toBe(403);
    // A merchant admin's merchant_id is ignored: the import goes to their own merchant.
    const globexId = (await t.db.selectFrom('merchants').select('id').where('id', '!=', acmeId).executeTakeFirstOrThrow()).id;
    const own = await upload(acme, fixture('good-shipments.csv'), { merchant_id: String(globexId) });
    const saved = await acme.post(`/api/shipments/import/${own.json().data.id}/save`, { only_valid: true });
    const ids = saved.json().data.created;
    const merchants = await t.db.selectFrom('shipments').select('merchant_id').where('id', 'in', ids).execute();
    expect(merchants.every((m) => m.merchant_id === acmeId)).toBe(true);
  });
});
