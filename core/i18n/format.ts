/** Polyglot's phrase formatting without the catalogues (so lazily loaded screens can format their own phrases). */
import type { Locale } from '../constants.js';

export type Params = Record<string, string | number>;

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
