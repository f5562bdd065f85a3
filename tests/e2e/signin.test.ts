/** Every demo role signs in through the /signin form and lands on its home; a wrong password is refused. */
import { expect, it } from 'vitest';
import { DEMO_ACCOUNTS, describeE2e, en, pathOf, signIn, submitSignIn } from './helpers.js';

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
