import { BOUNDS, FETCH_SERVICES } from '../constants.js';
import { ALL_CHANNELS, ALL_FEATURES } from '../features.js';
import type { Schema } from '../validation.js';
import { bool, integer, nameField, oneOf, text } from './common.js';

const URL_MAX = 500;

/** Features and channels are bitmasks (integers). JSON columns (branding, templates...) are shaped by the API. */
const merchant: Schema = {
  name: nameField(),
  active: bool,
  fetch_service: oneOf(FETCH_SERVICES),
  features: integer(0, ALL_FEATURES),
  channels: integer(0, ALL_CHANNELS),
  payment_url: text(URL_MAX),
  default_content_type: text(BOUNDS.contentType.max),
};

export const merchants = { create: merchant, update: merchant };

/** The checked parts of `branding` (a JSON column, shaped by the API): the brand colour is `#RRGGBB`. */
export const merchantBranding: Schema = { email_theme: [{ rule: 'hex_color' }] };

/** Merchant preferences (/merchants/preferences, content feature): content types entered one at a time. */
export const merchantPreferences: Schema = { default_content_type: text(BOUNDS.contentType.max) };

/** One content type as typed into the list input (added on Enter). */
export const contentType: Schema = {
  content_type: [{ rule: 'required' }, { rule: 'min', length: BOUNDS.contentType.min }, { rule: 'max', length: BOUNDS.contentType.max }],
};
