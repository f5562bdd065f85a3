/**
 * The merchant's own campaign texts, one per batch step and language (merchants.campaign_texts, migration
 * 017): `{ "batch-notify": { en, es }, "batch-remind": {...}, "batch-final-reminder": {...} }`.
 *
 * Which text a customer gets (`campaignTextFor`): the one in the customer's language; else the text in the
 * merchant's default language (English), shown as written inside the customer's-language Lockerline
 * frame and labelled as such (`fallback: true`), never passed off silently as the customer's language.
 * A batch's own single-language text (notification / reminder / final reminder message) and an old
 * single-language value stored for a step both count as default-language text.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../constants.js';
import { BATCH_EVENTS, type BatchStepEvent } from './schedule.js';

/** The language a merchant's texts are in when no language is said (old values, batch texts). */
export const MERCHANT_DEFAULT_LOCALE: Locale = DEFAULT_LOCALE;
export const CAMPAIGN_TEXT_MAX = 1000;

export type CampaignTexts = Partial<Record<BatchStepEvent, Partial<Record<Locale, string>>>>;

/** A text trimmed, or undefined when empty or not text. */
export const cleanText = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const clean = cleanText;

/** A stored (JSON text) or sent JSON object; null for anything else. */
export function jsonObject(value: unknown): Record<string, unknown> | null {
  let data = value;
  if (typeof value === 'string') {
    try {
      data = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
}

/** Stored or sent value -> per-step, per-language texts; a plain string for a step is default-language text. */
export function readCampaignTexts(value: unknown): CampaignTexts {
  const data = jsonObject(value);
  if (!data) return {};
  const out: CampaignTexts = {};
  for (const event of BATCH_EVENTS) {
    const raw = (data as Record<string, unknown>)[event];
    const perLocale: Partial<Record<Locale, string>> = {};
    if (typeof raw === 'string') {
      const text = clean(raw);
      if (text) perLocale[MERCHANT_DEFAULT_LOCALE] = text;
    } else if (raw && typeof raw === 'object') {
      for (const locale of LOCALES) {
        const text = clean((raw as Record<string, unknown>)[locale]);
        if (text) perLocale[locale] = text;
      }
    }
    if (Object.keys(perLocale).length) out[event] = perLocale;
  }
  return out;
}

export interface ChosenCampaignText {
  text: string;
  /** The language the text is written in. */
  locale: Locale;
  /** True when the customer's language had no text and the default-language one is used. */
  fallback: boolean;
}

/**
 * The merchant text of one step for a customer: theirs if written, else the default-language text (the
 * batch's own text first, then the merchant's), or null when the merchant wrote none.
 */
export function campaignTextFor(
  texts: CampaignTexts,
  event: BatchStepEvent,
  locale: Locale,
  batchText?: string | null,
  batchLocale: Locale = MERCHANT_DEFAULT_LOCALE,
): ChosenCampaignText | null {
  const own = texts[event] ?? {};
  const batch = clean(batchText);
  // The batch's own text written in the customer's language (core/campaigns/batch-texts.ts) comes first.
  if (batch && batchLocale === locale) return { text: batch, locale, fallback: false };
  if (locale !== MERCHANT_DEFAULT_LOCALE && own[locale]) return { text: own[locale], locale, fallback: false };
  const dflt = (batchLocale === MERCHANT_DEFAULT_LOCALE ? batch : undefined) ?? own[MERCHANT_DEFAULT_LOCALE];
  if (!dflt) return null;
  return { text: dflt, locale: MERCHANT_DEFAULT_LOCALE, fallback: locale !== MERCHANT_DEFAULT_LOCALE };
}
