/** Dashboard cards, the navigation guard and history-mode deep links. */
import { expect, it } from 'vitest';
import { describeE2e, en, pathOf, signIn } from './helpers.js';

/** The status filter the shipments list holds in its URL (react-admin's `filter` query param, or ours). */
function statusFilterOf(url: string): unknown {
  const params = new URL(url).searchParams;
  const raw = params.get('filter');
  if (raw) return (JSON.parse(raw) as Record<string, unknown>).status;
  return params.get('filters[status][0]') ?? params.get('status');
}

describeE2e('navigation', (env) => {
  it('a merchant user clicks a dashboard card and lands on the shipments list filtered by that status', async () => {
    const page = await env.newPage();
    await signIn(page, 'merchant.user@example.com');
    const card = page.getByRole('link', { name: new RegExp(en.dashboard.cards[20]) }).first();
    await card.click();
    await page.waitForURL((url) => url.pathname === '/shipments');
    const status = statusFilterOf(page.url());
    expect([status].flat().map(String)).toEqual(['20']);
    // Every row shown carries the printed status.
    await page.locator('table tbody tr').first().waitFor();
    const statusCells = await page.locator('table tbody tr td.column-status').allInnerTexts();
    for (const text of statusCells) expect(text.trim()).toBe(en.statuses.shipments[20]);
  });

  it('a PUDO user opening a forbidden route is sent home', async () => {
    const page = await env.newPage();
    await signIn(page, 'pudo@example.com');
    await page.goto('/merchants');
    await page.waitForURL((url) => url.pathname === '/pudo');
    await page.getByRole('heading', { name: en.screens.pudo.title, exact: true }).first().waitFor();
  });

  it('a merchant user cannot open the users list or location groups', async () => {
    const page = await env.newPage();
    await signIn(page, 'merchant.user@example.com');
    for (const path of ['/location_groups', '/merchants']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/');
    }
  });

  it('a deep link reloaded in the browser shows the same screen', async () => {
    const page = await env.newPage();
    await signIn(page, 'superadmin@example.com');
    await page.goto('/locations');
    await page.getByRole('heading', { name: en.menu.locations }).first().waitFor();
    const first = page.locator('table tbody tr').first();
    await first.waitFor();
    await first.click();
    await page.waitForURL((url) => /^\/locations\/\d+(\/show)?$/.test(url.pathname));
    const detail = pathOf(page);
    const response = await page.reload();
    expect(response?.status()).toBe(200);
    expect(pathOf(page)).toBe(detail);
    await page.waitForLoadState('networkidle');
    // Word-bounded: a random barcode on the page (LP…1404…) once matched a bare /404/.
    expect(await page.locator('body').innerText()).not.toMatch(/not found|could not be found|\b404\b/i);
    // A fresh tab straight onto the nested URL works too (the server answers index.html for it).
    const fresh = await page.context().newPage();
    const direct = await fresh.goto(detail);
    expect(direct?.status()).toBe(200);
    await fresh.waitForURL((url) => url.pathname === detail);
  });
});
