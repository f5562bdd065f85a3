/**
 * The catalogues and a small polyglot-compatible translator for code outside React (API responses,
 * e-mails, CLI). The admin feeds the screens' part (en.ts, es.ts; not server-texts.ts) to ra-i18n-polyglot. Browser-safe.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../constants.js';
import type { Message, Translate } from '../validation.js';
import { en as uiEn } from './en.js';
import { es as uiEs } from './es.js';
import { serverEn, serverEs } from './server-texts.js';

/** Whole catalogues: what the screens show (en.ts, es.ts: the admin's bundles) and what only the API and CLI say. */
export const en = { ...uiEn, ...serverEn };
export const es = { ...uiEs, ...serverEs };
export const messages: Record<Locale, object> = { en, es };

export { isLocale, localeOr } from '../constants.js';

export { format, lookup, type Params } from './format.js';
import { format, lookup, type Params } from './format.js';

export { outcomeCounts } from './outcome-counts.js';

/** Translates a key: the locale's phrase, else the English one, else the key itself. */
export function translate(locale: Locale, key: string, params?: Params): string {
  const phrase = lookup(messages[locale] ?? messages.en, key) ?? lookup(messages.en, key);
  return phrase === undefined ? key : format(locale, phrase, params);
}

export function makeTranslator(locale: Locale): Translate {
  return (key, params) => translate(locale, key, params);
}

/** A length of time for a reader: whole days as days (`7 days`, `7 días`), else hours (`2 hours`, `1 hora`). */
export function durationText(t: Translate, hours: number): string {
  return hours >= 24 && hours % 24 === 0 ? t('durations.days', { smart_count: hours / 24 }) : t('durations.hours', { smart_count: hours });
}

/** True when the key exists in the locale's catalogue (without fallback). */
export const hasKey = (locale: Locale, key: string) => lookup(messages[locale], key) !== undefined;

/**
 * The best supported locale for an Accept-Language header (`es-ES,es;q=0.9,en;q=0.8`) or a plain
 * locale string (`es`, `es_MX`); English when nothing matches.
 */
export function pickLocale(header: string | string[] | null | undefined): Locale {
  const raw = Array.isArray(header) ? header.join(',') : header;
  if (!raw) return DEFAULT_LOCALE;
  const ranked = raw
    .split(',')
    .map((part, index) => {
      const [tag, ...attrs] = part.trim().split(';');
      const q = attrs.map((a) => a.trim()).find((a) => a.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { lang: tag.trim().toLowerCase().split(/[-_]/)[0], weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return (ranked.find((entry) => isLocale(entry.lang))?.lang as Locale | undefined) ?? DEFAULT_LOCALE;
}

/** Every leaf key of a nested catalogue, dotted (`errors.shipment.not_updatable`). */
export function flattenKeys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    return v !== null && typeof v === 'object' ? flattenKeys(v as object, key) : [key];
  });
}

/**
 * Translates validation problems (core/validation.ts) for one resource. Unlike `translateProblems`, a
 * `required_without` target is shown by its field label (`resources.<resource>.fields.<target>`).
 */
export function translateFieldProblems(
  problems: Record<string, Message>,
  t: Translate,
  resource?: string,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(problems).map(([field, m]) => {
      const params = { ...m.params };
      if (resource && typeof params.target === 'string') {
        const labelKey = `resources.${resource}.fields.${params.target}`;
        const label = t(labelKey);
        if (label !== labelKey) params.target = label;
      }
      return [field, t(m.key, params)];
    }),
  );
}

