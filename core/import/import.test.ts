import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makeTranslator } from '../i18n/index.js';
import {
  importBatchItemRows,
  importShipmentRows,
  mapHeaders,
  memoryImportContext,
  parseSize,
  SHIPMENT_IMPORT_FIELDS,
  translateRowErrors,
  type ReadRow,
} from './index.js';

const HEADERS = SHIPMENT_IMPORT_FIELDS.map((f) => f.name);
const context = () =>
  memoryImportContext({
    locations: [
      { id: 1, code: 'NAS-PUDO-01', name: 'Nassau PUDO', class: 'pudo', active: true },
      { id: 2, code: 'NAS-LOCK-01', name: 'Nassau Locker', class: 'locker', active: true },
      { id: 3, code: 'OLD-01', name: 'Old locker', class: 'locker', active: false },
      { id: 4, code: 'NAS-WH-01', name: 'Nassau Warehouse', class: 'warehouse', active: true },
    ],
    references: ['EXISTING-1'],
    contentTypes: ['Clothes', 'Books'],
  });
const base: Record<string, string> = { first_name: 'Ana', last_name: 'Rolle', email: 'ana@example.com', phone: '+1 242 502 1234', country: 'BS', dropoff_location: 'NAS-PUDO-01', size: 'SMALL' };
const toRows = (records: Record<string, string>[], headers = HEADERS): ReadRow[] => [
  { row: 1, cells: headers },
  ...records.map((r, i) => ({ row: i + 2, cells: headers.map((h) => r[h] ?? '') })),
];

describe('header mapping', () => {
  it('maps field names and English/Spanish labels, ignoring case, accents and spacing; reports unknown columns', () => {
    const mapping = mapHeaders(['  ORDER number ', 'nombre', 'Apellidos', 'correo electronico', 'Tamaño', 'Ubicación de entrega', 'Colour', 'size'], SHIPMENT_IMPORT_FIELDS);
    expect(mapping.columns).toEqual(['external_reference_id', 'first_name', 'last_name', 'email', 'size', 'dropoff_location', null, null]);
    expect(mapping.unknown).toEqual([{ index: 6, header: 'Colour' }]);
    expect(mapping.duplicates).toEqual([{ index: 7, header: 'size', field: 'size' }]);
    expect(mapping.missing).toEqual([]);
  });
  it('lists required columns that are missing', () => {
    expect(mapHeaders(['first_name'], SHIPMENT_IMPORT_FIELDS).missing).toEqual(['last_name', 'dropoff_location', 'size']);
  });
});

describe('values', () => {
  it('accepts sizes in English and Spanish', () => {
    expect(['small', 'Pequeño', 'MEDIANO', 'grande', 'Sobredimensionado', 'Extragrande', 'oversized'].map(parseSize)).toEqual(['SMALL', 'SMALL', 'MEDIUM', 'LARGE', 'OVERSIZED', 'OVERSIZED', 'OVERSIZED']);
    expect(parseSize('huge')).toBeUndefined();
  });
});

describe('shipment rows', () => {
  it('groups rows sharing an order number into one shipment with defaults applied', async () => {
    const result = await importShipmentRows(
      toRows([
        { ...base, external_reference_id: 'A', size: 'small' },
        { ...base, external_reference_id: 'A', size: 'Grande', barcode: 'BC-000001' },
        { ...base, external_reference_id: '', country: 'ZZ', type: 'Urgente', locale: 'Español', dropoff_location: 'nassau pudo' },
        { ...base, external_reference_id: 'B', contents: 'books' },
      ]),
      context(),
    );
    expect(result.counts).toEqual({ rows: 4, valid: 4, invalid: 0, shipments: 3, packages: 4 });
    expect(result.shipments[0]).toEqual({
      rows: [2, 3],
      body: {
        external_reference_id: 'A', type: 'standard', first_name: 'Ana', last_name: 'Rolle', email: 'ana@example.com',
        phone: '+1 242 502 1234', country: 'BS', locale: 'en', dropoff_location_id: 1,
        packages: [{ size: 'SMALL' }, { size: 'LARGE', barcode: 'BC-000001' }],
      },
    });
    expect(result.shipments[1].body).toMatchObject({ type: 'express', locale: 'es', country: 'BS' });
    expect(result.shipments[2].body.contents).toBe('Books');
  });

  const badCases: [Record<string, string>, string, string][] = [
    [{ first_name: '' }, 'first_name', 'required'],
    [{ last_name: 'R' }, 'last_name', 'min'],
    [{ email: 'nope' }, 'email', 'email'],
    [{ phone: '123' }, 'phone', 'phone.too_short'],
    [{ country: 'ES', phone: '612' }, 'phone', 'phone.too_short'],
    [{ email: '', phone: '' }, 'email', 'required_without'],
    [{ size: 'HUGE' }, 'size', 'in'],
    [{ size: '' }, 'size', 'required'],
    [{ size: 'OVERSIZED', dropoff_location: 'NAS-LOCK-01' }, 'dropoff_location', 'package.oversized_needs_pudo'],
    [{ phone: '', dropoff_location: 'NAS-LOCK-01' }, 'phone', 'shipment.locker_needs_phone'],
    [{ dropoff_location: 'NAS-WH-01' }, 'dropoff_location', 'location.warehouse_not_dropoff'],
    [{ dropoff_location: 'NOWHERE' }, 'dropoff_location', 'location_not_found'],
    [{ dropoff_location: 'OLD-01' }, 'dropoff_location', 'location_inactive'],
    [{ dropoff_location: '' }, 'dropoff_location', 'required'],
    [{ pickup_location: 'NOWHERE' }, 'pickup_location', 'location_not_found'],
    [{ type: 'overnight' }, 'type', 'in'],
    [{ locale: 'fr' }, 'locale', 'in'],
    [{ barcode: '123' }, 'barcode', 'min'],
    [{ description: 'x'.repeat(501) }, 'description', 'max'],
    [{ contents: 'Weapons' }, 'contents', 'unknown_content_type'],
    [{ external_reference_id: 'EXISTING-1' }, 'external_reference_id', 'reference_exists'],
  ];
  it.each(badCases)('reports %j on column %s with code %s, in English and Spanish', async (change, column, code) => {
    const result = await importShipmentRows(toRows([{ ...base, external_reference_id: 'X', ...change }]), context());
    expect(result.counts).toMatchObject({ valid: 0, invalid: 1, shipments: 0 });
    const error = result.rows[0].errors.find((e) => e.column === column)!;
    expect(error).toMatchObject({ row: 2, column, code, value: change[column] ?? 'X' });
    const [en] = translateRowErrors([error], makeTranslator('en'));
    const [es] = translateRowErrors([error], makeTranslator('es'));
    expect(en.message).not.toBe(error.key);
    expect(es.message).not.toBe(error.key);
    expect(es.message).not.toBe(en.message);
  });

  it('flags duplicate barcodes, mismatching recipients and the siblings of a bad row', async () => {
    const result = await importShipmentRows(
      toRows([
        { ...base, external_reference_id: 'A', barcode: 'BC-000009' },
        { ...base, external_reference_id: 'B', barcode: 'BC-000009' },
        { ...base, external_reference_id: 'C' },
        { ...base, external_reference_id: 'C', first_name: 'Other' },
        { ...base, external_reference_id: 'D', size: 'HUGE' },
        { ...base, external_reference_id: 'D' },
      ]),
      context(),
    );
    const codes = result.rows.map((r) => r.errors.map((e) => `${e.column}:${e.code}`));
    expect(codes).toEqual([
      [],
      ['barcode:duplicate_barcode'],
      ['external_reference_id:group_invalid'],
      ['first_name:group_mismatch'],
      ['size:in'],
      ['external_reference_id:group_invalid'],
    ]);
    expect(result.rows[1].errors[0].params).toEqual({ row: 2 });
    expect(result.counts).toEqual({ rows: 6, valid: 1, invalid: 5, shipments: 1, packages: 1 });
    const invalidOnly = await importShipmentRows(toRows([{ ...base }, { ...base, size: '' }]), context(), { keepRows: 'invalid' });
    expect(invalidOnly.rows.map((r) => r.row)).toEqual([3]);
  });

  it('a valid generated row set passes', async () => {
    const name = fc.stringMatching(/^[A-Za-zÁÉÍÓÚáéíóúñÑ]{2,20}$/);
    const record = fc.record({
      external_reference_id: fc.stringMatching(/^[A-Z0-9-]{1,12}$/),
      first_name: name,
      last_name: name,
      email: fc.constantFrom('a@example.com', 'b.c@example.org', ''),
      phone: fc.constantFrom('+1 242 502 1234', '+1 242 359 1234'),
      size: fc.constantFrom('SMALL', 'MEDIUM', 'LARGE', 'OVERSIZED', 'pequeño', 'grande'),
      description: fc.string({ maxLength: 40 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(record, { minLength: 1, maxLength: 20 }), async (records) => {
        // One recipient per order number, so grouped rows agree.
        const byRef = new Map<string, (typeof records)[number]>();
        const rows = records.map((r) => {
          const first = byRef.get(r.external_reference_id) ?? r;
          byRef.set(r.external_reference_id, first);
          return { ...base, ...r, first_name: first.first_name, last_name: first.last_name, email: first.email, phone: first.phone };
        });
        const result = await importShipmentRows(toRows(rows), context());
        expect(result.rows.flatMap((r) => r.errors)).toEqual([]);
        expect(result.counts.shipments).toBe(byRef.size);
        expect(result.counts.packages).toBe(rows.length);
      }),
      { numRuns: 50 },
    );
  });
});

describe('batch-item rows', () => {
  it('checks customers with the same rules and accepts ISO expiry dates', async () => {
    const headers = ['Nombre', 'Apellidos', 'email', 'phone', 'country', 'Fecha de caducidad'];
    const result = await importBatchItemRows([
      { row: 1, cells: headers },
      { row: 2, cells: ['Ana', 'Rolle', 'ana@example.com', '', '', '2030-01-31'] },
      { row: 3, cells: ['Ben', 'Knowles', '', '', 'BS', '2030-02-30'] },
    ], { now: new Date('2030-01-01T12:00:00Z') });
    expect(result.items).toEqual([{ row: 2, body: { first_name: 'Ana', last_name: 'Rolle', email: 'ana@example.com', country: 'BS', locale: 'en', offset_date: '2030-01-31' } }]);
    expect(result.rows[1].errors.map((e) => `${e.column}:${e.code}`)).toEqual(['email:required_without', 'phone:required_without', 'offset_date:date']);
    expect(result.counts).toEqual({ rows: 2, valid: 1, invalid: 1, items: 1 });
    // Yesterday, and further ahead than the longest batch offset (90 days), are refused too.
    const window = await importBatchItemRows([{ row: 1, cells: headers }, { row: 2, cells: ['Ana', 'Rolle', 'ana@example.com', '', '', '2029-12-31'] }, { row: 3, cells: ['Ana', 'Rolle', 'ana@example.com', '', '', '2030-04-02'] }], { now: new Date('2030-01-01T12:00:00Z') });
    expect(window.rows.flatMap((r) => r.errors.map((e) => `${e.row}:${e.code}`))).toEqual(['2:date_between', '3:date_between']);
  });

  it("reads an optional language column (English or Spanish header and values); empty is the importer's default", async () => {
    for (const header of ['Language', 'Idioma', 'locale']) {
      const result = await importBatchItemRows(
        [
          { row: 1, cells: ['first_name', 'last_name', 'email', header] },
          { row: 2, cells: ['Ana', 'Rolle', 'ana@example.com', 'Español'] },
          { row: 3, cells: ['Ben', 'Knowles', 'ben@example.com', 'en'] },
          { row: 4, cells: ['Cy', 'Young', 'cy@example.com', ''] },
          { row: 5, cells: ['Di', 'Moss', 'di@example.com', 'fr'] },
        ],
        { defaultLocale: 'es' },
      );
      expect(result.header.columns, header).toEqual(['first_name', 'last_name', 'email', 'locale']);
      expect(result.items.map((i) => i.body.locale)).toEqual(['es', 'en', 'es']);
      expect(result.rows.flatMap((r) => r.errors).map((e) => `${e.row}:${e.column}:${e.code}`)).toEqual(['5:locale:in']);
    }
    const noColumn = await importBatchItemRows([{ row: 1, cells: ['first_name', 'last_name', 'email'] }, { row: 2, cells: ['Ana', 'Rolle', 'ana@example.com'] }]);
    expect(noColumn.items[0]!.body.locale).toBe('en');
  });
});

describe('large-file mode and stored barcodes', () => {
  it("keepRows 'invalid' rebuilds the valid rows of a group that turns invalid later", async () => {
    const result = await importShipmentRows(
      toRows([
        { ...base, external_reference_id: 'G', description: 'first' },
        { ...base, external_reference_id: 'OK' },
        { ...base, external_reference_id: 'G', size: 'huge' },
      ]),
      context(),
      { keepRows: 'invalid' },
    );
    expect(result.counts).toEqual({ rows: 3, valid: 1, invalid: 2, shipments: 1, packages: 1 });
    expect(result.rows.map((r) => [r.row, r.errors.map((e) => e.code)])).toEqual([
      [2, ['group_invalid']],
      [4, ['in']],
    ]);
    expect(result.rows[0].values).toMatchObject({ external_reference_id: 'G', first_name: 'Ana', description: 'first', size: 'SMALL' });
  });

  it('flags barcodes a stored package already uses, when the context can tell', async () => {
    const ctx = { ...context(), existingBarcodes: (codes: string[]) => codes.filter((c) => c === 'TAKEN-01') };
    const result = await importShipmentRows(
      toRows([
        { ...base, external_reference_id: 'A', barcode: 'TAKEN-01' },
        { ...base, external_reference_id: 'A', barcode: 'FREE-001' },
        { ...base, external_reference_id: 'B', barcode: 'FREE-002' },
      ]),
      ctx,
    );
    expect(result.rows.map((r) => r.errors.map((e) => e.code))).toEqual([['barcode_exists'], ['group_invalid'], []]);
    expect(result.shipments).toHaveLength(1);
  });
});
