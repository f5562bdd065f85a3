/**
 * Shipment import: validates each row (one package per row) with the same rules as the shipment form
 * (core/schemas + core/validation), resolves locations through the ImportContext, and groups rows that
 * share an order number (external_reference_id) into one shipment create body. A shipment is created
 * from all of its rows or not at all: a bad row makes its siblings invalid too.
 */
import { customerDropoffRefusal, lockerPhoneRefusal, oversizedRefusal } from '../policies/packages.policy.js';
import { contentTypeMatcher } from '../policies/shipments.policy.js';
import { collectProblems, schemas } from '../schemas/index.js';
import type { Message, Schema } from '../validation.js';
import type { ImportContext, ImportLocation } from './context.js';
import { SHIPMENT_IMPORT_FIELDS, SHIPMENT_LEVEL_FIELDS } from './fields.js';
import { mapHeaders, rowValues, type HeaderMapping } from './headers.js';
import { dataRows, isBlankRow, rowError, type ImportRowError, type ImportRowResult, type ReadRow, type RowSource } from './rows.js';
import { parseCountry, parseLocale, parseShipmentType, parseSize } from './values.js';

export interface PackageImportBody {
  size: string;
  description?: string;
  barcode?: string;
}

/** The shipment create body of DESIGN.md section 3 (merchant implicit). */
export interface ShipmentImportBody {
  external_reference_id?: string;
  type: string;
  first_name: string;
  last_name: string;
  email?: string;
  phone?: string;
  country: string;
  locale: string;
  dropoff_location_id: number;
  pickup_location_id?: number;
  contents?: string;
  packages: PackageImportBody[];
}

export interface ImportedShipment {
  /** The file rows this shipment came from (one per package, same order). */
  rows: number[];
  body: ShipmentImportBody;
}

export interface ImportSummaryCounts {
  rows: number;
  valid: number;
  invalid: number;
  shipments: number;
  packages: number;
}

export interface ShipmentImportResult {
  header: HeaderMapping;
  /** Every row (or only the invalid ones with `keepRows: 'invalid'`), in file order. */
  rows: ImportRowResult[];
  /** Create bodies of the valid shipments, in file order. */
  shipments: ImportedShipment[];
  counts: ImportSummaryCounts;
}

export interface ShipmentImportOptions {
  /** 'invalid' returns only rows with errors (the CLI and large imports); default 'all'. */
  keepRows?: 'all' | 'invalid';
}

interface Group {
  reference?: string;
  firstRow: number;
  /** Shipment-level values of the first row, compared with later rows. */
  shared: Record<string, string>;
  /** Every file row of the group, in file order. */
  rows: number[];
  /** The kept row results: all of them, or (keepRows 'invalid') only rows with errors. */
  results: ImportRowResult[];
  body?: ShipmentImportBody;
  firstInvalidRow?: number;
}

// Fields checked by the schema rules (locations, size, type and locale are resolved separately).
const ROW_SCHEMA: Schema = {
  external_reference_id: schemas.shipments.create.external_reference_id,
  first_name: schemas.shipments.create.first_name,
  last_name: schemas.shipments.create.last_name,
  email: schemas.shipments.create.email,
  phone: schemas.shipments.create.phone,
  contents: schemas.shipments.create.contents,
  description: schemas.packageItem.description,
  barcode: schemas.packageItem.barcode,
};

const IN: Message = { key: 'validation.in' };
const REQUIRED: Message = { key: 'validation.required' };
const optional = (value: string) => (value === '' ? undefined : value);

export class ShipmentImporter {
  private mapping: HeaderMapping | undefined;
  private readonly groups = new Map<string, Group>();
  private readonly barcodes = new Map<string, { row: number; group: Group }>();
  private readonly locations = new Map<string, Promise<ImportLocation | null>>();
  private readonly matchContents: (value: string) => string | undefined;
  private readonly keepAll: boolean;

  constructor(
    private readonly context: ImportContext,
    private readonly options: ShipmentImportOptions = {},
  ) {
    this.matchContents = contentTypeMatcher(context.contentTypes);
    this.keepAll = (options.keepRows ?? 'all') === 'all';
  }

  setHeader(cells: readonly string[]): HeaderMapping {
    this.mapping = mapHeaders(cells, SHIPMENT_IMPORT_FIELDS);
    return this.mapping;
  }

  private location(value: string, kind: 'dropoff' | 'pickup'): Promise<ImportLocation | null> {
    const key = `${kind}:${value.toLowerCase()}`;
    let found = this.locations.get(key);
    if (!found) {
      found = Promise.resolve(this.context.resolveLocation(value, kind));
      this.locations.set(key, found);
    }
    return found;
  }

  async addRow({ row, cells }: ReadRow): Promise<void> {
    if (!this.mapping) throw new Error('setHeader must be called before addRow');
    if (isBlankRow(cells)) return;
    const v = rowValues(this.mapping, cells);
    const get = (field: string) => v[field] ?? '';
    const errors: ImportRowError[] = [];
    const add = (column: string, message: Message) => errors.push(rowError(row, column, message, get(column)));

    const type = parseShipmentType(get('type'));
    if (type === undefined) add('type', IN);
    const locale = parseLocale(get('locale'));
    if (locale === undefined) add('locale', IN);
    const country = parseCountry(get('country'));
    const size = parseSize(get('size'));
    if (get('size') === '') add('size', REQUIRED);
    else if (size === undefined) add('size', IN);

    const checked = { ...v, country };
    for (const [field, message] of Object.entries(collectProblems(ROW_SCHEMA, checked))) add(field, message);

    let contents = optional(get('contents'));
    if (contents !== undefined) {
      contents = this.matchContents(contents);
      if (contents === undefined) add('contents', { key: 'import.errors.unknown_content_type' });
    }

    const dropoff = await this.resolve('dropoff_location', get('dropoff_location'), 'dropoff', true, add);
    const pickup = await this.resolve('pickup_location', get('pickup_location'), 'pickup', false, add);
    if (dropoff && customerDropoffRefusal(dropoff)) add('dropoff_location', { key: 'errors.location.warehouse_not_dropoff' });
    else if (dropoff && size && oversizedRefusal([size], dropoff))
      add('dropoff_location', { key: 'errors.package.oversized_needs_pudo' });
    if (dropoff && lockerPhoneRefusal(get('phone'), dropoff)) add('phone', { key: 'errors.shipment.locker_needs_phone' });

    const barcode = optional(get('barcode'));
    const reference = optional(get('external_reference_id'));
    // A plain literal (one hidden class, no dictionary mode): kept per shipment until the end of the file.
    const shared: Record<(typeof SHIPMENT_LEVEL_FIELDS)[number], string> = {
      type: type ?? get('type'),
      first_name: get('first_name'),
      last_name: get('last_name'),
      email: get('email').toLowerCase(),
      phone: get('phone'),
      country,
      locale: locale ?? get('locale'),
      dropoff_location: get('dropoff_location'),
      pickup_location: get('pickup_location'),
      contents: get('contents'),
    };
    const key = reference === undefined ? `#${row}` : `r:${reference}`;
    let group = this.groups.get(key);
    if (!group) {
      group = { reference, firstRow: row, shared, rows: [], results: [] };
      this.groups.set(key, group);
    } else {
      for (const field of SHIPMENT_LEVEL_FIELDS)
        if (shared[field] !== group.shared[field])
          add(field, { key: 'import.errors.group_mismatch', params: { row: group.firstRow } });
    }

    if (barcode !== undefined) {
      const first = this.barcodes.get(barcode);
      if (first !== undefined) add('barcode', { key: 'import.errors.duplicate_barcode', params: { row: first.row } });
      else this.barcodes.set(barcode, { row, group });
    }

    const result: ImportRowResult = { row, values: v, errors };
    if (errors.length > 0 || this.keepAll || group.firstInvalidRow !== undefined) {
      // Rows of a still-valid group are materialised before the group is invalidated.
      if (errors.length > 0) this.materialize(group);
      group.results.push(result);
    }
    group.rows.push(row);
    if (errors.length > 0) {
      this.invalidate(group, row);
      return;
    }
    if (group.firstInvalidRow !== undefined) {
      this.markSibling(result, group.firstInvalidRow);
      return;
    }
    // Bodies are built without `delete` (which would turn them into slow, large dictionary objects):
    // a 100,000-row import keeps every valid body until the save.
    const pkg: PackageImportBody = { size: size! };
    const description = optional(get('description'));
    if (description !== undefined) pkg.description = description;
    if (barcode !== undefined) pkg.barcode = barcode;
    if (group.body) {
      group.body.packages.push(pkg);
      return;
    }
    const body: ShipmentImportBody = {
      type: type!,
      first_name: get('first_name'),
      last_name: get('last_name'),
      country,
      locale: locale!,
      dropoff_location_id: dropoff!.id,
      packages: [pkg],
    };
    if (reference !== undefined) body.external_reference_id = reference;
    const email = optional(get('email'));
    if (email !== undefined) body.email = email;
    const phone = optional(get('phone'));
    if (phone !== undefined) body.phone = phone;
    if (pickup) body.pickup_location_id = pickup.id;
    if (contents !== undefined) body.contents = contents;
    group.body = body;
  }

  private async resolve(
    column: string,
    value: string,
    kind: 'dropoff' | 'pickup',
    required: boolean,
    add: (column: string, message: Message) => void,
  ): Promise<ImportLocation | null> {
    if (value === '') {
      if (required) add(column, REQUIRED);
      return null;
    }
    const location = await this.location(value, kind);
    if (!location) add(column, { key: 'import.errors.location_not_found' });
    else if (!location.active) add(column, { key: 'import.errors.location_inactive' });
    return location && location.active ? location : null;
  }

  private markSibling(result: ImportRowResult, invalidRow: number) {
    result.errors.push(
      rowError(result.row, 'external_reference_id', { key: 'import.errors.group_invalid', params: { row: invalidRow } }, result.values.external_reference_id ?? ''),
    );
  }

  /**
   * keepRows 'invalid' keeps no details of valid rows; when their group turns invalid they are rebuilt
   * from the group's shared values and their package (the cells as the importer read them).
   */
  private materialize(group: Group) {
    if (this.keepAll || group.firstInvalidRow !== undefined || !group.body) return;
    const kept = new Set(group.results.map((r) => r.row));
    const valid = group.rows.filter((r) => !kept.has(r));
    valid.forEach((row, i) => {
      const pkg = group.body!.packages[i];
      const values: Record<string, string> = { ...group.shared, external_reference_id: group.reference ?? '', size: pkg.size, description: pkg.description ?? '', barcode: pkg.barcode ?? '' };
      group.results.push({ row, values, errors: [] });
    });
    group.results.sort((a, b) => a.row - b.row);
  }

  /** The group cannot become a shipment: its rows without errors of their own get `group_invalid`. */
  private invalidate(group: Group, invalidRow: number) {
    if (group.firstInvalidRow !== undefined) return;
    this.materialize(group);
    group.firstInvalidRow = invalidRow;
    group.body = undefined;
    for (const result of group.results) if (result.errors.length === 0) this.markSibling(result, invalidRow);
  }

  async finish(): Promise<ShipmentImportResult> {
    if (!this.mapping) throw new Error('setHeader must be called before finish');
    await this.flagExistingReferences();
    await this.flagExistingBarcodes();
    const rows: ImportRowResult[] = [];
    const shipments: ImportedShipment[] = [];
    const counts: ImportSummaryCounts = { rows: 0, valid: 0, invalid: 0, shipments: 0, packages: 0 };
    // Groups interleave in the file; rows are reported in file order.
    for (const group of this.groups.values()) {
      counts.rows += group.rows.length;
      for (const result of group.results) {
        if (result.errors.length > 0) counts.invalid++;
        if (this.keepAll || result.errors.length > 0) rows.push(result);
      }
    }
    rows.sort((a, b) => a.row - b.row);
    counts.valid = counts.rows - counts.invalid;
    for (const group of this.groups.values()) {
      if (!group.body) continue;
      shipments.push({ rows: group.rows, body: group.body });
      counts.shipments++;
      counts.packages += group.body.packages.length;
    }
    return { header: this.mapping, rows, shipments, counts };
  }

  private async flagExistingReferences() {
    const withReference = [...this.groups.values()].filter((g) => g.reference !== undefined);
    for (let start = 0; start < withReference.length; start += 1000) {
      const chunk = withReference.slice(start, start + 1000);
      const existing = new Set(await this.context.existingReferences(chunk.map((g) => g.reference!)));
      for (const group of chunk) {
        if (!existing.has(group.reference!)) continue;
        this.materialize(group);
        group.body = undefined;
        group.firstInvalidRow ??= group.firstRow;
        for (const result of group.results)
          result.errors.unshift(
            rowError(result.row, 'external_reference_id', { key: 'import.errors.reference_exists' }, group.reference!),
          );
      }
    }
  }

  /** Barcodes of still-valid rows that a stored package already uses (when the context can tell). */
  private async flagExistingBarcodes() {
    if (!this.context.existingBarcodes) return;
    const candidates = [...this.barcodes].filter(([, at]) => at.group.body !== undefined);
    for (let start = 0; start < candidates.length; start += 1000) {
      const chunk = candidates.slice(start, start + 1000);
      const taken = new Set(await this.context.existingBarcodes(chunk.map(([code]) => code)));
      for (const [code, { row, group }] of chunk) {
        if (!taken.has(code)) continue;
        this.materialize(group);
        const result = group.results.find((r) => r.row === row);
        if (!result) continue;
        result.errors = result.errors.filter((e) => e.code !== 'group_invalid');
        result.errors.push(rowError(row, 'barcode', { key: 'import.errors.barcode_exists' }, code));
        if (group.firstInvalidRow === undefined) this.invalidate(group, row);
      }
    }
  }
}

/** Reads a whole row source (header first) and returns the checked rows and grouped shipments. */
export async function importShipmentRows(
  source: RowSource,
  context: ImportContext,
  options?: ShipmentImportOptions,
): Promise<ShipmentImportResult> {
  const importer = new ShipmentImporter(context, options);
  let headerSeen = false;
  for await (const row of dataRows(source, (cells) => {
    headerSeen = true;
    importer.setHeader(cells);
  }))
    await importer.addRow(row);
  if (!headerSeen) importer.setHeader([]);
  return importer.finish();
}
