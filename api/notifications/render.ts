/**
 * Builds the subject, text and HTML of one outbox message from the merchant's branding and the
 * customer's locale (`notifications.*` keys in core/i18n), and decides whether the merchant wants it
 * sent at all (enabled notification events, channels bitmask, postpayments).
 *
 * Payload fields the enqueuer provides (all optional): first_name, reference (tracking reference),
 * location (drop-off location name), expires_at (ISO), timezone (IANA, of the location; the network's
 * when absent or unknown), respond_token (batch items and request-location shipments), respond_expires_at (ISO,
 * the link's expiry: the message says "choose before" it, in the network's time), message (the batch's own
 * notification / reminder / final reminder text, shown above the standard text).
 *
 * The merchant's text of a batch step is the one in the customer's language (merchant campaign texts);
 * without one, the default-language text (the batch's, else the merchant's) as written, under a
 * translated line that says so, inside the customer's-language frame (core/campaigns/texts.ts).
 */
import { brandColor, DEFAULT_BRAND_COLOR, textOnBrandColor } from '../../core/brand-color.js';
import { BATCH_EVENTS, campaignTextFor, readCampaignTexts, type BatchStepEvent } from '../../core/campaigns/index.js';
import { NOTIFICATION_EVENTS, type Locale, type NotificationEvent } from '../../core/constants.js';
import { CHANNELS, FEATURES, hasBit } from '../../core/features.js';
import { isLocale, localeOr, translate, type Params } from '../../core/i18n/index.js';
import { zoneOf } from '../../core/local-time.js';
import { gsm7Text } from '../../core/sms.js';
import type { Merchant } from '../db/tables.js';
import type { OutboxKind } from './outbox.js';
import { PICKUP_QR_CID } from '../lockers/pickup-qr.js';

export type MessageEvent = NotificationEvent | BatchStepEvent;

export const isMessageEvent = (e: string): e is MessageEvent =>
  (NOTIFICATION_EVENTS as readonly string[]).includes(e) || (BATCH_EVENTS as readonly string[]).includes(e);

/** The merchant columns rendering reads (a merchants row is assignable). */
export type MerchantForMessages = Pick<Merchant, 'name' | 'features' | 'channels' | 'branding' | 'payment_url' | 'notification_events' | 'email_templates'> &
  Partial<Pick<Merchant, 'campaign_texts'>>;

const isBatchEvent = (e: MessageEvent): e is BatchStepEvent => (BATCH_EVENTS as readonly string[]).includes(e);

export interface RenderInput {
  kind: OutboxKind | string;
  event: string;
  locale: string;
  payload: Record<string, unknown>;
}

export interface RenderedMessage {
  subject: string;
  text: string;
  html?: string;
  /** `"Brand" <from_address>` with the branding feature; else the mailer default. */
  from?: string;
  /** The merchant's template id for this event, passed to the mail provider as a header. */
  templateId?: string;
}

export interface RenderOptions {
  /** PUBLIC_URL: links in messages start with it. */
  publicUrl: string;
}

/** Named email themes merchants pick; a #rgb / #rrggbb value is used as given. */

const parseJson = <T>(text: string | null | undefined, fallback: T): T => {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
};

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

const CHANNEL_OF: Partial<Record<string, number>> = { email: CHANNELS.email, sms: CHANNELS.sms, whatsapp: CHANNELS.whatsapp };

/**
 * Why this message must not be sent for this merchant, or null when it may. Package events need
 * the event enabled and the channel in the merchant's channels bitmask (awaiting-payment also the
 * postpayments feature); batch steps were already limited to the batch's channels when scheduled.
 */
export function suppressionReason(merchant: MerchantForMessages | null, event: string, kind: string): string | null {
  if (kind === 'webhook') return null;
  if (!isMessageEvent(event)) return 'unknown_event';
  if (!merchant) return null;
  if (isBatchEvent(event)) return null;
  const enabled = parseJson<unknown>(merchant.notification_events, []);
  if (!Array.isArray(enabled) || !enabled.includes(event)) return 'event_disabled';
  const bit = CHANNEL_OF[kind];
  if (bit === undefined || !hasBit(merchant.channels, bit)) return 'channel_disabled';
  if (event === 'shipment-awaiting-payment' && !hasBit(merchant.features, FEATURES.postpayments)) return 'postpayments_disabled';
  return null;
}

interface Brand {
  name: string;
  color: string;
  from?: string;
  url?: string;
  contactUrl?: string;
}

/** A name shown on one line (subject, From, SMS): line breaks and runs of blanks become one space. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** An RFC 5322 mailbox `"name" <address>`: the name as written, its quotes and backslashes escaped. */
const mailbox = (name: string, address: string) => `"${name.replace(/["\\]/g, '\\$&')}" <${address}>`;

function brandOf(merchant: MerchantForMessages | null): Brand {
  const fallback = { name: oneLine(merchant?.name ?? 'Lockerline'), color: DEFAULT_BRAND_COLOR };
  if (!merchant || !hasBit(merchant.features, FEATURES.branding)) return fallback;
  const b = parseJson<Record<string, unknown>>(merchant.branding, {});
  const brandName = str(b.brand_name);
  const name = brandName ? oneLine(brandName) : fallback.name;
  const address = str(b.from_address);
  return {
    name,
    color: brandColor(b.email_theme) ?? DEFAULT_BRAND_COLOR,
    from: address ? mailbox(name, address) : undefined,
    url: str(b.url),
    contactUrl: str(b.contact_url),
  };
}

/** Intl formatters are costly to build: one per locale and (known) time zone. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function dateFormatter(locale: Locale, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    formatters.set(key, format);
  }
  return format;
}

function formatDate(iso: string | undefined, locale: Locale, timeZone: string | undefined): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return '';
  // A location with no (known) zone is on the network's clock, as its storage days are (core/local-time.ts).
  return dateFormatter(locale, zoneOf(timeZone)).format(new Date(iso));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Link {
  url: string;
  line: string;
  button: string;
  /** Until when the link works (a respond link): a sentence for the e-mail and a shorter lead-in for the SMS. */
  deadline?: { line: string; short: string };
}

/** The call to action of a message: choose a location, pay, or track. */
function linkOf(event: MessageEvent, payload: Record<string, unknown>, merchant: MerchantForMessages | null, options: RenderOptions, locale: Locale, t: (k: string, p?: Params) => string): Link | null {
  const base = options.publicUrl.replace(/\/+$/, '');
  const token = str(payload.respond_token);
  if (token) {
    const url = `${base}/respond/${encodeURIComponent(token)}`;
    // No location is chosen yet, so the network's clock (core/local-time.ts), as the customer's pages use.
    const at = formatDate(str(payload.respond_expires_at), locale, undefined);
    const deadline = at ? { line: t('notifications.choose_deadline', { deadline: at }), short: t('notifications.sms.choose_deadline', { deadline: at }) } : undefined;
    return { url, line: t('notifications.choose', { url }), button: t('notifications.choose_button'), ...(deadline ? { deadline } : {}) };
  }
  if (event === 'shipment-awaiting-payment' && merchant?.payment_url && hasBit(merchant.features, FEATURES.postpayments)) {
    const url = merchant.payment_url;
    return { url, line: t('notifications.pay', { url }), button: t('notifications.pay_button') };
  }
  const reference = str(payload.reference);
  if (reference) {
    const url = `${base}/track/${encodeURIComponent(reference)}`;
    return { url, line: t('notifications.track', { url }), button: t('notifications.track_button') };
  }
  return null;
}

/** The merchant's own words in a message, or undefined; see the file comment for batch steps. */
function merchantText(event: MessageEvent, locale: Locale, payload: Record<string, unknown>, merchant: MerchantForMessages | null, brand: Brand, t: (k: string, p?: Params) => string, sms = false): string | undefined {
  if (!isBatchEvent(event)) return str(payload.message);
  const batchLocale = str(payload.message_locale);
  const chosen = campaignTextFor(readCampaignTexts(merchant?.campaign_texts), event, locale, str(payload.message), batchLocale && isLocale(batchLocale) ? batchLocale : undefined);
  if (!chosen) return undefined;
  if (!chosen.fallback) return chosen.text;
  // The SMS already starts with the brand: "(in English)" says the rest, on the same line.
  return sms ? `${t('notifications.sms.merchant_text_untranslated')} ${oneLine(chosen.text)}` : `${t('notifications.merchant_text_untranslated', { brand: brand.name })}\n${chosen.text}`;
}

/** The pickup code in big digits and its QR (an inline image the worker attaches, api/lockers/pickup-qr.ts). */
function pickupCodeBlock(code: string, t: (k: string, p?: Params) => string): string {
  return `<p style="margin:0 0 8px">${escapeHtml(t('notifications.pickup_code_label'))}</p>
<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:6px;font-family:Consolas,monospace">${escapeHtml(code)}</p>
<p style="margin:0 0 16px"><img src="cid:${PICKUP_QR_CID}" width="180" height="180" alt="${escapeHtml(t('notifications.pickup_code_qr_alt', { code }))}"></p>`;
}

/** Renders one message; `kind` decides the form (email: subject + text + HTML; SMS/WhatsApp: one short text). */
export function renderMessage(input: RenderInput, merchant: MerchantForMessages | null, options: RenderOptions): RenderedMessage {
  if (!isMessageEvent(input.event)) throw new RangeError(`Unknown notification event: ${input.event}`);
  const event = input.event;
  const locale: Locale = localeOr(input.locale);
  const t = (key: string, params?: Params) => translate(locale, key, params);
  const brand = brandOf(merchant);
  const p = input.payload;
  const params: Params = {
    brand: brand.name,
    reference: str(p.reference) ?? '',
    location: str(p.location) ?? '',
    expires: formatDate(str(p.expires_at), locale, str(p.timezone)),
  };
  const subject = t(`notifications.events.${event}.subject`, params);
  const body = t(`notifications.events.${event}.body`, params);
  const custom = merchantText(event, locale, p, merchant, brand, t);
  const link = linkOf(event, p, merchant, options, locale, t);
  const name = str(p.first_name);

  const code = str(p.pickup_code);
  const codeLine = code ? t('notifications.pickup_code', { code }) : p.pickup_code_kept === true ? t('notifications.pickup_code_kept') : undefined;
  if (input.kind === 'sms' || input.kind === 'whatsapp') {
    // Its own short texts (notifications.sms.*): at most 2 SMS parts with long names and links (docs/notifications.md
    // "SMS length"). "Choose by <date>: <url>" keeps the deadline next to the link.
    const smsCode = code ? t('notifications.sms.pickup_code', { code }) : p.pickup_code_kept === true ? t('notifications.sms.pickup_code_kept') : undefined;
    const smsCustom = merchantText(event, locale, p, merchant, brand, t, true);
    const line = [`${brand.name}:`, smsCustom, t(`notifications.sms.events.${event}`, params), smsCode, link?.deadline?.short, link?.url].filter(Boolean).join(' ');
    // An SMS is spelled in GSM-7 when look-alikes allow (core/sms.ts): 153 characters a part instead of 67.
    return { subject, text: input.kind === 'sms' ? gsm7Text(line) : line };
  }

  const greeting = name ? t('notifications.greeting', { name }) : t('notifications.greeting_anonymous');
  const contact = brand.contactUrl ? t('notifications.contact', { url: brand.contactUrl }) : undefined;
  const signature = t('notifications.signature', { brand: brand.name });
  const text = [greeting, custom, body, link?.deadline?.line, codeLine, link?.line, contact, signature].filter(Boolean).join('\n\n') + '\n';

  const paragraph = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s).replace(/\n/g, '<br>')}</p>`;
  // The header and the button print on the brand colour: black or white text, whichever reads (a yellow theme once had white text).
  const onBrand = textOnBrandColor(brand.color);
  // A link on the white card: the brand colour when it reads on white (white text reads on it), else the default.
  const linkColor = onBrand === '#fff' ? brand.color : DEFAULT_BRAND_COLOR;
  const header = brand.url
    ? `<a href="${escapeHtml(brand.url)}" style="color:${onBrand};text-decoration:none">${escapeHtml(brand.name)}</a>`
    : escapeHtml(brand.name);
  const button = link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(link.url)}" style="background:${brand.color};color:${onBrand};padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(link.button)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#222">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" style="max-width:560px;background:#fff;border-radius:6px" cellpadding="0" cellspacing="0">
<tr><td style="background:${brand.color};color:${onBrand};padding:16px 24px;font-size:20px;font-weight:bold;border-radius:6px 6px 0 0">${header}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
${[greeting, custom, body, link?.deadline?.line].filter((s): s is string => Boolean(s)).map(paragraph).join('\n')}
${code ? pickupCodeBlock(code, t) : ''}
${button}
${contact && brand.contactUrl ? `<p style="margin:0 0 16px;font-size:13px;color:#555"><a href="${escapeHtml(brand.contactUrl)}" style="color:${linkColor}">${escapeHtml(contact)}</a></p>` : ''}
${paragraph(signature)}
</td></tr></table></td></tr></table></body></html>`;

  const templates = parseJson<Record<string, { template_id?: unknown }>>(merchant?.email_templates, {});
  const templateId = str(templates[event]?.template_id);
  return { subject, text, html, from: brand.from, ...(templateId ? { templateId } : {}) };
}
