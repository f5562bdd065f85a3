/**
 * Profile -> Request API token: the one GET of the admin that changes something (it replaces the user's token), so
 * the server checks its XSRF header like a POST's (docs/auth.md) and the SPA must send it. The token is shown once
 * and works as a bearer token; the one before it stops working.
 */
import { expect, it } from 'vitest';
import { describeE2e, en, signIn } from './helpers.js';

describeE2e('API token from the profile page', (env) => {
  it('shows a new token once, which works, and revokes the one before it', async () => {
    const page = await env.newPage();
    await signIn(page, 'merchant.user@example.com');
    await page.goto('/users/profile');
    const request = async () => {
      await page.getByRole('button', { name: en.profile.request_token }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      const token = await dialog.getByTestId('api-token').inputValue();
      expect(token).toMatch(/^\S{40,}$/);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      return token;
    };
    const user = (token: string) => page.request.get('/api/user', { headers: { authorization: `Bearer ${token}` } });
    const first = await request();
    expect((await user(first)).status()).toBe(200);
    const second = await request();
    expect(second).not.toBe(first);
    expect((await user(second)).status()).toBe(200);
    expect((await user(first)).status()).toBe(401);
  });
});
