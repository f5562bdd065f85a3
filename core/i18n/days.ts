/**
 * Calendar days (YYYY-MM-DD) written and read the way the interface's language writes them: "11/26/2026" in
 * English, "26/11/2026" in Spanish. A native date input writes them the browser's way instead, whatever the
 * interface's language (admin/src/components/DayInput.tsx).
 */
import { localeOr, type Locale } from '../constants.js';
import { isRealDay } from '../dashboard.js';

type Part = 'day' | 'month' | 'year';
const ORDER: Record<Locale, readonly Part[]> = { en: ['month', 'day', 'year'], es: ['day', 'month', 'year'] };
/** What each part is called in the pattern shown to the user. */
const LETTERS: Record<Locale, Record<Part, string>> = { en: { day: 'dd', month: 'mm', year: 'yyyy' }, es: { day: 'dd', month: 'mm', year: 'aaaa' } };

const orderOf = (locale: string) => ORDER[localeOr(locale)];

/** The pattern to type a day in: 'mm/dd/yyyy', 'dd/mm/aaaa'. */
export function dayPattern(locale: string): string {
  const letters = LETTERS[localeOr(locale)];
  return orderOf(locale).map((p) => letters[p]).join('/');
}

/** A day YYYY-MM-DD as the language writes it; anything else is returned as it is. */
export function formatDay(day: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const parts: Record<Part, string> = { year: m[1]!, month: m[2]!, day: m[3]! };
  return orderOf(locale).map((p) => parts[p]).join('/');
}

/**
 * The day YYYY-MM-DD a text typed the language's way names ('26/11/2026', '26-11-2026', '1.2.2026' in Spanish),
 * or written YYYY-MM-DD (pasted); null when it names none (a part missing, a two-digit year, 30/02/2026).
 */
export function parseDay(text: string, locale: string): string | null {
  const typed = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(typed)) return isRealDay(typed) ? typed : null;
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(typed);
  if (!m) return null;
  const order = orderOf(locale);
  const at = (p: Part) => m[order.indexOf(p) + 1]!;
  const day = `${at('year')}-${at('month').padStart(2, '0')}-${at('day').padStart(2, '0')}`;
  return isRealDay(day) ? day : null;
}
