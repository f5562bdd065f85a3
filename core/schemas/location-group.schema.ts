import type { Schema } from '../validation.js';
import { nameField } from './common.js';

const group: Schema = { name: nameField() };

export const location_groups = { create: group, update: group };
