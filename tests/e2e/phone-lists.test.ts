/**
 * Back-office lists on a 390 px phone: a simple list (react-admin SimpleList) instead of a clipped table, and a
 * tapped row opens the record, as a click on a table row does at desktop width. The screens that fetch their own
 * rows (the superadmin's message log, a merchant's webhook deliveries) show the same rows: neither the page nor a
 * box in it scrolls sideways.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, apiData, clickMenu, describeE2e, en, es, languageButton, restoreEnglish, seriousViolations, signIn, xsrfHeader } from './helpers.js';

/**
 * What scrolls sideways at this width: the page itself (its width past the window's), and each box that scrolls its
 * own content sideways (a table in an `overflow-x: auto` card hides the page's overflow but not the reader's problem).
 */
async function sideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollWidth > window.innerWidth) found.push(`page ${root.scrollWidth} > ${window.innerWidth}`);
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const { overflowX } = getComputedStyle(el);
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) found.push(`${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')} ${el.scrollWidth} > ${el.clientWidth}`);
    }
    return found;
  });
}

describeE2e('phone-width lists', (env) => {
  it('shows shipments as a simple list at 390 px; tapping a row opens the shipment', async () => {
    const page = await env.newPage({ ...PHONE, deviceScaleFactor: 2 });
    await signIn(page, 'merchant.admin@example.com');
    await page.getByRole('button', { name: en.ra.action.open_menu }).click();
    await clickMenu(page, en.menu.shipments);
    await page.waitForURL((url) => url.pathname === '/shipments');

    const rows = page.getByTestId('phone-list').getByRole('listitem');
    await rows.first().waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    // A row leads with the reference (LL + 10 digits) and carries its status chip; nothing spills sideways.
    const first = rows.first();
    const reference = /LL\d{10}/.exec(await first.innerText())?.[0];
    expect(reference, await first.innerText()).toBeTruthy();
    expect(await first.locator('.MuiChip-root').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '/tmp/lockerline-e2e-shipments-390.png' });

    await first.click();
    await page.waitForURL((url) => /^\/shipments\/\d+(\/show)?$/.test(url.pathname));
    await page.getByText(reference!).first().waitFor();
  });
  it('shows manifests as a simple list at 390 px (name, mode, counts, status); tapping a row opens the manifest', async () => {
    const page = await env.newPage({ ...PHONE });
    await signIn(page, 'merchant.user@example.com');
    await page.getByRole('button', { name: en.ra.action.open_menu }).click();
    await clickMenu(page, en.menu.manifests);
    await page.waitForURL((url) => url.pathname === '/manifests');
    const row = page.getByTestId('phone-list').getByRole('listitem').filter({ hasText: 'Acme air freight' });
    await row.waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await row.innerText()).toContain(en.modes.air);
    expect(await row.locator('.MuiChip-root').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await row.click();
    await page.waitForURL((url) => /^\/manifests\/\d+$/.test(url.pathname));
  });
  it('shows the message log as rows at 390 px in English and Spanish, both sources, without sideways scrolling', async () => {
    const page = await env.newPage({ ...PHONE });
    await signIn(page, 'superadmin@example.com');
    try {
      await page.getByRole('button', { name: en.ra.action.open_menu }).click();
      await clickMenu(page, en.menu.messages);
      await page.waitForURL((url) => url.pathname === '/messages');
      // The rows, as a list (or, before, as a table that scrolled sideways in its card).
      await page.getByTestId('phone-list').or(page.getByRole('table')).waitFor({ timeout: 15_000 });
      expect(await sideways(page)).toEqual([]);
      expect(await page.getByRole('table').count()).toBe(0);
      await page.screenshot({ path: '/tmp/lockerline-e2e-messages-390.png' });

      await page.getByRole('button', { name: en.campaigns.messages.source_log }).click();
      await page.getByRole('button', { name: en.campaigns.messages.source_log, pressed: true }).waitFor();
      await page.getByTestId('phone-list').waitFor({ timeout: 15_000 });
      expect(await sideways(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);

      await languageButton(page, 'es').click();
      await page.getByRole('heading', { name: es.campaigns.messages.title }).waitFor();
      await page.getByTestId('phone-list').waitFor({ timeout: 15_000 });
      expect(await page.getByRole('table').count()).toBe(0);
      expect(await sideways(page)).toEqual([]);
      await page.screenshot({ path: '/tmp/lockerline-e2e-messages-es-390.png' });
    } finally {
      await restoreEnglish(page);
    }
  });
  it("shows a merchant's webhook deliveries as rows at 390 px, without sideways scrolling", async () => {
    const page = await env.newPage({ ...PHONE });
    await signIn(page, 'merchant.admin@example.com');
    // The delivery log shows under a saved endpoint: one for this test, removed again after it.
    const { merchant_id: merchantId } = await apiData<{ merchant_id: number }>(page, '/api/user');
    const saved = await page.request.put(`/api/merchants/${merchantId}/webhook`, { data: { url: 'https://1.1.1.1/lockerline-e2e-phone', secret: 'e2e-webhook-secret-0123', active: true }, headers: await xsrfHeader(page) });
    expect(saved.ok(), await saved.text()).toBe(true);
    try {
      await page.getByRole('button', { name: en.ra.action.open_menu }).click();
      await clickMenu(page, en.menu.merchants_preferences);
      await page.waitForURL((url) => url.pathname === '/merchants/preferences');
      const section = page.getByTestId('webhook-settings');
      await section.getByTestId('phone-list').or(section.getByRole('table')).waitFor({ timeout: 15_000 });
      expect(await sideways(page)).toEqual([]);
      expect(await section.getByRole('table').count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      const removed = await page.request.delete(`/api/merchants/${merchantId}/webhook`, { headers: await xsrfHeader(page) });
      expect(removed.ok(), await removed.text()).toBe(true);
    }
  });
  it("shows a batch's customers as rows at 390 px; tapping a row opens the customer", async () => {
    const page = await env.newPage({ ...PHONE });
    await signIn(page, 'merchant.admin@example.com');
    const [item] = await apiData<{ id: number; batch_id: number; first_name: string }[]>(page, '/api/batch_items?perPage=1');
    await page.goto(`/batches/${item!.batch_id}/batch_items`);
    const rows = page.getByTestId('phone-list').getByRole('listitem');
    await rows.first().or(page.getByRole('table')).waitFor({ timeout: 15_000 });
    expect(await sideways(page)).toEqual([]);
    expect(await page.getByRole('table').count()).toBe(0);
    const row = rows.filter({ hasText: item!.first_name }).first();
    expect(await row.locator('.MuiChip-root').count()).toBe(1);
    await row.click();
    await page.waitForURL((url) => /^\/batches\/\d+\/batch_items\/\d+$/.test(url.pathname));
  });
  it('detail pages list their related records as rows at 390 px (packages, customers, users, locations), without sideways scrolling', async () => {
    const page = await env.newPage({ ...PHONE });
    await signIn(page, 'superadmin@example.com');
    const [shipment] = await apiData<{ id: number }[]>(page, '/api/shipments?perPage=1');
    const [batch] = await apiData<{ id: number }[]>(page, '/api/batches?perPage=1');
    const [merchant] = await apiData<{ id: number }[]>(page, '/api/merchants?perPage=1');
    const [group] = await apiData<{ id: number }[]>(page, '/api/location_groups?perPage=1');
    for (const path of [`/shipments/${shipment!.id}`, `/batches/${batch!.id}`, `/merchants/${merchant!.id}`, `/location_groups/${group!.id}`]) {
      await page.goto(path);
      // The related rows, as a list (or, before, as a table that scrolled sideways in its card).
      await page.getByTestId('phone-list').getByRole('listitem').or(page.getByRole('table')).first().waitFor({ timeout: 15_000 });
      expect(await sideways(page), path).toEqual([]);
      expect(await page.getByTestId('phone-list').count(), path).toBeGreaterThan(0);
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
});
