import { BOUNDS, LOCATION_CLASSES, LOCATION_TYPES, LOCKER_SERVICES } from '../constants.js';
import { STORAGE_END_ACTIONS, STORAGE_UNITS } from '../machines/storage.js';
import type { Schema } from '../validation.js';
import { bool, country, id, integer, nameField, oneOf, text } from './common.js';

const SHORT = 100;

/**
 * A location. `code` is optional because only admins see it (FIELD_MASKS): the API generates one
 * when it is missing. The address country defaults to BS (database default / locationDefaults).
 */
const location: Schema = {
  name: nameField(),
  code: [{ rule: 'min', length: BOUNDS.code.min }, { rule: 'max', length: BOUNDS.code.max }],
  type: oneOf(LOCATION_TYPES, true),
  class: oneOf(LOCATION_CLASSES, true),
  locker_service: [{ rule: 'required_if', field: 'class', equals: 'locker' }, { rule: 'in', values: LOCKER_SERVICES }],
  merchant_id: id(),
  active: bool,
  approved: bool,
  hours: text(BOUNDS.description.max),
  zone: text(SHORT),
  route: text(SHORT),
  timezone: [...text(64), { rule: 'time_zone' }],
  latitude: [{ rule: 'required' }, { rule: 'latitude' }],
  longitude: [{ rule: 'required' }, { rule: 'longitude' }],
  what3words: text(SHORT),
  image: text(BOUNDS.description.max),
  secure_access_key: text(SHORT),
  storage_days: integer(1, 60),
  // Storage rules (issue 13, core/machines/storage.ts): storage_days counts in storage_unit.
  storage_unit: oneOf(STORAGE_UNITS),
  storage_reminder_hours: integer(1, 240),
  storage_extensions_max: integer(0, 10),
  storage_extension_hours: integer(1, 240),
  storage_extension_after_hours: integer(0, 720),
  storage_end_action: oneOf(STORAGE_END_ACTIONS),
  address_company: text(SHORT),
  address_description: text(BOUNDS.description.max),
  address_street: text(SHORT),
  address_house_number: text(20),
  address_locality: text(SHORT),
  address_postcode: text(20),
  address_state: text(SHORT),
  address_country: country,
};

export const locations = { create: location, update: location };

/** POST /api/locations/:id/create-terminal { terminalLayout } (an id of LOCKER_LAYOUTS). */
export const terminal: Schema = { terminalLayout: [{ rule: 'required' }] };
