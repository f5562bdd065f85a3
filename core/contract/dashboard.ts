/**
 * GET /api/dashboard/* (issue 15, docs/dashboard.md): the range and filters every chart takes, and each
 * chart's answer. Days are network-local calendar days (core/dashboard.ts NETWORK_TIME_ZONE).
 */
import { Type, type Static } from 'typebox';
import { Id } from './common.js';

const Day = (description: string) => Type.Optional(Type.String({ maxLength: 10, description }));

/** from/to: YYYY-MM-DD, inclusive, at most 366 days (422 otherwise); merchant_id: staff only (a merchant's own or 403). */
export const DashboardQuery = Type.Object(
  {
    from: Day('first day, YYYY-MM-DD (default: 29 days before `to`)'),
    to: Day('last day, YYYY-MM-DD (default: today, network time)'),
    merchant_id: Type.Optional(Id),
    location_id: Type.Optional(Id),
  },
  { additionalProperties: true },
);
export type DashboardQuery = Static<typeof DashboardQuery>;

const Range = Type.Object({ from: Type.String(), to: Type.String(), time_zone: Type.String() });

export const DashboardFlow = Type.Object({
  data: Type.Object({
    range: Range,
    days: Type.Array(Type.Object({ day: Type.String(), arrived: Type.Integer(), collected: Type.Integer(), returned: Type.Integer(), out: Type.Integer() })),
  }),
});
export type DashboardFlow = Static<typeof DashboardFlow>;

export const DashboardRates = Type.Object({
  data: Type.Object({
    range: Range,
    arrived: Type.Integer(),
    expired: Type.Integer(),
    extended: Type.Integer(),
    rerouted: Type.Integer(),
    expiry_rate: Type.Number(),
    extension_rate: Type.Number(),
    reroute_rate: Type.Number(),
  }),
});
export type DashboardRates = Static<typeof DashboardRates>;

export const DashboardDwell = Type.Object({
  data: Type.Object({
    range: Range,
    bucket_hours: Type.Array(Type.Integer()),
    locations: Type.Array(
      Type.Object({ location_id: Type.Integer(), name: Type.Union([Type.String(), Type.Null()]), collected: Type.Integer(), p50_hours: Type.Union([Type.Number(), Type.Null()]), p90_hours: Type.Union([Type.Number(), Type.Null()]) }),
    ),
  }),
});
export type DashboardDwell = Static<typeof DashboardDwell>;

export const DashboardHeatmap = Type.Object({
  data: Type.Object({ range: Range, cells: Type.Array(Type.Array(Type.Integer()), { description: '7 rows (Monday first) of 24 hours' }) }),
});
export type DashboardHeatmap = Static<typeof DashboardHeatmap>;

export const DashboardUtilisation = Type.Object({
  data: Type.Object({
    lockers: Type.Array(
      Type.Object({
        location_id: Type.Integer(),
        name: Type.String(),
        doors: Type.Integer(),
        occupied: Type.Integer(),
        utilisation: Type.Number(),
        flag: Type.Union([Type.Literal('low'), Type.Literal('high'), Type.Null()]),
      }),
    ),
  }),
});
export type DashboardUtilisation = Static<typeof DashboardUtilisation>;

const ExceptionRow = Type.Object({
  kind: Type.Union([Type.Literal('expired'), Type.Literal('lost'), Type.Literal('message_failed')]),
  id: Type.Integer(),
  label: Type.String({ description: 'barcode, or the message recipient' }),
  shipment_id: Type.Union([Type.Integer(), Type.Null()]),
  subject_type: Type.String(),
  subject_id: Type.Integer(),
  location: Type.Union([Type.String(), Type.Null()]),
  at: Type.String(),
});

export const DashboardExceptions = Type.Object({
  data: Type.Object({
    totals: Type.Object({ expired: Type.Integer(), lost: Type.Integer(), message_failed: Type.Integer() }),
    rows: Type.Array(ExceptionRow),
  }),
});
export type DashboardExceptions = Static<typeof DashboardExceptions>;
