import { BOUNDS, LOCATION_CLASSES, LOCATION_TYPES, LOCKER_SERVICES } from '../constants.js';
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
  timezone: text(64),
  latitude: [{ rule: 'required' }, { rule: 'latitude' }],
  longitude: [{ rule: 'required' }, { rule: 'longitude' }],
  what3words: text(SHORT),
  image: text(BOUNDS.description.max),
  secure_access_key: text(SHORT),
  storage_days: integer(1, 60),
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
