/**
 * Webhook settings (issue 9: the form runs on a react-admin Form; private targets are refused): a merchant admin
 * opens Preferences from the menu, types an internal address and a secret, saves, and reads why on the address
 * field itself (not in the error dialog); a public address saves and the secret field empties; Delete removes
 * the endpoint again (the demo data is left as it was). Screenshots at desktop and phone width.
 */
import { expect, it } from 'vitest';
import { PHONE, apiData, clickMenu, describeE2e, en, seriousViolations, signIn } from './helpers.js';

describeE2e('webhook settings', (env) => {
  it('refuses an internal target on its field, saves a public one, and deletes it again', async () => {
    const page = await env.newPage();
    await signIn(page, 'merchant.admin@example.com');
    await clickMenu(page, en.menu.merchants_preferences);
    await page.waitForURL((url) => url.pathname === '/merchants/preferences');
    const { merchant_id: merchantId } = await apiData<{ merchant_id: number }>(page, '/api/user');
    const endpoint = () => apiData<{ url: string } | null>(page, `/api/merchants/${merchantId}/webhook`);
    expect(await endpoint()).toBeNull();

    const section = page.getByTestId('webhook-settings');
    const url = section.getByRole('textbox', { name: en.campaigns.webhook.fields.url });
    const secret = section.getByLabel(en.campaigns.webhook.fields.secret);
    await url.fill('https://169.254.169.254/latest/meta-data');
    await secret.fill('e2e-webhook-secret-0123');
    await section.getByRole('button', { name: en.ra.action.save }).click();
    await section.getByText(en.validation.public_url).waitFor();
    expect(await url.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('dialog').count()).toBe(0);
    // axe on the refused field, once react-admin's "form is not valid" notice has gone (mid-fade it reads as low contrast).
    await page.locator('.MuiSnackbarContent-message').waitFor({ state: 'detached' });
    expect(await seriousViolations(page)).toEqual([]);
    expect(await endpoint()).toBeNull();
    await section.screenshot({ path: '/tmp/verbs-webhook-refused-1280.png' });

    await url.fill('https://1.1.1.1/lockerline-e2e');
    await section.getByRole('button', { name: en.ra.action.save }).click();
    await expect.poll(async () => (await endpoint())?.url).toBe('https://1.1.1.1/lockerline-e2e');
    await section.getByText(en.validation.public_url).waitFor({ state: 'detached' });
    await expect.poll(() => secret.inputValue()).toBe('');

    await section.getByRole('button', { name: en.ra.action.delete }).click();
    await expect.poll(endpoint).toBeNull();
    await page.setViewportSize(PHONE.viewport);
    await section.screenshot({ path: '/tmp/verbs-webhook-390.png' });
  });
});
