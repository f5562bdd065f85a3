/**
 * Responses of the merchant settings, dashboard and campaign screens (the admin imports these types instead
 * of re-declaring them): GET /api/merchants/preferences, /api/merchants/:id/webhook(-deliveries),
 * /api/dashboard/statistics, POST /api/batches/:id/convert-responded and a batch item's `events`.
 * Open objects (`additionalProperties: true`): a response schema documents a payload, it never drops a field.
 */
import { Type, type Static, type TSchema } from 'typebox';
import type { CampaignTexts } from '../campaigns/texts.js';

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const open = { additionalProperties: true } as const;

/** GET /api/merchants/preferences `data`: the signed-in merchant's preferences. */
export const MerchantPreferences = Type.Object(
  {
    content_types: Type.Array(Type.String()),
    default_content_type: nullable(Type.String()),
    email_templates: Type.Record(Type.String(), Type.String()),
    notification_events: Type.Array(Type.String()),
    branding: Type.Record(Type.String(), Type.String()),
    campaign_texts: Type.Unsafe<CampaignTexts>(Type.Record(Type.String(), Type.Record(Type.String(), Type.String()), { description: 'per step event, per locale' })),
    payment_url: nullable(Type.String()),
    features: Type.Integer({ description: 'feature bits (core/features)' }),
    channels: Type.Optional(Type.Unknown()),
    updated_at: Type.Optional(nullable(Type.String())),
  },
  open,
);
export type MerchantPreferences = Static<typeof MerchantPreferences>;
export const MerchantPreferencesResponse = Type.Object({ data: MerchantPreferences });

/** GET/PUT /api/merchants/:id/webhook `data`: the merchant's endpoint (never its secret), or null. */
export const WebhookEndpoint = Type.Object(
  { merchant_id: Type.Optional(Type.Integer()), url: Type.String(), active: Type.Integer({ description: '1 or 0' }), has_secret: Type.Boolean(), created_at: Type.Optional(Type.String()), updated_at: Type.String() },
  open,
);
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;
export const WebhookEndpointResponse = Type.Object({ data: nullable(WebhookEndpoint) });
export type WebhookEndpointResponse = Static<typeof WebhookEndpointResponse>;

/** GET /api/merchants/:id/webhook-deliveries: the merchant's webhook messages, newest first. */
export const WebhookDelivery = Type.Object(
  {
    id: Type.Integer(),
    event: Type.String(),
    subject_type: Type.String(),
    subject_id: Type.Integer(),
    url: Type.Optional(Type.String()),
    status: Type.String(),
    attempts: Type.Integer(),
    last_error: nullable(Type.String()),
    created_at: Type.String(),
    sent_at: nullable(Type.String()),
  },
  open,
);
export type WebhookDelivery = Static<typeof WebhookDelivery>;
/** A log's page meta: `total` counted up to the log's cap; `totalCapped` when there are more (api/notifications/paging.ts). */
const LogMeta = { total: Type.Integer(), totalCapped: Type.Optional(Type.Boolean()), page: Type.Optional(Type.Integer()), perPage: Type.Optional(Type.Integer()) };
export const WebhookDeliveriesResponse = Type.Object({
  data: Type.Array(WebhookDelivery),
  meta: Type.Object(LogMeta, open),
});
export type WebhookDeliveriesResponse = Static<typeof WebhookDeliveriesResponse>;

/** GET /api/dashboard/statistics: shipment counts per status code (every status, 0 included). */
export const DashboardStatistics = Type.Object({ data: Type.Object({ shipments: Type.Record(Type.String(), Type.Integer()) }) });
export type DashboardStatistics = Static<typeof DashboardStatistics>;

/** POST /api/batches/:id/convert-responded `data`: converted items and, per item refused, the reason code. */
export const ConvertResult = Type.Object({
  converted: Type.Array(Type.Object({ id: Type.Integer(), shipment_id: Type.Integer() })),
  cannot: Type.Array(Type.Integer()),
  reasons: Type.Record(Type.String(), Type.String()),
  allOk: Type.Boolean(),
});
export type ConvertResult = Static<typeof ConvertResult>;

/** A batch item's history entry (`events` of GET /api/batch_items/:id). */
export const BatchItemEvent = Type.Object(
  {
    id: Type.Integer(),
    kind: Type.String(),
    from_status: nullable(Type.Integer()),
    to_status: nullable(Type.Integer()),
    reason: nullable(Type.String()),
    location_id: nullable(Type.Integer()),
    data: nullable(Type.Record(Type.String(), Type.Unknown())),
    actor_name: Type.Optional(nullable(Type.String())),
    created_at: Type.String(),
  },
  open,
);
export type BatchItemEvent = Static<typeof BatchItemEvent>;

/** GET /api/batches/:id/audience: how many customers the verb would message. */
export const SmsSizeSchema = Type.Object({
  encoding: Type.Union([Type.Literal('gsm7'), Type.Literal('ucs2')]),
  units: Type.Integer({ description: 'septets (GSM-7) or UTF-16 units (UCS-2)' }),
  segments: Type.Integer({ description: 'the parts a network bills' }),
});
export const AudienceResponse = Type.Object({
  data: Type.Object({
    verb: Type.String({ description: 'start or notify' }),
    customers: Type.Integer(),
    sms: Type.Union([SmsSizeSchema, Type.Null()], { description: 'the largest SMS the verb would send next (null: none by SMS)' }),
  }),
});
export type AudienceResponse = Static<typeof AudienceResponse>;

/** GET /api/messages: outbox rows (or, source=log, the development log's), newest first. */
export const MessagesResponse = Type.Object({
  data: Type.Array(Type.Unsafe<Record<string, unknown> & { id: number }>(Type.Object({ id: Type.Integer() }, open))),
  meta: Type.Object({ ...LogMeta, source: Type.Optional(Type.String()) }, open),
});
export type MessagesResponse = Static<typeof MessagesResponse>;
