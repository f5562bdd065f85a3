/** Every demo role signs in through the /signin form and lands on its home; a wrong password is refused. */
import { expect, it } from 'vitest';
import { DEMO_ACCOUNTS, describeE2e, en, es, languageButton, pathOf, signIn, submitSignIn } from './helpers.js';

describeE2e('sign-in', (env) => {
  for (const demo of DEMO_ACCOUNTS) {
    it(`${demo.role} (${demo.email}) lands on ${demo.home}`, async () => {
      const page = await env.newPage();
      await signIn(page, demo.email);
      await page.waitForURL((url) => url.pathname === demo.home);
      expect(pathOf(page)).toBe(demo.home);
      await page.getByRole('heading', { name: demo.heading, exact: true }).first().waitFor();
    });
  }

  it('shows the credentials message on a wrong password and stays on /signin', async () => {
    const page = await env.newPage();
    await submitSignIn(page, 'merchant.user@example.com', 'not-the-password');
    await page.getByText(en.auth.credentials_incorrect).first().waitFor();
    expect(pathOf(page)).toBe('/signin');
    // The focus is not lost (the busy button was disabled): it is on the message, which says what went wrong.
    await page.waitForFunction((text) => document.activeElement?.textContent?.includes(text) ?? false, en.auth.credentials_incorrect);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');
  });

  it('checks the form in the language on screen, not with the browser bubbles (English whatever the screen)', async () => {
    const page = await env.newPage();
    await page.goto('/signin');
    await languageButton(page, 'es').click();
    const submit = page.getByRole('button', { name: es.auth.sign_in, exact: true });
    await submit.click();
    // Both fields say why, in Spanish, and the focus goes to the first of them.
    await expect.poll(() => page.getByText(es.validation.required, { exact: true }).count(), { timeout: 15_000 }).toBe(2);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('email');

    await page.getByLabel(es.auth.email, { exact: false }).first().fill('not-an-address');
    await page.getByLabel(es.auth.password, { exact: false }).first().fill('whatever');
    await submit.click();
    await page.getByText(es.validation.email, { exact: true }).waitFor();
    expect(await page.getByText(es.validation.required, { exact: true }).count()).toBe(0);
    expect(pathOf(page)).toBe('/signin');
  });

  it('sends a guest opening a signed-in route to /signin, and a signed-in user away from /signin', async () => {
    const page = await env.newPage();
    await page.goto('/shipments');
    await page.waitForURL((url) => url.pathname === '/signin');
    await signIn(page, 'merchant.user@example.com');
    await page.goto('/signin');
    await page.waitForURL((url) => url.pathname === '/');
  });
});
