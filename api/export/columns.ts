/**
 * The shipment export columns: the import columns first (so an exported file imports again: one row per
 * package, rows of one shipment share its order number), then read-only facts the importer ignores.
 * Header cells are labels in the user's language; the importer recognises them in English and Spanish.
 */
import { SHIPMENT_IMPORT_FIELDS } from '../../core/import/fields.js';
import type { Translate } from '../../core/validation.js';

export interface ExportColumn {
  name: string;
  labelKey: string;
}

export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  ...SHIPMENT_IMPORT_FIELDS.map((f) => ({ name: f.name, labelKey: f.labelKeys[0] })),
  { name: 'reference_id', labelKey: 'resources.shipments.fields.reference_id' },
  { name: 'status', labelKey: 'export.columns.shipment_status' },
  { name: 'package_status', labelKey: 'export.columns.package_status' },
  { name: 'created_at', labelKey: 'resources.shipments.fields.created_at' },
];

export const exportHeader = (t: Translate) => EXPORT_COLUMNS.map((c) => t(c.labelKey));
