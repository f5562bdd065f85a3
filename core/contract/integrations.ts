/**
 * Imports, the export, webhooks, the message log, merchant preferences and the customer's public pages:
 * the request shapes of the routes outside the resource CRUD and verbs.
 */
import { Type, type Static } from 'typebox';
import { schemas } from '../schemas/index.js';
import type { ImportCounts as RowCounts } from '../import/rows.js';
import { bodyOf, scalarField } from './fields.js';
import { Id, PageQuery } from './common.js';

const one = (description: string) => Type.Optional(scalarField([], description));

/** GET .../import/template?format=csv|xlsx&merchant_id= */
export const ImportTemplateQuery = Type.Object({ format: one('csv or xlsx'), merchant_id: one('superadmin/support: the merchant whose drop-offs fill the template') }, { additionalProperties: true });
/** POST .../import/upload: multipart (field `file`, optional `merchant_id`); the query may name the merchant. */
export const ImportUploadBody = Type.Object({}, { additionalProperties: true, description: 'multipart/form-data: file (CSV or XLSX), merchant_id?' });
export const ImportUploadQuery = Type.Object({ merchant_id: one('superadmin/support: the merchant of the imported shipments') }, { additionalProperties: true });
export const ImportPreviewQuery = Type.Object({ ...PageQuery.properties, invalid_only: one('1: only the rows with problems') }, { additionalProperties: true });
export const ImportSaveBody = Type.Object({ only_valid: one('1: save the valid rows and skip the others') }, { additionalProperties: true });
/** An upload of the shipment import (`:upload` of .../import/:upload/preview), and of a batch's customer import. */
export const UploadParams = Type.Object({ upload: Type.String({ maxLength: 100 }) });
export const BatchUploadParams = Type.Object({ id: Id, upload: Type.String({ maxLength: 100 }) });

/** GET /api/shipments/export?format=csv|xlsx&ids[0]=..: the list's own filters and search choose the rows. */
export const ExportQuery = Type.Object({ format: one('csv or xlsx'), ids: Type.Optional(Type.Unsafe<unknown>({ description: 'shipment ids (indexed brackets)' })) }, { additionalProperties: true });

/** PUT /api/merchants/:id/webhook */
export const WebhookBody = Type.Object(
  { url: one('https URL of a public host'), secret: one('the signing secret (kept when absent)'), active: one('true/false or 1/0') },
  { additionalProperties: true },
);
export type WebhookBody = Static<typeof WebhookBody>;

/** GET /api/messages (superadmin): the outbox, or `source=log` for the sent-message log. */
export const MessagesQuery = Type.Object(
  { ...PageQuery.properties, source: one('log: the sent-message log'), status: one('outbox status'), kind: one('mail or sms'), merchant_id: one('a merchant') },
  { additionalProperties: true },
);

/** PUT /api/merchants/preferences (merchant admin). */
export const MerchantPreferencesBody = bodyOf(schemas.merchantPreferences, {
  updated_at: Type.Union([Type.String(), Type.Null()], { description: 'the version read: 409 when stale' }),
  branding: Type.Object({}, { additionalProperties: true, description: 'branding feature: logo, colours, texts' }),
  content_types: Type.Array(Type.Unsafe<unknown>({}), { description: 'content types offered in forms' }),
});
export type MerchantPreferencesBody = Static<typeof MerchantPreferencesBody>;

/** The customer's respond page (a signed link) and the tracking page. */
export const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) });
export const ReferenceParams = Type.Object({ reference: Type.String({ minLength: 1, maxLength: 40 }) });
export const ChoiceQuery = Type.Object({ lat: one('latitude'), lng: one('longitude'), search: one('a postcode or a place') }, { additionalProperties: true });
export const RespondBody = Type.Object({ location_id: one('the chosen pickup location') }, { additionalProperties: true });

/** A problem of one imported cell (docs/import.md). */
export const RowError = Type.Object({ row: Type.Integer(), column: Type.String(), code: Type.String(), message: Type.String() });
export type RowError = Static<typeof RowError>;
/** The file's header: columns not recognised, recognised twice (both naming `field`), required ones missing. */
export const HeaderReport = Type.Object({
  unknown: Type.Array(Type.Object({ index: Type.Integer(), header: Type.String() })),
  duplicates: Type.Array(Type.Object({ index: Type.Integer(), header: Type.String(), field: Type.String() })),
  missing: Type.Array(Type.String()),
});
export type HeaderReport = Static<typeof HeaderReport>;
/** Row counts: rows, valid, invalid, plus the kind's own (shipments and packages, or items). */
export type ImportCounts = RowCounts & Record<string, number>;
export const ImportCounts = Type.Unsafe<ImportCounts>(Type.Record(Type.String(), Type.Integer()));

/** POST .../import/upload: the checked file. */
export const UploadResult = Type.Object(
  {
    rows: Type.Integer(),
    valid: Type.Integer(),
    invalid: Type.Integer(),
    id: Type.String(),
    format: Type.String(),
    header: HeaderReport,
    errors: Type.Array(RowError),
    errors_total: Type.Integer(),
  },
  { additionalProperties: true },
);
export type UploadResult = Static<typeof UploadResult>;

export const PreviewRow = Type.Object({ row: Type.Integer(), values: Type.Record(Type.String(), Type.String()), valid: Type.Boolean(), errors: Type.Array(RowError) });
export type PreviewRow = Static<typeof PreviewRow>;
/** GET .../import/:upload/preview: a page of checked rows. */
export const PreviewData = Type.Object({
  id: Type.String(),
  file_name: Type.String(),
  format: Type.String(),
  merchant_id: Type.Integer(),
  batch_id: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  counts: ImportCounts,
  header: HeaderReport,
  rows: Type.Array(PreviewRow),
});
export type PreviewData = Static<typeof PreviewData>;
export const PreviewMeta = Type.Object({ page: Type.Integer(), perPage: Type.Integer(), total: Type.Integer(), from: Type.Integer(), to: Type.Integer() });
export type PreviewMeta = Static<typeof PreviewMeta>;
/** POST .../import/:upload/save: the created ids and the counts. */
export const SaveResult = Type.Object({ created: Type.Array(Type.Integer()), counts: ImportCounts });
export type SaveResult = Static<typeof SaveResult>;
