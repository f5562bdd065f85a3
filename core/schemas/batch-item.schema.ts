import { BOUNDS } from '../constants.js';
import type { Rule, Schema } from '../validation.js';
import { contact, id, locale } from './common.js';

/**
 * The expiry date: a real calendar date, from today to the longest batch offset ahead (DESIGN.md section 4:
 * offset 1..90 days), so the initial notification can always be planned.
 */
export const offsetDate: Rule[] = [{ rule: 'date', minDays: 0, maxDays: BOUNDS.batchOffset.max }];

/**
 * A batch customer: names required, e-mail required without a phone, phone checked against `country`;
 * `locale` (en/es) is the language of the customer's messages and respond page.
 */
const item: Schema = {
  ...contact,
  locale,
  // Feature-gated expiry date (YYYY-MM-DD); the API checks the feature.
  offset_date: offsetDate,
  pickup_location_id: id(),
};

export const batch_items = {
  create: { batch_id: id(true), ...item } as Schema,
  update: item,
};

/**
 * The customer's answer on the respond page (a batch item's or a request-location shipment's link): the chosen
 * point's id, an integer (JSON `true` is no id: read as a number it was 1, the first location).
 */
export const respondAnswer: Schema = { location_id: id(true) };
