import type { Schema } from '../validation.js';
import { contact, id, locale, text } from './common.js';

/**
 * A batch customer: names required, e-mail required without a phone, phone checked against `country`;
 * `locale` (en/es) is the language of the customer's messages and respond page.
 */
const item: Schema = {
  ...contact,
  locale,
  // Feature-gated expiry date (YYYY-MM-DD); the API checks the feature.
  offset_date: text(30),
  pickup_location_id: id(),
};

export const batch_items = {
  create: { batch_id: id(true), ...item } as Schema,
  update: item,
};
