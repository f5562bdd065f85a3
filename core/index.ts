/** The shared core: pure, browser-safe rules and tables imported by api/, cli/ and admin/. */
export * from './roles.js';
export * from './features.js';
export * from './statuses.js';
export * from './tracking.js';
export * from './constants.js';
export * from './lists.js';
export * from './permissions.js';
export * from './errors.js';
export * from './validation.js';
export * from './phone.js';
export * from './identifiers.js';
export * from './schemas/index.js';
export {
  messages,
  translate,
  makeTranslator,
  pickLocale,
  flattenKeys,
  lookup,
  outcomeCounts,
  hasKey,
  isLocale,
  translateFieldProblems,
  type Params,
} from './i18n/index.js';
export * from './machines/index.js';
export * from './campaigns/index.js';
export * from './sms.js';
