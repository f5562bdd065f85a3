/** Values a create form starts with (SPEC sections 3 and 9); the API applies the same when a field is absent. */
import { BATCH_DEFAULTS, DEFAULT_COUNTRY, DEFAULT_LOCALE, localeOr } from '../constants.js';
import { FEATURES, hasBit } from '../features.js';
import { ROLES } from '../roles.js';

export const shipmentDefaults = () => ({
  type: 'standard',
  payment_type: 'prepaid',
  country: DEFAULT_COUNTRY,
  locale: DEFAULT_LOCALE,
  packages: [{ size: 'SMALL', description: '' }],
});

/**
 * A new user: active, in the creating user's language (the admin's screen language in the form, the creating account's
 * saved one in the API when none is sent; docs/permissions.md "A new user's language"), else en; BS.
 */
export const userDefaults = (creatorLocale?: string | null) => ({ active: true, locale: localeOr(creatorLocale), country: DEFAULT_COUNTRY });

/** A superadmin creates drop-off locations; everyone else creates pickup locations. */
export const locationDefaults = (actorRole: number) => ({
  type: actorRole === ROLES.superadmin ? 'dropoff' : 'pickup',
  active: true,
  address_country: DEFAULT_COUNTRY,
});

/** Batch settings depend on whether the merchant has the batches feature. */
export const batchDefaults = (merchantFeatures: number) => ({
  type: 'standard',
  ...(hasBit(merchantFeatures, FEATURES.batches) ? BATCH_DEFAULTS.withFeature : BATCH_DEFAULTS.withoutFeature),
});

/** A new batch customer: the creating user's country and language, else BS and en. */
export const batchItemDefaults = (userCountry?: string | null, userLocale?: string | null) => ({
  country: userCountry || DEFAULT_COUNTRY,
  locale: localeOr(userLocale),
});
