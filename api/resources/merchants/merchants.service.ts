/**
 * Merchants (superadmin) and the merchant preferences (merchant roles). JSON columns (branding, email
 * templates, notification events, content types) are shaped and checked here; the secret is generated on
 * create, stored hashed and shown only in the create response.
 */
import { DomainError } from '../../../core/errors.js';
import { isEmail } from '../../../core/validation.js';
import { collectProblems } from '../../../core/schemas/index.js';
import { brandColor } from '../../../core/brand-color.js';
import { NOTIFICATION_EVENTS, BOUNDS, LOCALES, offeredEvents } from '../../../core/constants.js';
import { BATCH_EVENTS, CAMPAIGN_TEXT_MAX, readCampaignTexts } from '../../../core/campaigns/index.js';
import { randomToken, sha256 } from '../../auth/secrets.js';
import type { RequestActor } from '../../http/context.js';
import type { Db, ServiceContext } from '../access.js';
import { parseJson, verdictsFor, type Row } from '../module.js';
import { refuseIfInUse } from '../related.js';
import { distinctContentTypes } from '../../../core/policies/shipments.policy.js';
import { refuseTakenName } from '../shared/unique-name.js';
import { fieldError, pick, schemas, toFlag, validateOrThrow } from '../validate.js';

const SCALARS = ['name', 'active', 'fetch_service', 'features', 'channels', 'payment_url', 'default_content_type'] as const;
export const BRANDING_KEYS = ['brand_name', 'email_theme', 'from_address', 'url', 'contact_url'] as const;

/** A web address customers are sent to (website, contact page, payment page): http(s) only, at most 500 characters. */
export function checkWebUrl(field: string, value: unknown): void {
  if (value === undefined || value === null || value === '') return;
  const text = String(value).trim();
  let ok = false;
  try {
    const url = new URL(text);
    ok = (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && text.length <= 500;
  } catch {
    ok = false;
  }
  if (!ok) fieldError(field, 'validation.url');
}

export async function merchantVerdicts(rows: Row[], actor: RequestActor) {
  return verdictsFor(rows, actor, 'merchants', () => ({}));
}

/** Branding as clients get it: a colour saved before the picker (a theme name, #rgb) as the #rrggbb it meant. */
export function presentBranding(stored: unknown): Row {
  const branding: Row = typeof stored === 'string' ? parseJson<Row>(stored, {}) : isObject(stored) ? { ...stored } : {};
  if (branding.email_theme) branding.email_theme = brandColor(branding.email_theme) ?? undefined;
  return branding;
}

/** Stored row -> API shape: JSON parsed, secret hash dropped (by the presenter). */
export function presentMerchant(row: Row): Row {
  const out: Row = { ...row };
  for (const [key, fallback] of [['branding', {}], ['email_templates', {}], ['notification_events', []], ['content_types', []]] as const) {
    if (key in out) out[key] = parseJson(out[key], fallback);
  }
  if ('email_templates' in out) out.email_templates = flatTemplates(out.email_templates);
  if ('branding' in out) out.branding = presentBranding(out.branding);
  if ('campaign_texts' in out) out.campaign_texts = readCampaignTexts(out.campaign_texts);
  return out;
}

/** A template id as clients send it: the id itself, or the stored shape `{ template_id }`; '' when none. */
function templateIdOf(value: unknown): string | undefined {
  const id = isObject(value) ? value.template_id : value;
  if (id === null || id === undefined || id === '') return '';
  return typeof id === 'string' || typeof id === 'number' ? String(id).trim().slice(0, 100) : undefined;
}

/**
 * Email templates are stored as `{ event: { template_id } }` (what the notification renderer reads) and
 * shown to clients as `{ event: template_id }`, the shape their forms edit and send back.
 */
export function flatTemplates(stored: unknown): Record<string, string> {
  if (!isObject(stored)) return {};
  const out: Record<string, string> = {};
  for (const [event, value] of Object.entries(stored)) {
    const id = templateIdOf(value);
    if (id) out[event] = id;
  }
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Checks and serialises the JSON fields present in `body`; returns column values to store.
 * `features` decides which notification events are allowed (shipment-awaiting-payment needs postpayments).
 */
export function jsonColumns(body: Row, features: number): Row {
  const out: Row = {};
  if (body.branding !== undefined) {
    if (!isObject(body.branding)) fieldError('branding', 'validation.in');
    const branding: Row = {};
    for (const key of BRANDING_KEYS) {
      const v = body.branding[key];
      if (v === undefined || v === null || v === '') continue;
      if (typeof v !== 'string' || v.length > 500) fieldError(`branding.${key}`, 'validation.max', 'validation.failed', { length: 500 });
      if (key === 'from_address' && !isEmail(v)) fieldError('branding.from_address', 'validation.email');
      if (key === 'url' || key === 'contact_url') checkWebUrl(`branding.${key}`, v);
      const problem = collectProblems(schemas.merchantBranding, { [key]: v }, { partial: true })[key];
      if (problem) fieldError(`branding.${key}`, problem.key);
      branding[key] = v.trim();
    }
    out.branding = JSON.stringify(branding);
  }
  if (body.email_templates !== undefined) {
    if (!isObject(body.email_templates)) fieldError('email_templates', 'validation.in');
    const templates: Row = {};
    for (const [event, value] of Object.entries(body.email_templates)) {
      if (!(NOTIFICATION_EVENTS as readonly string[]).includes(event)) fieldError(`email_templates.${event}`, 'validation.in');
      const id = templateIdOf(value);
      if (id === undefined) fieldError(`email_templates.${event}`, 'validation.in');
      if (id) templates[event] = { template_id: id };
    }
    out.email_templates = JSON.stringify(templates);
  }
  if (body.notification_events !== undefined) {
    const events = body.notification_events;
    if (!Array.isArray(events) || events.some((e) => !(NOTIFICATION_EVENTS as readonly string[]).includes(e))) fieldError('notification_events', 'validation.in');
    const offered: readonly string[] = offeredEvents(features);
    if (events.some((e) => !offered.includes(e))) fieldError('notification_events', 'merchant_rules.event_needs_postpayments');
    out.notification_events = JSON.stringify([...new Set(events)]);
  }
  if (body.campaign_texts !== undefined) out.campaign_texts = campaignTextsColumn(body.campaign_texts);
  if (body.content_types !== undefined) {
    const types = body.content_types;
    if (!Array.isArray(types)) fieldError('content_types', 'validation.in');
    if (types.length > 200) fieldError('content_types', 'validation.in');
    types.forEach((t: unknown, i: number) => {
      const text = typeof t === 'string' ? t.trim() : '';
      if (text.length < BOUNDS.contentType.min) fieldError(`content_types.${i}`, 'validation.required');
      if (text.length > BOUNDS.contentType.max) fieldError(`content_types.${i}`, 'validation.max', 'validation.failed', { length: BOUNDS.contentType.max });
    });
    out.content_types = JSON.stringify(distinctContentTypes(types));
  }
  return out;
}

/** `{ step: { en, es } }` (a plain string for a step = the default language); steps and languages known, texts bounded. */
function campaignTextsColumn(value: unknown): string {
  if (!isObject(value)) fieldError('campaign_texts', 'validation.in');
  for (const [event, texts] of Object.entries(value)) {
    if (!(BATCH_EVENTS as readonly string[]).includes(event)) fieldError(`campaign_texts.${event}`, 'validation.in');
    if (texts === null || typeof texts === 'string') continue;
    if (!isObject(texts)) fieldError(`campaign_texts.${event}`, 'validation.in');
    for (const [locale, text] of Object.entries(texts)) {
      const field = `campaign_texts.${event}.${locale}`;
      if (!(LOCALES as readonly string[]).includes(locale) || (text != null && typeof text !== 'string')) fieldError(field, 'validation.in');
      if (typeof text === 'string' && text.trim().length > CAMPAIGN_TEXT_MAX) fieldError(field, 'validation.max', 'validation.failed', { length: CAMPAIGN_TEXT_MAX });
    }
  }
  return JSON.stringify(readCampaignTexts(value));
}

/** default_content_type must be one of the (new or stored) content types. */
function checkDefaultContentType(values: Row, contentTypesJson: string) {
  const d = values.default_content_type;
  if (d == null || d === '') return;
  if (!parseJson<string[]>(contentTypesJson, []).includes(String(d))) fieldError('default_content_type', 'validation.in');
}

async function groupIds(db: Db, body: Row): Promise<number[] | undefined> {
  if (body.location_group_ids === undefined) return undefined;
  const raw = body.location_group_ids;
  if (!Array.isArray(raw)) fieldError('location_group_ids', 'validation.in');
  const ids = [...new Set(raw.map(Number))];
  if (ids.some((id) => !Number.isInteger(id))) fieldError('location_group_ids', 'validation.in');
  const found = ids.length ? await db.selectFrom('location_groups').select('id').where('id', 'in', ids).execute() : [];
  if (found.length !== ids.length) fieldError('location_group_ids', 'validation.exists');
  return ids;
}

async function linkGroups(trx: Db, merchantId: number, ids: number[] | undefined) {
  if (!ids) return;
  await trx.deleteFrom('merchant_location_groups').where('merchant_id', '=', merchantId).execute();
  if (ids.length) await trx.insertInto('merchant_location_groups').values(ids.map((location_group_id) => ({ merchant_id: merchantId, location_group_id }))).execute();
}

function scalars(values: Row): Row {
  const out: Row = { ...values };
  if (out.active !== undefined) out.active = toFlag(out.active);
  for (const k of ['features', 'channels'] as const) if (out[k] != null) out[k] = Number(out[k]);
  return out;
}

export async function createMerchant(ctx: ServiceContext, body: Row) {
  const values: Row = { active: 1, features: 0, channels: 0, ...pick(body, SCALARS) };
  validateOrThrow(schemas.merchants.create, values);
  checkWebUrl('payment_url', values.payment_url);
  const json = jsonColumns(body, Number(values.features));
  checkDefaultContentType(values, json.content_types ?? '[]');
  const groups = await groupIds(ctx.db, body);
  const token = randomToken(18);
  const secret = randomToken(32);
  const id = await ctx.db.transaction().execute(async (trx) => {
    await refuseTakenName(trx, ctx.app.dialect, 'merchants', values.name); // 422 merchant.name_taken
    const { id } = await trx
      .insertInto('merchants')
      .values({ ...scalars(values), ...json, token, secret_hash: sha256(secret), created_at: ctx.now, updated_at: ctx.now } as any)
      .returning('id')
      .executeTakeFirstOrThrow();
    await linkGroups(trx, id, groups);
    return id;
  });
  // The secret is shown once, in this response only.
  return { id, extra: { secret } };
}

export async function updateMerchant(ctx: ServiceContext, row: Row, body: Row) {
  const values: Row = { ...Object.fromEntries(SCALARS.map((f) => [f, row[f]])), ...pick(body, SCALARS) };
  validateOrThrow(schemas.merchants.update, values);
  checkWebUrl('payment_url', body.payment_url);
  const json = jsonColumns(body, Number(values.features));
  checkDefaultContentType(values, json.content_types ?? row.content_types);
  const groups = await groupIds(ctx.db, body);
  await ctx.db.transaction().execute(async (trx) => {
    if (body.name !== undefined) await refuseTakenName(trx, ctx.app.dialect, 'merchants', values.name, { id: row.id, name: row.name });
    const n = await trx.updateTable('merchants').set({ ...scalars(values), ...json, updated_at: ctx.now } as any).where('id', '=', row.id).where('updated_at', '=', row.updated_at).executeTakeFirst();
    if (Number(n.numUpdatedRows) !== 1) throw new DomainError('conflict.stale');
    await linkGroups(trx, row.id, groups);
  });
}

export async function deleteMerchant(ctx: ServiceContext, row: Row) {
  await ctx.db.transaction().execute(async (trx) => {
    await refuseIfInUse(trx, 'merchants', row.id, ctx.actor);
    await trx.deleteFrom('merchant_location_groups').where('merchant_id', '=', row.id).execute();
    await trx.deleteFrom('merchants').where('id', '=', row.id).execute();
  });
}

export async function merchantIncludes(ctx: ServiceContext, row: Row): Promise<Row> {
  const groups = await ctx.db.selectFrom('merchant_location_groups').select('location_group_id').where('merchant_id', '=', row.id).execute();
  return { location_group_ids: groups.map((g) => g.location_group_id) };
}

