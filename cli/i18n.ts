/** The CLI speaks the operator's language: LOCKERLINE_LOCALE, else LC_ALL / LC_MESSAGES / LANG (es_* -> es). */
import { makeTranslator, pickLocale } from '../core/i18n/index.js';
import type { Translate } from '../core/validation.js';

export function cliTranslator(env: NodeJS.ProcessEnv): Translate {
  const wanted = env.LOCKERLINE_LOCALE || env.LC_ALL || env.LC_MESSAGES || env.LANG;
  return makeTranslator(pickLocale(wanted?.split('.')[0]));
}
