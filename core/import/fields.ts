/**
 * The columns of the import files (DESIGN.md section 3): the shipment create body's field names, one
 * row per package, and the batch-item (campaign customer) columns. Each column is recognised by its
 * field name or by its English or Spanish label (the i18n keys listed in `labelKeys`).
 */

export interface ImportField {
  /** The field name, also the template header. */
  name: string;
  /** Whether the template marks the column as required (the row rules decide what a row needs). */
  required: boolean;
  /** i18n keys whose English and Spanish texts are accepted as headers. */
  labelKeys: string[];
  /** An example value for the template. */
  example: string;
  /** i18n key of the template's column explanation; `import.columns.<name>` when not given. */
  help?: string;
}

const shipmentLabel = (field: string) => `resources.shipments.fields.${field}`;
const packageLabel = (field: string) => `resources.packages.fields.${field}`;
const itemLabel = (field: string) => `resources.batch_items.fields.${field}`;
const itemHelp = (field: string) => `import.customer_columns.${field}`;

export const SHIPMENT_IMPORT_FIELDS: readonly ImportField[] = [
  { name: 'external_reference_id', required: false, labelKeys: [shipmentLabel('external_reference_id')], example: 'ORD-1001' },
  { name: 'type', required: false, labelKeys: [shipmentLabel('type')], example: 'standard' },
  { name: 'first_name', required: true, labelKeys: [shipmentLabel('first_name')], example: 'Ana' },
  { name: 'last_name', required: true, labelKeys: [shipmentLabel('last_name')], example: 'Rolle' },
  { name: 'email', required: false, labelKeys: [shipmentLabel('email')], example: 'ana.rolle@example.com' },
  { name: 'phone', required: false, labelKeys: [shipmentLabel('phone')], example: '+1 242 502 1234' },
  { name: 'country', required: false, labelKeys: [shipmentLabel('country')], example: 'BS' },
  { name: 'locale', required: false, labelKeys: [shipmentLabel('locale')], example: 'en' },
  { name: 'dropoff_location', required: true, labelKeys: [shipmentLabel('dropoff_location_id')], example: 'NAS-PUDO-01' },
  { name: 'pickup_location', required: false, labelKeys: [shipmentLabel('pickup_location_id')], example: '' },
  { name: 'contents', required: false, labelKeys: [shipmentLabel('contents')], example: '' },
  { name: 'size', required: true, labelKeys: [packageLabel('size')], example: 'SMALL' },
  { name: 'description', required: false, labelKeys: [packageLabel('description')], example: 'Shoes' },
  { name: 'barcode', required: false, labelKeys: [packageLabel('barcode')], example: '' },
];

/** Fields that belong to the shipment (must agree across rows sharing an order number). */
export const SHIPMENT_LEVEL_FIELDS = [
  'type',
  'first_name',
  'last_name',
  'email',
  'phone',
  'country',
  'locale',
  'dropoff_location',
  'pickup_location',
  'contents',
] as const;

export const BATCH_ITEM_IMPORT_FIELDS: readonly ImportField[] = [
  { name: 'first_name', required: true, labelKeys: [itemLabel('first_name')], example: 'Ana', help: itemHelp('first_name') },
  { name: 'last_name', required: true, labelKeys: [itemLabel('last_name')], example: 'Rolle', help: itemHelp('last_name') },
  { name: 'email', required: false, labelKeys: [itemLabel('email')], example: 'ana.rolle@example.com', help: itemHelp('email') },
  { name: 'phone', required: false, labelKeys: [itemLabel('phone')], example: '+1 242 502 1234', help: itemHelp('phone') },
  { name: 'country', required: false, labelKeys: [itemLabel('country')], example: 'BS', help: itemHelp('country') },
  { name: 'locale', required: false, labelKeys: [itemLabel('locale')], example: 'en', help: itemHelp('locale') },
  {
    name: 'offset_date',
    required: false,
    labelKeys: [itemLabel('offset_date')],
    // Inside the accepted window (today .. 90 days ahead) whenever the template is downloaded.
    get example() {
      return new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    },
  },
];

export type ImportKind = 'shipments' | 'batch_items';
export const IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  shipments: SHIPMENT_IMPORT_FIELDS,
  batch_items: BATCH_ITEM_IMPORT_FIELDS,
};
