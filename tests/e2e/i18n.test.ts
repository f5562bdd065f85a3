/** Switching to Spanish translates the screen, menu included. */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, apiData, describeE2e, en, es, languageButton, restoreEnglish, signIn, submitSignIn } from './helpers.js';

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

  it("a language tapped just after Sign in is the language the app shows, not the account's", async () => {
    const page = await env.newPage(PHONE);
    // The form checks itself before it signs in, with a chunk fetched on the first submit (seconds on a phone's
    // network). Holding that chunk holds the window open, so the tap lands in it every time.
    let release!: () => void;
    const released = new Promise<void>((done) => (release = done));
    let held!: () => void;
    const holding = new Promise<void>((done) => (held = done));
    await page.route(/\/assets\/validation-[\w-]+\.js$/, async (route) => {
      held();
      await released;
      await route.continue();
    });
    try {
      await submitSignIn(page, 'merchant.user@example.com');
      await holding;
      await languageButton(page, 'es').click();
      await page.getByRole('button', { name: es.auth.sign_in, exact: true }).waitFor();
      release();
      await page.getByRole('heading', { name: es.dashboard.title }).first().waitFor();
      const english = async () => {
        const body = await page.locator('#root').innerText();
        return [en.dashboard.title, en.dashboard.cards[0], en.dashboard.view_all].filter((text) => body.includes(text));
      };
      await expect.poll(english, { timeout: 15_000 }).toEqual([]);
      expect(await languageButton(page, 'es', es).getAttribute('aria-pressed')).toBe('true');
      // Saved on the account: the next sign-in, anywhere, is in Spanish.
      await expect.poll(async () => (await apiData<{ locale: string }>(page, '/api/user')).locale, { timeout: 15_000 }).toBe('es');
    } finally {
      release();
      await restoreEnglish(page);
    }
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
