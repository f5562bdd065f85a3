/** The CLI speaks the operator's language: LOCKERLINE_LOCALE, else LC_ALL / LC_MESSAGES / LANG (es_* -> es). */
import { makeTranslator, pickLocale } from '../core/i18n/index.js';
import type { Locale } from '../core/constants.js';
import type { Translate } from '../core/validation.js';

/** The operator's language, also the default of options that choose a language (export --locale). */
export function cliLocale(env: NodeJS.ProcessEnv): Locale {
  const wanted = env.LOCKERLINE_LOCALE || env.LC_ALL || env.LC_MESSAGES || env.LANG;
  return pickLocale(wanted?.split('.')[0]);
}

export function cliTranslator(env: NodeJS.ProcessEnv): Translate {
  return makeTranslator(cliLocale(env));
}
