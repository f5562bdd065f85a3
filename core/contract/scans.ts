/**
 * Offline scanning (issue 14, docs/offline-scanning.md): the scan screens record each scan on the device and
 * send the queue to `POST /api/scans/sync`; `GET /api/scans/known` is what they keep to recognise a scan with
 * no network. The limits and the scan rules live in core/policies/scans.policy.ts.
 */
import { Type, type Static } from 'typebox';
import { SCAN_ACTIONS, SCAN_BATCH_MAX, SCAN_CLIENT_ID_RE, SCAN_CLOCK_OFFSET_MAX_MS, SCAN_PHOTO_TYPES } from '../policies/scans.policy.js';

const optionalNumber = (description: string, minimum: number, maximum: number) => Type.Optional(Type.Number({ description, minimum, maximum }));

/** One scan as the device recorded it. Checked per scan: a malformed one is refused in its outcome, not the batch. */
export const ScanIn = Type.Object(
  {
    client_id: Type.String({ minLength: 8, maxLength: 64, pattern: SCAN_CLIENT_ID_RE.source, description: "the device's id of this scan (e.g. a UUID): a resend with the same id is answered, never applied again" }),
    barcode: Type.String({ minLength: 1, maxLength: 64, description: 'the package barcode as scanned' }),
    action: Type.Union(SCAN_ACTIONS.map((a) => Type.Literal(a)), { description: 'the verb, as the live screens call it' }),
    location_id: Type.Optional(Type.Integer({ minimum: 1, description: 'where (check-in, check-out, deposit); defaults as the live verb' })),
    handover_to: Type.Optional(Type.Integer({ minimum: 1, description: 'warehouse check-out: the driver taking the package' })),
    occurred_at: Type.String({ minLength: 16, maxLength: 40, description: 'the device time of the scan, ISO 8601 with an offset (2026-11-25T09:30:00-05:00 or ...Z)' }),
    clock_offset_ms: Type.Optional(
      Type.Integer({
        minimum: -SCAN_CLOCK_OFFSET_MAX_MS,
        maximum: SCAN_CLOCK_OFFSET_MAX_MS,
        description:
          "server time minus the device's clock in ms, as the device last measured it before this scan (added later): corrects occurred_at in preference to sent_at (beyond 5 minutes); not a whole number within 100 years either way: 422 for the request",
      }),
    ),
    latitude: optionalNumber('where the device was (if allowed)', -90, 90),
    longitude: optionalNumber('where the device was (if allowed)', -180, 180),
    accuracy_m: optionalNumber('accuracy of latitude/longitude, metres', 0, 1_000_000),
    identification: Type.Optional(
      Type.Object(
        {
          mime: Type.Union(SCAN_PHOTO_TYPES.map((m) => Type.Literal(m))),
          data: Type.String({ minLength: 1, description: 'base64; at most 2 MB decoded' }),
        },
        { description: 'PUDO check-out: the photo of the customer identification' },
      ),
    ),
  },
  { additionalProperties: true },
);
export type ScanIn = Static<typeof ScanIn>;

/**
 * POST /api/scans/sync. The envelope is checked as a whole (not an object: 400; `scans` missing, not an array, empty
 * or an entry that is not an object: 422 `validation.failed`; more than 100: 422 `scan.batch_too_large`); each entry
 * is then checked on its own (ScanIn). `scans` is optional in the schema only so that a role without the
 * permission is answered 403 before any word about its body (the handler requires it). `sent_at` (optional, added
 * later): the device's clock at the send, to correct a wrong device clock (core deviceClockOffset); a string that is
 * no real date and time is 422 `validation.failed` (field `sent_at`) and nothing is applied. A scan's
 * `clock_offset_ms` (added later, core scanClockOffset) that is not a whole number of ms within 100 years is 422 too
 * (field `scans.N.clock_offset_ms`), checked before any scan.
 */
export const ScanSyncBody = Type.Object(
  {
    scans: Type.Optional(
      // A ScanIn, or any other object: the route checks each scan itself and refuses a malformed one in its outcome.
      Type.Array(Type.Union([ScanIn, Type.Object({}, { additionalProperties: true, description: 'a malformed scan: refused in its outcome (scan.invalid)' })]), {
        description: `1..${SCAN_BATCH_MAX} scans, applied in this order (required)`,
      }),
    ),
    sent_at: Type.Optional(
      Type.String({
        minLength: 16,
        maxLength: 40,
        description:
          "the device's clock when it sent this request (each send, resends too), ISO 8601 with an offset: the server moves every occurred_at by how far that clock is off (more than 5 minutes); without it the device times are taken as they are. Not a real date and time: 422",
      }),
    ),
  },
  { additionalProperties: true },
);
export type ScanSyncBody = Static<typeof ScanSyncBody>;

/** The package a scan was about, when it exists and is in the user's scope. */
export const ScanPackage = Type.Object({
  id: Type.Integer(),
  barcode: Type.String(),
  status: Type.Integer(),
  status_label: Type.Optional(Type.String({ description: "the status in the user's language" })),
});
export type ScanPackage = Static<typeof ScanPackage>;

/** The outcome of one scan. `refused` is final for that client_id: a new attempt is a new scan (a new client_id). */
export const ScanOut = Type.Object({
  client_id: Type.Union([Type.String(), Type.Null()], { description: 'as sent; null when the scan carried none usable' }),
  result: Type.Union([Type.Literal('applied'), Type.Literal('refused')]),
  code: Type.Optional(Type.String({ description: 'why refused: an error code (e.g. package.already_picked_up)' })),
  message: Type.Optional(Type.String({ description: "the refusal in the user's language" })),
  package: Type.Optional(ScanPackage),
  server_time: Type.String({ description: 'when the server first handled this scan (ISO)' }),
  replayed: Type.Boolean({ description: 'true: answered from the first handling, nothing done again' }),
});
export type ScanOut = Static<typeof ScanOut>;

export const ScanSyncResponse = Type.Object({ data: Type.Array(ScanOut, { description: 'one per scan, in the order sent' }) });
export type ScanSyncResponse = Static<typeof ScanSyncResponse>;

/** GET /api/scans/known: a package the screen may meet offline. */
export const KnownPackage = Type.Object({
  id: Type.Integer(),
  barcode: Type.String(),
  status: Type.Integer(),
  shipment_name: Type.Optional(Type.String({ description: "the consignee's name" })),
  location_id: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  location_name: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  actions: Type.Array(Type.String(), { description: 'the scan actions the user may take on it now' }),
});
export type KnownPackage = Static<typeof KnownPackage>;

export const KnownPackagesResponse = Type.Object({
  data: Type.Array(KnownPackage),
  meta: Type.Object({
    generated_at: Type.String(),
    capped: Type.Boolean({ description: 'true when there were more than the cap (the newest are kept)' }),
  }),
});
export type KnownPackagesResponse = Static<typeof KnownPackagesResponse>;
