/**
 * Back-office lists on a 390 px phone: a simple list (react-admin SimpleList) instead of a clipped table, and a
 * tapped row opens the record, as a click on a table row does at desktop width.
 */
import { expect, it } from 'vitest';
import { PHONE, clickMenu, describeE2e, en, signIn } from './helpers.js';

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
});
