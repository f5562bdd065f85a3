/**
 * Merchant preferences (issue 9: the page runs on a react-admin Form): a merchant admin opens Preferences from
 * the menu, adds a content type with Enter and one left typed in the field, saves, finds both after a reload,
 * then removes them again (the demo data is left as it was); the notification settings' form shows a refused
 * field next to it. Screenshots at desktop and phone width.
 */
import { expect, it } from 'vitest';
import { PHONE, apiData, clickMenu, describeE2e, en, pathOf, seriousViolations, signIn } from './helpers.js';

describeE2e('merchant preferences', (env) => {
  it('adds content types with Enter and Save, keeps them, and removes them again', async () => {
    const page = await env.newPage();
    await signIn(page, 'merchant.admin@example.com');
    await clickMenu(page, en.menu.merchants_preferences);
    await page.waitForURL((url) => url.pathname === '/merchants/preferences');
    const input = page.getByRole('textbox', { name: en.resources.merchants.fields.content_types });
    await input.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const before = (await apiData<{ content_types: string[] }>(page, '/api/merchants/preferences')).content_types;
    const [first, second] = [`Kites ${Date.now()}`, `Globes ${Date.now()}`];

    await input.fill(first);
    await input.press('Enter');
    await page.getByRole('button', { name: first }).waitFor();
    await input.fill(second);
    await page.getByRole('button', { name: en.ra.action.save }).first().click();
    await expect.poll(async () => (await apiData<{ content_types: string[] }>(page, '/api/merchants/preferences')).content_types).toEqual([...before, first, second]);
    await expect.poll(() => input.inputValue()).toBe('');
    await page.screenshot({ path: '/tmp/rulesadmin-preferences-1280.png', fullPage: true });

    await page.reload();
    for (const name of [first, second]) {
      const chip = page.getByRole('button', { name });
      await chip.waitFor();
      await chip.press('Delete');
    }
    await page.getByRole('button', { name: en.ra.action.save }).first().click();
    await expect.poll(async () => (await apiData<{ content_types: string[] }>(page, '/api/merchants/preferences')).content_types).toEqual(before);
    expect(pathOf(page)).toBe('/merchants/preferences');

    // The notification settings' own form: a refused field answers next to the field, and a fix saves.
    const section = page.getByTestId('notification-preferences');
    const from = section.getByRole('textbox', { name: en.resources.merchants.fields.branding_from_address });
    const saved = await from.inputValue();
    await from.fill('not-an-email');
    await section.getByRole('button', { name: en.ra.action.save }).click();
    await section.getByText(en.validation.email).waitFor();
    await from.fill(saved);
    await section.getByRole('button', { name: en.ra.action.save }).click();
    await section.getByText(en.validation.email).waitFor({ state: 'detached' });
    await expect.poll(async () => (await apiData<{ branding: Record<string, string> }>(page, '/api/merchants/preferences')).branding.from_address).toBe(saved);
    await page.setViewportSize(PHONE.viewport);
    await page.screenshot({ path: '/tmp/rulesadmin-preferences-390.png', fullPage: true });
  });
});
