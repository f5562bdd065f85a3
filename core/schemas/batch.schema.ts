import { BOUNDS, SHIPMENT_TYPES } from '../constants.js';
import { BATCH_CHANNELS } from '../features.js';
import type { Schema } from '../validation.js';
import { bool, id, integer, omit, oneOf, text } from './common.js';

const MESSAGE_MAX = 1000;
const perSize = () => integer(BOUNDS.packagesPerSize.min, BOUNDS.packagesPerSize.max);

/** Batch settings with the bounds of DESIGN.md section 4. Channels: a subset of email + SMS. */
const batch: Schema = {
  merchant_id: id(),
  name: text(BOUNDS.name.max),
  type: oneOf(SHIPMENT_TYPES),
  pickup_location_id: id(),
  packages_small: perSize(),
  packages_medium: perSize(),
  packages_large: perSize(),
  packages_oversized: perSize(),
  contents: text(BOUNDS.contentType.max),
  notification_message: text(MESSAGE_MAX),
  reminder_message: text(MESSAGE_MAX),
  final_reminder_message: text(MESSAGE_MAX),
  offset: integer(BOUNDS.batchOffset.min, BOUNDS.batchOffset.max, true),
  reminder_count: integer(BOUNDS.reminderCount.min, BOUNDS.reminderCount.max, true),
  reminder_interval: integer(BOUNDS.reminderInterval.min, BOUNDS.reminderInterval.max, true),
  channels: integer(0, BATCH_CHANNELS),
  custom_final_reminder: bool,
};

/** The merchant of a batch never changes. */
export const batches = { create: batch, update: omit(batch, 'merchant_id') };
