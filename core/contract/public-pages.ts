/**
 * The customer's pages (docs/campaigns.md): GET/POST /api/public/respond/:token and GET /api/public/track/:reference.
 * One definition for the public API and the admin's public pages (admin/src/public/publicApi.ts).
 */
import { Type, type Static, type TSchema } from 'typebox';

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const text = nullable(Type.String());

export const PublicBrand = Type.Object({ name: Type.String(), email_theme: text, url: text, contact_url: text });
export type PublicBrand = Static<typeof PublicBrand>;

export const Choice = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  class: Type.String(),
  hours: text,
  address: Type.Object({ street: text, house_number: text, locality: text, postcode: text, country: Type.String() }),
  distance_km: nullable(Type.Number()),
  /** A locker without a free door for the parcel: the first size it lacks (shown disabled, issue 13). */
  full_for_size: Type.Optional(nullable(Type.String())),
});
export type Choice = Static<typeof Choice>;

const kind = Type.String({ description: 'batch_item or shipment' });

/** A link already answered or expired: only its state, the customer's language and the merchant's branding. */
export const ClosedRespondPage = Type.Object({
  state: Type.String({ description: 'used or expired' }),
  kind,
  locale: Type.String(),
  merchant: PublicBrand,
});
export type ClosedRespondPage = Static<typeof ClosedRespondPage>;

export const RespondPageData = Type.Object({
  state: Type.Literal('open'),
  kind,
  first_name: text,
  /** The customer's language (en/es): the page opens in it. */
  locale: Type.String({ description: "the customer's language: the page opens in it" }),
  merchant: PublicBrand,
  expires_at: Type.String(),
  pudo_only: Type.Boolean(),
  /** Why only PUDO points are offered: the parcel is too large for a locker, or there is no mobile number for its code. */
  pudo_only_reason: nullable(Type.Union([Type.Literal('oversized'), Type.Literal('no_phone')])),
  selected_location_id: nullable(Type.Integer()),
  choices: Type.Array(Choice),
});
export type RespondPageData = Static<typeof RespondPageData>;
export const RespondPageResponse = Type.Object({ data: Type.Union([RespondPageData, ClosedRespondPage]) });

export const RespondAnswer = Type.Object({
  responded: Type.Boolean(),
  location: Type.Object({ id: Type.Integer(), name: Type.String(), class: Type.String(), hours: text }),
});
export type RespondAnswer = Static<typeof RespondAnswer>;
export const RespondAnswerResponse = Type.Object({ data: RespondAnswer });

/** A place as the tracking page shows it. */
export const TrackPlace = Type.Object({ name: Type.String(), class: Type.String(), hours: text, address: text });
export type TrackPlace = Static<typeof TrackPlace>;

export const TrackData = Type.Object({
  reference: Type.String(),
  status: Type.Integer(),
  /** The customer-facing state (core/tracking.ts): `public.track.states.<state>`. */
  state: Type.String(),
  first_name: text,
  locale: Type.String(),
  merchant: PublicBrand,
  timeline: Type.Array(Type.Object({ state: Type.String(), at: Type.String() })),
  current_location: nullable(TrackPlace),
  destination: nullable(TrackPlace),
  expires_at: text,
  packages: Type.Array(
    Type.Object({ number: Type.Integer(), state: Type.String(), location: nullable(TrackPlace), destination: nullable(TrackPlace), rerouted: Type.Boolean(), expires_at: text }),
  ),
});
export type TrackData = Static<typeof TrackData>;
export const TrackResponse = Type.Object({ data: TrackData });
