/** Switching to Spanish translates the screen, menu included. */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2e, en, es, languageButton, restoreEnglish, signIn } from './helpers.js';

const switchToSpanish = (page: Page) => languageButton(page, 'es').click();

/** The texts of the left menu entries. */
const menuTexts = async (page: Page) =>
  (await page.locator('.RaSidebar-fixed [role="menuitem"]').allInnerTexts()).map((t) => t.trim()).filter(Boolean);

describeE2e('languages', (env) => {
  it('switching to Spanish translates the dashboard and leaves no English in the menu', async () => {
    const page = await env.newPage();
    await signIn(page, 'superadmin@example.com');
    await page.getByRole('heading', { name: en.dashboard.title }).first().waitFor();

    await switchToSpanish(page);
    await page.getByRole('heading', { name: es.dashboard.title }).first().waitFor();
    for (const text of [es.dashboard.cards[0], es.dashboard.cards[20], es.dashboard.cards[30], es.menu.shipments, es.menu.locations]) {
      await page.getByText(text, { exact: false }).first().waitFor();
    }
    const menu = await menuTexts(page);
    expect(menu).toContain(es.menu.shipments);
    const englishOnly = Object.entries(en.menu)
      .filter(([key, text]) => text !== es.menu[key as keyof typeof es.menu])
      .map(([, text]) => text);
    expect(menu.filter((t) => englishOnly.includes(t))).toEqual([]);
    await page.screenshot({ path: '/tmp/lockerline-e2e-dashboard-es.png' });

    // The choice sticks across a reload.
    await page.reload();
    await page.getByRole('heading', { name: es.dashboard.title }).first().waitFor();

    // The switch is saved on the account (PUT /api/user/locale): back to English for the other tests.
    await languageButton(page, 'en', es).click();
    await page.getByRole('heading', { name: en.dashboard.title }).first().waitFor();
    await restoreEnglish(page); // awaited, whatever the click's own save is still doing
  });

  it('the signin page switches language too', async () => {
    const page = await env.newPage();
    await page.goto('/signin');
    await page.getByRole('button', { name: en.auth.sign_in, exact: true }).waitFor();
    await switchToSpanish(page);
    await page.getByRole('button', { name: es.auth.sign_in, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: en.auth.sign_in, exact: true }).count()).toBe(0);
  });
});
