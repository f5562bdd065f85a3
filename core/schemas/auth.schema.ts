import type { Schema } from '../validation.js';
import { email, password } from './common.js';

/** Guest forms (SPEC section 2, DESIGN.md section 3). */
export const auth = {
  login: { email: email(), password: [{ rule: 'required' }] } as Schema,
  forgot: { email: email() } as Schema,
  reset: { token: [{ rule: 'required' }], email: email(), ...password(true) } as Schema,
  createPassword: { token: [{ rule: 'required' }], email: email(), ...password(true) } as Schema,
};
