/**
 * Merchant preferences: every merchant role reads its merchant's settings (403 for other roles); a merchant
 * admin with the content feature writes them. Branding needs the branding feature, payment_url postpayments.
 */
import { readCampaignTexts } from '../../../core/campaigns/index.js';
import { DomainError } from '../../../core/errors.js';
import { FEATURES, hasBit } from '../../../core/features.js';
import { isMerchantRole } from '../../../core/roles.js';
import { can } from '../../../core/policies/route.permissions.js';
import type { ServiceContext } from '../access.js';
import { parseJson, type Row } from '../module.js';
import { fieldError, pick, schemas, validateOrThrow } from '../validate.js';
import { checkWebUrl, flatTemplates, jsonColumns, presentBranding } from './merchants.service.js';

async function ownMerchant(ctx: ServiceContext) {
  if (!isMerchantRole(ctx.actor.role) || ctx.actor.merchant_id == null) throw new DomainError('forbidden');
  const m = await ctx.db.selectFrom('merchants').selectAll().where('id', '=', ctx.actor.merchant_id).executeTakeFirst();
  return m ?? (() => { throw new DomainError('not_found'); })();
}

export async function getPreferences(ctx: ServiceContext) {
  const m = await ownMerchant(ctx);
  return {
    content_types: parseJson<string[]>(m.content_types, []),
    default_content_type: m.default_content_type,
    email_templates: flatTemplates(parseJson<Row>(m.email_templates, {})),
    notification_events: parseJson<string[]>(m.notification_events, []),
    branding: presentBranding(m.branding),
    campaign_texts: readCampaignTexts(m.campaign_texts),
    payment_url: m.payment_url,
    features: m.features,
    channels: m.channels,
    updated_at: m.updated_at,
  };
}

export async function updatePreferences(ctx: ServiceContext, body: Row) {
  if (!can(ctx.actor, 'merchants.preferences')) throw new DomainError('forbidden');
  const m = await ownMerchant(ctx);
  if (!hasBit(m.features, FEATURES.content)) throw new DomainError('feature_disabled');
  if (body.updated_at !== undefined && body.updated_at !== m.updated_at) throw new DomainError('conflict.stale');
  const scalar: Row = pick(body, ['default_content_type', 'payment_url']);
  validateOrThrow(schemas.merchantPreferences, scalar);
  if (body.branding !== undefined && !hasBit(m.features, FEATURES.branding)) throw new DomainError('feature_disabled');
  if (scalar.payment_url !== undefined && !hasBit(m.features, FEATURES.postpayments)) throw new DomainError('feature_disabled');
  checkWebUrl('payment_url', scalar.payment_url);
  const json = jsonColumns(body, m.features);
  const types = parseJson<string[]>(json.content_types ?? m.content_types, []);
  let dflt = scalar.default_content_type !== undefined ? scalar.default_content_type : m.default_content_type;
  if (dflt != null && !types.includes(String(dflt))) {
    if (scalar.default_content_type !== undefined) fieldError('default_content_type', 'validation.in');
    dflt = null; // the stored default was removed from the list
  }
  await ctx.db.updateTable('merchants').set({ ...scalar, ...json, default_content_type: (dflt as string | null) ?? null, updated_at: ctx.now } as any).where('id', '=', m.id).execute();
  return getPreferences(ctx);
}
