/**
 * The customer's answer page (no account; docs/campaigns.md). A token names a batch item or a
 * request-location shipment. GET shows who (first name only), the customer's language (the page opens
 * in it), which merchant (branding) and the choices; a link already answered or expired gets only its
 * state, language and branding (`state: 'used' | 'expired'`), so the page explains it in the customer's
 * language under the merchant's name. POST stores the choice: item -> Responded (90), shipment 4/5 ->
 * draft (0) with its drop-off set, every link of the subject spent (a replay answers public.token_used).
 */
import type { Kysely } from 'kysely';
import { DomainError } from '../../core/errors.js';
import { schemas, validateOrThrow } from '../../core/schemas/index.js';
import { FEATURES, hasBit } from '../../core/features.js';
import { brandColor } from '../../core/brand-color.js';
import { localeOr } from '../../core/i18n/index.js';
import { applyShipmentAction, SYSTEM_ACTOR } from '../../core/machines/index.js';
import { BATCH_ITEM_STATUS as ITEM } from '../../core/statuses.js';
import { ANSWERABLE_ITEM_STATUSES } from '../../core/policies/batch_items.policy.js';
import { DOORLESS_PACKAGE_STATUSES, fullSizes, lockerHasRoom, type LockerSize } from '../../core/policies/lockers.policy.js';
import { dropoffClassesFor, pudoOnlyReason } from '../../core/policies/packages.policy.js';
import { checkLockerRoom } from '../lockers/availability.js';
import { freeDoorsOf } from '../lockers/doors.repository.js';
import type { Database, Merchant } from '../db/tables.js';
import { recordEvents } from '../events/events.repository.js';
import { nextStamp } from '../resources/shared/op-context.js';
import { closedTokenError, findToken, spendTokens, type ResolvedToken, type TokenState } from '../campaigns/tokens.js';
import { findChoice, listChoices, type ChoiceQuery } from './choices.js';

/** Item statuses in which an answer is still taken (a late answer after Idle or a failed send counts too). */

interface Subject {
  token: ResolvedToken;
  /** The link's state; a subject no longer waiting for an answer makes an unspent link 'used' too. */
  state: TokenState;
  merchant_id: number;
  first_name: string | null;
  /** The customer's language: the page opens in it. */
  locale: string;
  /** Why only PUDO points may be chosen (core `pudoOnlyReason`), or null. */
  pudo_only_reason: 'oversized' | 'no_phone' | null;
  /** The location classes the customer may choose from (core `dropoffClassesFor`). */
  classes: readonly string[];
  selected_location_id: number | null;
  /** The parcel sizes a locker must have doors for (a batch item's are unknown: one door of any size). */
  sizes: string[];
}

const parse = <T>(text: string | null | undefined, fallback: T): T => {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
};

/** What the page may show of the merchant: its name, or its branding with the branding feature. */
export function publicBrand(m: Pick<Merchant, 'name' | 'features' | 'branding'>) {
  const b = hasBit(m.features, FEATURES.branding) ? parse<Record<string, unknown>>(m.branding, {}) : {};
  const s = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  return { name: s(b.brand_name) ?? m.name, email_theme: brandColor(b.email_theme), url: s(b.url), contact_url: s(b.contact_url) };
}

/** Where the customer may collect parcels of these sizes, with this phone number (core/policies/packages.policy.ts). */
const dropoffRule = (sizes: readonly string[], phone: string | null) => ({ pudo_only_reason: pudoOnlyReason(sizes, phone), classes: dropoffClassesFor(sizes, phone) });

/** The token's subject (public.token_invalid when unknown), whatever the link's state. */
async function load(db: Kysely<Database>, secret: string, rawToken: string, now: Date): Promise<Subject> {
  const token = await findToken(db, secret, rawToken, now);
  const closed = (answerable: boolean): TokenState => (token.state === 'open' && !answerable ? 'used' : token.state);
  if (token.subject_type === 'batch_items') {
    const item = await db.selectFrom('batch_items').innerJoin('batches', 'batches.id', 'batch_items.batch_id')
      .select(['batch_items.merchant_id', 'batch_items.first_name', 'batch_items.locale', 'batch_items.status', 'batch_items.pickup_location_id', 'batch_items.phone', 'batch_items.full_phone_number', 'batches.packages_oversized'])
      .where('batch_items.id', '=', token.subject_id).executeTakeFirst();
    if (!item) throw new DomainError('public.token_invalid');
    const state = closed(ANSWERABLE_ITEM_STATUSES.includes(item.status));
    return { token, state, merchant_id: item.merchant_id, first_name: item.first_name, locale: item.locale, ...dropoffRule(item.packages_oversized > 0 ? ['OVERSIZED'] : [], item.full_phone_number ?? item.phone), selected_location_id: item.pickup_location_id, sizes: [] };
  }
  const shipment = await db.selectFrom('shipments').select(['id', 'merchant_id', 'first_name', 'locale', 'status', 'dropoff_location_id', 'phone']).where('id', '=', token.subject_id).executeTakeFirst();
  if (!shipment) throw new DomainError('public.token_invalid');
  const state = closed(applyShipmentAction(shipment, 'location-chosen', { actor: SYSTEM_ACTOR }).ok);
  const sizes = state === 'open' ? (await db.selectFrom('packages').select('size').where('shipment_id', '=', shipment.id).where('status', 'not in', DOORLESS_PACKAGE_STATUSES).execute()).map((p) => p.size) : [];
  return { token, state, merchant_id: shipment.merchant_id, first_name: shipment.first_name, locale: shipment.locale, ...dropoffRule(sizes, shipment.phone), selected_location_id: shipment.dropoff_location_id, sizes };
}

/**
 * GET: the page's data. A link already answered or expired answers 200 with `state` and only the language and
 * the merchant's branding (no name, no choices), so the page explains it in the customer's language.
 */
export async function showRespondPage(db: Kysely<Database>, secret: string, rawToken: string, now: Date, where: ChoiceQuery = { from: null, search: '' }) {
  const s = await load(db, secret, rawToken, now);
  const merchant = await db.selectFrom('merchants').select(['name', 'features', 'branding']).where('id', '=', s.merchant_id).executeTakeFirstOrThrow();
  const page = {
    state: s.state,
    kind: s.token.subject_type === 'batch_items' ? 'batch_item' : 'shipment',
    locale: localeOr(s.locale),
    merchant: publicBrand(merchant),
  };
  if (s.state !== 'open') return page;
  return {
    ...page,
    first_name: s.first_name,
    expires_at: s.token.expires_at,
    pudo_only: s.pudo_only_reason !== null,
    pudo_only_reason: s.pudo_only_reason,
    selected_location_id: s.selected_location_id,
    choices: await withRoom(db, await listChoices(db, s.merchant_id, s.classes, where), s.sizes),
  };
}

/** A batch item's parcel sizes are not known yet: a locker needs at least one free door. */
const roomFor = (sizes: string[]) => (sizes.length ? sizes : ['SMALL']);

/** Marks each locker choice that has no door for the parcels (`full_for_size`: the first size it lacks); the page shows it disabled. */
async function withRoom<T extends { id: number; class: string }>(db: Kysely<Database>, choices: T[], sizes: string[]): Promise<(T & { full_for_size: string | null })[]> {
  const lockers = choices.filter((c) => c.class === 'locker').map((c) => c.id);
  const terminals = lockers.length ? await db.selectFrom('locations').select(['id', 'terminal']).where('id', 'in', lockers).execute() : [];
  const free = await freeDoorsOf(db, terminals);
  const needed = roomFor(sizes);
  return choices.map((c) => {
    const doors = free.get(c.id);
    const full = doors && !lockerHasRoom(doors, needed) ? (needed.find((size) => fullSizes(doors).includes(size as LockerSize)) ?? needed[0]!) : null;
    return { ...c, full_for_size: full };
  });
}

class Answered extends Error {}

export async function answerRespondPage(db: Kysely<Database>, secret: string, rawToken: string, now: Date, locationId: unknown) {
  const s = await load(db, secret, rawToken, now);
  if (s.state !== 'open') throw closedTokenError(s.state);
  validateOrThrow(schemas.respondAnswer, { location_id: locationId });
  const location = await findChoice(db, s.merchant_id, s.classes, Number(locationId));
  if (!location) throw new DomainError('public.location_not_allowed');
  await checkLockerRoom(db, 'location_id', location, roomFor(s.sizes));
  const at = now.toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      if (s.token.subject_type === 'batch_items') {
        const item = await trx.selectFrom('batch_items').select(['id', 'status', 'updated_at']).where('id', '=', s.token.subject_id).executeTakeFirstOrThrow();
        const res = await trx.updateTable('batch_items')
          .set({ status: ITEM.responded, pickup_location_id: location.id, next_notification_at: null, updated_at: nextStamp(now, item.updated_at) })
          .where('id', '=', item.id).where('updated_at', '=', item.updated_at).where('status', 'in', ANSWERABLE_ITEM_STATUSES).executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) throw new Answered();
        await recordEvents(trx, [
          { subject_type: 'batch_item', subject_id: item.id, kind: 'responded', actor_id: null, location_id: location.id, created_at: at },
          { subject_type: 'batch_item', subject_id: item.id, kind: 'status', from_status: item.status, to_status: ITEM.responded, actor_id: null, location_id: location.id, created_at: at },
        ]);
      } else {
        const shipment = await trx.selectFrom('shipments').selectAll().where('id', '=', s.token.subject_id).executeTakeFirstOrThrow();
        const t = applyShipmentAction(shipment, 'location-chosen', { actor: SYSTEM_ACTOR });
        if (!t.ok) throw new Answered();
        const stamp = nextStamp(now, shipment.updated_at);
        const res = await trx.updateTable('shipments').set({ status: t.to, dropoff_location_id: location.id, updated_at: stamp })
          .where('id', '=', shipment.id).where('status', '=', shipment.status).where('updated_at', '=', shipment.updated_at).executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) throw new Answered();
        await trx.updateTable('packages').set({ dropoff_location_id: location.id, updated_at: stamp }).where('shipment_id', '=', shipment.id).execute();
        await recordEvents(trx, [{ subject_type: 'shipment', subject_id: shipment.id, kind: 'status', from_status: t.from, to_status: t.to, actor_id: null, location_id: location.id, created_at: at, data: { action: 'location-chosen' } }]);
      }
      await spendTokens(trx, s.token.subject_type, s.token.subject_id, now);
    });
  } catch (error) {
    if (error instanceof Answered) throw new DomainError('public.token_used');
    throw error;
  }
  return { responded: true, location: { id: location.id, name: location.name, class: location.class, hours: location.hours } };
}
