/**
 * A batch's own texts per language (issue 10). The three message columns of a batch
 * (`notification_message`, `reminder_message`, `final_reminder_message`) hold the merchant's default
 * language (English); `message_translations` (JSON, migration 023) holds the same fields in the other
 * languages: `{ "es": { "notification_message": "…", … } }`. A customer gets the batch text in their
 * language when written, else as core/campaigns/texts.ts says (the merchant's text in their language,
 * then the default-language text, labelled as such).
 */
import { LOCALES, type Locale } from '../constants.js';
import { cleanText, jsonObject, MERCHANT_DEFAULT_LOCALE } from './texts.js';
import type { StepKind } from './schedule.js';

export const BATCH_MESSAGE_FIELDS = ['notification_message', 'reminder_message', 'final_reminder_message'] as const;
export type BatchMessageField = (typeof BATCH_MESSAGE_FIELDS)[number];

/** The languages a batch text may be translated into (all but the default one). */
export const TRANSLATED_LOCALES = LOCALES.filter((l) => l !== MERCHANT_DEFAULT_LOCALE);

export type BatchTranslations = Partial<Record<Locale, Partial<Record<BatchMessageField, string>>>>;

const clean = cleanText;

/** Stored or sent value -> the translations; unknown languages and fields, and empty texts, dropped. */
export function readBatchTranslations(value: unknown): BatchTranslations {
  const data = jsonObject(value);
  if (!data) return {};
  const out: BatchTranslations = {};
  for (const locale of TRANSLATED_LOCALES) {
    const raw = jsonObject(data[locale]);
    if (!raw) continue;
    const texts: Partial<Record<BatchMessageField, string>> = {};
    for (const field of BATCH_MESSAGE_FIELDS) {
      const text = clean(raw[field]);
      if (text) texts[field] = text;
    }
    if (Object.keys(texts).length) out[locale] = texts;
  }
  return out;
}

/** The message field a step sends. */
export const messageFieldOf = (kind: Exclude<StepKind, 'idle'>): BatchMessageField =>
  kind === 'notify' ? 'notification_message' : kind === 'final_reminder' ? 'final_reminder_message' : 'reminder_message';

export interface BatchMessageTexts extends Partial<Record<BatchMessageField, string | null>> {
  message_translations?: unknown;
}

/** The batch's own text of a step for a customer language, and the language it is written in; null when none. */
export function batchTextFor(batch: BatchMessageTexts, kind: Exclude<StepKind, 'idle'>, locale: Locale): { text: string; locale: Locale } | null {
  const field = messageFieldOf(kind);
  const translated = locale === MERCHANT_DEFAULT_LOCALE ? undefined : readBatchTranslations(batch.message_translations)[locale]?.[field];
  if (translated) return { text: translated, locale };
  const text = clean(batch[field]);
  return text ? { text, locale: MERCHANT_DEFAULT_LOCALE } : null;
}
