/** Phrase lookup and polyglot-style formatting, without the catalogues (light enough for lazy screens). */
import type { Locale } from '../constants.js';

export type Params = Record<string, string | number>;

/** The string at a dotted key, or undefined when missing (or when the key names a group, not a leaf). */
export function lookup(catalogue: object, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Plural form index for `smart_count`; English and Spanish share the rule (1 -> singular). */
const pluralIndex = (_locale: Locale, count: number) => (count === 1 ? 0 : 1);

/** Applies polyglot's `smart_count` plural choice and `%{param}` interpolation to one phrase. */
export function format(locale: Locale, phrase: string, params: Params = {}): string {
  let text = phrase;
  const count = params.smart_count;
  if (typeof count === 'number' && text.includes('||||')) {
    const forms = text.split('||||').map((f) => f.trim());
    text = forms[Math.min(pluralIndex(locale, count), forms.length - 1)];
  }
  // A missing param becomes empty rather than leaking `%{name}` to users.
  return text.replace(/%\{(\w+)\}/g, (_m, name: string) => (name in params ? String(params[name]) : '')).trimEnd();
}
