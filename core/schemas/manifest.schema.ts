import { TRANSPORT_MODES } from '../constants.js';
import type { Schema } from '../validation.js';
import { bool, id, oneOf, nameField } from './common.js';

const manifest: Schema = {
  merchant_id: id(),
  name: nameField(),
  mode: oneOf(TRANSPORT_MODES, true),
  delivery_attempted: bool,
};

export const manifests = { create: manifest, update: manifest };
