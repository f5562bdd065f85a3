/**
 * Profile -> Change password (issue 9): reached by clicking from the app bar, it needs the current password,
 * keeps this session signed in and signs the user's other sessions out (docs/auth.md).
 */
import { expect, it } from 'vitest';
import { ROLES } from '../../core/roles.js';
import { apiPost, describeE2e, en, pathOf, seriousViolations, signIn } from './helpers.js';

describeE2e('change password', (env) => {
  it('a user changes the password from the profile page; another browser is signed out, this one stays', async () => {
    const admin = await env.newPage();
    await signIn(admin, 'superadmin@example.com');
    const email = `password.change.${Date.now()}@example.net`;
    const oldPassword = 'the-old-password-1';
    const newPassword = 'the-new-password-2';
    await apiPost(admin, '/api/users', {
      first_name: 'Cleo', last_name: 'Change', email, role: ROLES.support, locale: 'en', country: 'BS',
      password: oldPassword, password_confirmation: oldPassword,
    });

    const page = await env.newPage();
    const other = await env.newPage();
    await signIn(page, email, oldPassword);
    await signIn(other, email, oldPassword);

    await page.getByRole('link', { name: en.app.profile }).click();
    await page.waitForURL((url) => url.pathname === '/users/profile');
    const section = page.getByRole('region', { name: en.profile.change_password });
    await section.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const fields = en.resources.users.fields;
    // A wrong current password is refused next to its field.
    await section.getByLabel(fields.current_password, { exact: false }).fill('not-the-password');
    await section.getByLabel(fields.new_password, { exact: true }).fill(newPassword);
    await section.getByLabel(fields.new_password_confirmation, { exact: false }).fill(newPassword);
    await section.getByRole('button', { name: en.profile.change_password }).click();
    await section.getByText(en.errors.user.current_password_wrong).waitFor();

    // From the keyboard this time: Enter in a field submits the form.
    await section.getByLabel(fields.current_password, { exact: false }).fill(oldPassword);
    await section.getByLabel(fields.current_password, { exact: false }).press('Enter');
    await page.getByText(en.profile.password_changed).waitFor();

    // The other browser's session is over: its next page load lands on the sign-in form.
    await other.reload();
    await other.waitForURL((url) => url.pathname === '/signin');
    // This one stays signed in.
    await page.reload();
    await page.getByRole('heading', { name: en.profile.title }).first().waitFor();
    expect(pathOf(page)).toBe('/users/profile');
    // The new password works, the old one does not.
    const fresh = await env.newPage();
    await signIn(fresh, email, newPassword);
    expect(pathOf(fresh)).not.toBe('/signin');
  });
});
