import { BOUNDS, LOCALES, PAYMENT_TYPES, SHIPMENT_TYPES } from '../constants.js';
import type { Schema } from '../validation.js';
import { contact, id, oneOf, omit, text } from './common.js';
import { packageItem } from './package.schema.js';

/**
 * Shipment body (DESIGN.md section 3). `merchant_id` is only accepted from superadmin/support (the API
 * fills it for merchant roles); `packages` is validated item by item with `packageItem`.
 * The oversized-needs-PUDO rule needs the location's class, so the API checks it
 * (`package.oversized_needs_pudo`).
 */
const shipment: Schema = {
  merchant_id: id(),
  external_reference_id: text(BOUNDS.reference.max),
  type: oneOf(SHIPMENT_TYPES),
  payment_type: oneOf(PAYMENT_TYPES),
  ...contact,
  locale: oneOf(LOCALES),
  dropoff_location_id: id(true),
  pickup_location_id: id(),
  contents: text(BOUNDS.contentType.max),
};

export const shipments = {
  create: shipment,
  /** The merchant of a shipment never changes. */
  update: omit(shipment, 'merchant_id'),
  nested: { packages: packageItem } as Record<string, Schema>,
};
