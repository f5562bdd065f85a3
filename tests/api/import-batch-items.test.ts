/**
 * Batch customers through the import wizard's API (/api/batches/:id/items/import/...): template, upload ->
 * preview (per-cell errors) -> save in one transaction with the batch's item count kept, English and Spanish
 * headers and the language column, and the rules of creating a batch item (role, batches feature, the
 * batch visible and not completed). Every refusal writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../core/i18n/index.js';
import { createTestApp, login, type Client, type TestApp } from './helpers.js';
import { countAll, fixture, findMerchantId, readWorkbook, refusedFiles, upload, type UploadFile } from './import-support.js';

/** Expiry dates inside the window (today .. 90 days ahead). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const SOON = day(30);
const LATER = day(60);
const HEADER = 'first_name,last_name,email,phone,country,locale,offset_date';
const GOOD = [HEADER, `Lucia,Ferguson,lucia@example.com,+1 242 502 1234,BS,es,${SOON}`, 'Ben,Knowles,,+1 242 502 7777,,English,'].join('\n');
/** Spanish labels, semicolons, a language column with Español and an empty language cell. */
const SPANISH = ['Nombre;Apellidos;Correo electrónico;Teléfono;País;Idioma;Fecha de caducidad', 'Bea;Rolle;bea@example.com;;BS;Español;', `Carl;Moss;carl@example.com;;;;${LATER}`].join('\n');
/** Row 3 (the header is row 1) has a phone that is far too short. */
const BAD_PHONE = [HEADER, 'Ana,Rolle,ana@example.com,+1 242 502 1234,BS,en,', 'Dan,Smith,,12,BS,,', 'Cara,Moss,cara@example.com,,BS,es,'].join('\n');

const csv = (name: string, text: string) => ({ name, content: Buffer.from(text + '\n') });
const base = (batchId: number) => `/api/batches/${batchId}/items/import`;
const uploadTo = (client: Client, batchId: number, file: UploadFile) => upload(client, file, {}, `${base(batchId)}/upload`);

let t: TestApp;
let acme: Client;
let acmeId: number;
let globexId: number;

async function addBatch(merchantId: number, status = 0): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.db
    .insertInto('batches')
    .values({ merchant_id: merchantId, name: `Import ${status}`, status, pickup_location_id: null, contents: null, notification_message: null, reminder_message: null, final_reminder_message: null, created_by: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Items, events and stored uploads in the whole database, and the batch's own item count. */
async function counts(batchId: number) {
  return {
    items: await countAll(t.db, 'batch_items'),
    events: await countAll(t.db, 'events'),
    uploads: await countAll(t.db, 'import_uploads'),
    itemCount: Number((await t.db.selectFrom('batches').select('item_count').where('id', '=', batchId).executeTakeFirstOrThrow()).item_count),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  acmeId = await findMerchantId(t.db, 'Acme%');
  globexId = await findMerchantId(t.db, 'Globex');
  acme = await login(t.app, 'merchant.admin@example.com');
});
afterAll(async () => {
  await t?.close();
});

describe('template', () => {
  it('downloads the CSV and XLSX customer templates, the column sheet in the user language', async () => {
    const batchId = await addBatch(acmeId);
    const res = await acme.get(`${base(batchId)}/template`, { format: 'csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('batch-items-import-template.csv');
    expect(res.body.split(/\r?\n/)[0]).toBe(HEADER);

    await t.db.updateTable('users').set({ locale: 'es' }).where('email', '=', 'support@example.com').execute();
    const support = await login(t.app, 'support@example.com');
    const xlsx = await support.request({ method: 'GET', url: `${base(batchId)}/template` });
    expect(xlsx.statusCode).toBe(200);
    const workbook = await readWorkbook(xlsx.rawPayload);
    expect(workbook.worksheets[0]!.getRow(1).values).toEqual([undefined, ...HEADER.split(',')]);
    const help = workbook.worksheets[1]!;
    expect(help.name).toBe('Columnas');
    expect(help.getRow(2).getCell(3).value).toBe('Nombre del cliente (de 2 a 100 caracteres).');
  });

  it('documents the endpoints in the OpenAPI document under the import tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [path, method] of [['/api/batches/{id}/items/import/template', 'get'], ['/api/batches/{id}/items/import/upload', 'post'], ['/api/batches/{id}/items/import/{upload}/preview', 'get'], ['/api/batches/{id}/items/import/{upload}/save', 'post']] as const)
      expect(doc.paths[path]?.[method]?.tags, path).toEqual(['import']);
  });
});

describe('upload -> preview -> save', () => {
  it('imports English and Spanish header files with a language column, in one go each, keeping the item count', async () => {
    const batchId = await addBatch(acmeId);
    for (const file of [csv('customers.csv', GOOD), csv('clientes.csv', SPANISH)]) {
      const before = await counts(batchId);
      const res = await uploadTo(acme, batchId, file);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ rows: 2, valid: 2, invalid: 0, items: 2, errors: [], errors_total: 0, header: { unknown: [], missing: [] } });
      // Nothing is written before the save, but the upload is kept.
      expect(await counts(batchId)).toEqual({ ...before, uploads: before.uploads + 1 });

      const preview = await acme.get(`${base(batchId)}/${data.id}/preview`);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().data).toMatchObject({ batch_id: batchId, merchant_id: acmeId, counts: { rows: 2, valid: 2, invalid: 0, items: 2 } });
      expect(preview.json().data.rows.map((r: { row: number; valid: boolean }) => [r.row, r.valid])).toEqual([[2, true], [3, true]]);

      const save = await acme.post(`${base(batchId)}/${data.id}/save`, { only_valid: false });
      expect(save.statusCode, save.body).toBe(200);
      expect(save.json().data.created).toHaveLength(2);
      expect(await counts(batchId)).toEqual({ items: before.items + 2, events: before.events + 2, uploads: before.uploads, itemCount: before.itemCount + 2 });
      // The upload is gone after the save.
      expect((await acme.post(`${base(batchId)}/${data.id}/save`, { only_valid: true })).statusCode).toBe(404);
    }
    const items = await t.db.selectFrom('batch_items').selectAll().where('batch_id', '=', batchId).orderBy('id').execute();
    expect(items.map((i) => [i.first_name, i.locale, i.country, i.full_phone_number, i.status, i.merchant_id])).toEqual([
      ['Lucia', 'es', 'BS', '+12425021234', 0, acmeId],
      ['Ben', 'en', 'BS', '+12425027777', 0, acmeId],
      ['Bea', 'es', 'BS', null, 0, acmeId],
      // an empty language cell is the importing user's language (the Acme admin reads English)
      ['Carl', 'en', 'BS', null, 0, acmeId],
    ]);
    expect(items[0]!.offset_date).toBe(`${SOON}T00:00:00.000Z`);
    const events = await t.db.selectFrom('events').select(['kind', 'to_status']).where('subject_type', '=', 'batch_item').where('subject_id', 'in', items.map((i) => i.id)).execute();
    expect(events).toEqual(items.map(() => ({ kind: 'created', to_status: 0 })));
  });

  it('puts a bad phone on its cell, refuses to save it, then saves only the valid rows', async () => {
    const batchId = await addBatch(acmeId);
    const before = await counts(batchId);
    const res = await uploadTo(acme, batchId, csv('bad.csv', BAD_PHONE));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ rows: 3, valid: 2, invalid: 1, items: 2, errors_total: 1 });
    expect(data.errors).toEqual([{ row: 3, column: 'phone', code: expect.stringMatching(/^phone\./), message: expect.any(String) }]);
    expect(data.errors[0].message).not.toBe('');

    const invalid = await acme.get(`${base(batchId)}/${data.id}/preview`, { invalid_only: 1 });
    expect(invalid.json().data.rows).toEqual([{ row: 3, values: expect.objectContaining({ first_name: 'Dan', phone: '12' }), valid: false, errors: data.errors }]);
    const all = await acme.get(`${base(batchId)}/${data.id}/preview`, { perPage: 2, page: 2 });
    expect(all.json().data.rows.map((r: { row: number }) => r.row)).toEqual([4]);
    expect(all.json().meta).toMatchObject({ total: 3, from: 3, to: 3 });

    const refused = await acme.post(`${base(batchId)}/${data.id}/save`, { only_valid: false });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'import.invalid_rows', message: expect.stringContaining('1') });
    expect(await counts(batchId)).toEqual({ ...before, uploads: before.uploads + 1 });

    const saved = await acme.post(`${base(batchId)}/${data.id}/save`, { only_valid: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const names = await t.db.selectFrom('batch_items').select('first_name').where('id', 'in', saved.json().data.created).orderBy('id').execute();
    expect(names.map((r) => r.first_name)).toEqual(['Ana', 'Cara']);
    expect(await counts(batchId)).toEqual({ items: before.items + 2, events: before.events + 2, uploads: before.uploads, itemCount: 2 });
  });

  it('answers in Spanish for a Spanish-speaking user', async () => {
    const batchId = await addBatch(acmeId);
    await t.db.updateTable('users').set({ locale: 'es' }).where('email', '=', 'support@example.com').execute();
    const support = await login(t.app, 'support@example.com');
    const res = await uploadTo(support, batchId, csv('malo.csv', [HEADER, ',Rolle,ana@example.com,,,,'].join('\n')));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.errors).toContainEqual({ row: 2, column: 'first_name', code: 'required', message: 'Este campo es obligatorio.' });
    const locked = await addBatch(acmeId, 100);
    const refused = await uploadTo(support, locked, csv('clientes.csv', GOOD));
    expect(refused.json().code).toBe('record.locked');
    expect(refused.json().message).toBe(translate('es', 'errors.record.locked'));
  });
});

describe('refusals write nothing', () => {
  it.each(refusedFiles(csv('header.csv', HEADER)))('refuses %s', async (_label, file, status, code) => {
    const batchId = await addBatch(acmeId);
    const before = await counts(batchId);
    const res = await uploadTo(acme, batchId, file);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().code).toBe(code);
    expect(await counts(batchId)).toEqual(before);
  });

  it('refuses a completed batch with record.locked, also when it completes between upload and save', async () => {
    const locked = await addBatch(acmeId, 100);
    const before = await counts(locked);
    const res = await uploadTo(acme, locked, csv('c.csv', GOOD));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('record.locked');
    expect(await counts(locked)).toEqual(before);
    // The template stays downloadable.
    expect((await acme.get(`${base(locked)}/template`)).statusCode).toBe(200);

    const batchId = await addBatch(acmeId);
    const { id } = (await uploadTo(acme, batchId, csv('c.csv', GOOD))).json().data;
    await t.db.updateTable('batches').set({ status: 100 }).where('id', '=', batchId).execute();
    const middle = await counts(batchId);
    const save = await acme.post(`${base(batchId)}/${id}/save`, { only_valid: true });
    expect(save.statusCode).toBe(400);
    expect(save.json().code).toBe('record.locked');
    expect(await counts(batchId)).toEqual(middle);
  });
});

describe('access and tenant isolation', () => {
  it('answers 404 for another merchant batch, an unknown batch and an upload of another batch, kind or user', async () => {
    const globexBatch = await addBatch(globexId);
    const before = await counts(globexBatch);
    for (const res of [await uploadTo(acme, globexBatch, csv('c.csv', GOOD)), await acme.get(`${base(globexBatch)}/template`), await uploadTo(acme, 999999, csv('c.csv', GOOD))]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect(await counts(globexBatch)).toEqual(before);

    const mine = await addBatch(acmeId);
    const other = await addBatch(acmeId);
    const { id } = (await uploadTo(acme, mine, csv('c.csv', GOOD))).json().data;
    expect((await acme.get(`${base(other)}/${id}/preview`)).statusCode).toBe(404);
    expect((await acme.post(`${base(other)}/${id}/save`, { only_valid: true })).statusCode).toBe(404);
    // Not a shipment upload either, and the shipments wizard's own upload is not a customer upload.
    expect((await acme.get(`/api/shipments/import/${id}/preview`)).statusCode).toBe(404);
    const shipmentUpload = await upload(acme, fixture('good-shipments.csv'));
    expect((await acme.get(`${base(mine)}/${shipmentUpload.json().data.id}/preview`)).statusCode).toBe(404);
    // Another user of the same merchant (and role) does not see it.
    await t.db.updateTable('users').set({ locale: 'en' }).where('email', '=', 'support@example.com').execute();
    const support = await login(t.app, 'support@example.com');
    expect((await support.get(`${base(mine)}/${id}/preview`)).statusCode).toBe(404);
    expect(await counts(mine)).toMatchObject({ itemCount: 0 });
    // Superadmin and support may import into any merchant's batch.
    const theirs = await uploadTo(support, mine, csv('c.csv', GOOD));
    expect(theirs.statusCode, theirs.body).toBe(200);
  });

  it('refuses merchant users (forbidden), merchants without the batches feature (feature_disabled) and guests', async () => {
    const batchId = await addBatch(acmeId);
    const globexBatch = await addBatch(globexId);
    const before = await counts(batchId);
    const user = await login(t.app, 'merchant.user@example.com');
    const res = await uploadTo(user, batchId, csv('c.csv', GOOD));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    expect((await user.get(`${base(batchId)}/template`)).statusCode).toBe(403);

    const globex = await login(t.app, 'other.admin@example.com');
    for (const r of [await uploadTo(globex, globexBatch, csv('c.csv', GOOD)), await globex.get(`${base(globexBatch)}/template`)]) {
      expect(r.statusCode).toBe(403);
      expect(r.json().code).toBe('feature_disabled');
    }
    const pudo = await login(t.app, 'pudo@example.com');
    expect((await uploadTo(pudo, batchId, csv('c.csv', GOOD))).statusCode).toBe(403);
    const signedOut = await t.app.inject({ method: 'GET', url: `${base(batchId)}/template` });
    expect(signedOut.statusCode).toBe(401);
    expect(await counts(batchId)).toEqual(before);
    expect(await counts(globexBatch)).toMatchObject({ itemCount: 0 });
  });
});
