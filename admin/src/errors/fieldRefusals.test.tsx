import { describe, expect, it } from 'vitest';
import { publishHttpError } from './bus.js';
import { INVALID_FORM_NOTICE, SAME_SUBMIT_MS, repeatsFieldRefusal } from './fieldRefusals.js';

describe('repeatsFieldRefusal', () => {
  it('drops react-admin\'s invalid-form notice right after the dialog showed the server\'s field errors, and only then', () => {
    expect(repeatsFieldRefusal(INVALID_FORM_NOTICE)).toBe(false); // the form's own checks: said
    publishHttpError({ status: 422, code: 'validation.failed', message: 'The given data was invalid.' });
    expect(repeatsFieldRefusal(INVALID_FORM_NOTICE)).toBe(false); // no field named
    publishHttpError({ status: 409, code: 'conflict', message: 'Changed', errors: { name: 'x' } });
    expect(repeatsFieldRefusal(INVALID_FORM_NOTICE)).toBe(false);
    publishHttpError({ status: 422, code: 'user.email_taken', message: 'Taken', errors: { email: 'This email address is already in use.' } });
    const now = performance.now();
    expect(repeatsFieldRefusal(INVALID_FORM_NOTICE, now)).toBe(true);
    expect(repeatsFieldRefusal('resources.users.notifications.saved', now)).toBe(false); // other notices stay
    expect(repeatsFieldRefusal(INVALID_FORM_NOTICE, now + SAME_SUBMIT_MS + 1)).toBe(false); // a later submit
  });
});
