import { BOUNDS, PACKAGE_SIZES } from '../constants.js';
import type { Schema } from '../validation.js';
import { id, oneOf, text } from './common.js';

/** One package as sent inside a shipment body (`packages: [{ size, description, barcode? }]`). */
export const packageItem: Schema = {
  size: oneOf(PACKAGE_SIZES, true),
  description: text(BOUNDS.description.max),
  // Optional merchant barcode; Lockerline generates one (core/identifiers.ts) when it is missing.
  barcode: [{ rule: 'min', length: BOUNDS.barcode.min }, { rule: 'max', length: BOUNDS.barcode.max }],
};

export const packages = {
  /** POST /api/packages adds a package to an existing shipment. */
  create: { shipment_id: id(true), ...packageItem } as Schema,
  update: packageItem,
};
