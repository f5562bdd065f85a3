/**
 * The error dialog says each thing once: a refusal about one field (the e-mail already taken) used to show its
 * message and then "Email: <the same message>" under it. Now one line names the field before the message; field
 * errors that say something else are still listed under it. English and Spanish, as the server answers in each.
 */
import { screen, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it } from 'vitest';
import type { TranslationMessages } from 'react-admin';
import { en, es } from '../../../core/i18n/index.js';
import { renderRoute } from '../components/testing.js';
import type { HttpErrorEvent } from './bus.js';
import { ErrorDialogView } from './ErrorDialogView.js';

type Locale = 'en' | 'es';
const catalogue = (locale: Locale) => (locale === 'en' ? en : (es as unknown as typeof en));

function showDialog(locale: Locale, url: string, path: string, error: HttpErrorEvent) {
  renderRoute({ url, path, element: <ErrorDialogView error={error} onClose={() => undefined} />, i18nProvider: polyglotI18nProvider(() => catalogue(locale) as unknown as TranslationMessages, locale, { allowMissing: true }) });
  return screen.getByRole('dialog');
}

/** How many times `text` occurs in the dialog's visible text. */
const times = (dialog: HTMLElement, text: string) => (dialog.textContent ?? '').split(text).length - 1;

describe.each(['en', 'es'] as const)('error dialog (%s)', (locale) => {
  const c = catalogue(locale);

  it("a refusal about one field says its message once, the field's name before it", () => {
    // What POST /api/users answers for an e-mail another account has (the server speaks the user's language).
    const taken = c.errors.user.email_taken;
    const dialog = showDialog(locale, '/users/create', '/users/create', { status: 422, code: 'user.email_taken', message: taken, errors: { email: taken } });
    expect(times(dialog, taken)).toBe(1);
    expect(within(dialog).getByText(`${c.resources.users.fields.email}: ${taken}`)).toBeTruthy();
    expect(within(dialog).queryByRole('list')).toBeNull();
  });

  it('other field errors are still listed under the message, each with its field', () => {
    const form = c.errors.validation.failed;
    const phone = 'The phone number is too short.';
    const dialog = showDialog(locale, '/shipments/create', '/shipments/create', { status: 422, code: 'validation.failed', message: form, errors: { phone } });
    expect(screen.getByText(form, { selector: '#http-error-message' })).toBeTruthy();
    const items = within(dialog).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([`${c.resources.shipments.fields.phone}: ${phone}`]);
    expect(times(dialog, phone)).toBe(1);
  });
});
