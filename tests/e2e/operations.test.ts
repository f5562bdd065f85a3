/**
 * Store and driver screens (issue 3) at phone width: a PUDO checks in a package by typing its barcode and
 * sees it ready to collect; a driver reroutes a package through the reroute dialog.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, apiData, describeE2e, en, signIn } from './helpers.js';
import { packagesWithStatus, scan } from './operations-steps.js';

const userLocationIds = async (page: Page) => (await apiData<{ location_ids?: number[] }>(page, '/api/user')).location_ids ?? [];

describeE2e('store and driver screens', (env) => {
  it('a PUDO checks in a package by typing its barcode and sees it ready', async () => {
    const page = await env.newPage(PHONE);
    await signIn(page, 'pudo@example.com');
    await page.waitForURL((url) => url.pathname === '/pudo');
    const [mine] = await userLocationIds(page);
    const pkg = (await packagesWithStatus(page, 50)).find((p) => p.dropoff_location_id === mine);
    expect(pkg, 'a demo package in transit to the PUDO').toBeTruthy();

    await scan(page, pkg!.barcode.toLowerCase());
    const card = page.getByTestId('package-card');
    await card.getByRole('heading', { name: pkg!.barcode }).waitFor();
    await card.getByRole('button', { name: en.screens.ops.actions.check_in }).click();
    await expect.poll(() => card.getByTestId('package-status').textContent()).toBe(en.statuses.packages[90]);
    await page.getByTestId('scan-notice').waitFor();
    // The hand-over to the customer is offered next.
    await card.getByRole('button', { name: en.screens.ops.actions.hand_over }).waitFor();
  });

  it('a driver reroutes a package through the dialog', async () => {
    const page = await env.newPage(PHONE);
    await signIn(page, 'driver@example.com');
    await page.waitForURL((url) => url.pathname === '/driver');
    const pkg = (await packagesWithStatus(page, 50)).find((p) => p.dropoff_location_id !== null);
    expect(pkg, 'a demo package the driver carries').toBeTruthy();

    await scan(page, pkg!.barcode);
    const card = page.getByTestId('package-card');
    await card.getByRole('button', { name: en.screens.ops.actions.reroute }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByText(en.screens.ops.reroute.closest).waitFor();
    const options = dialog.getByRole('radio');
    expect(await options.count()).toBeGreaterThan(0);
    // Every option shows its distance in km; the first is the closest.
    await expect.poll(() => dialog.getByText(/\d+(\.\d)? km/).count()).toBeGreaterThan(0);
    await options.first().check();
    const chosen = await dialog.locator('label').first().textContent();
    await dialog.getByRole('button', { name: en.screens.ops.reroute.confirm, exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('scan-notice').waitFor();

    const data = await apiData<{ dropoff_location_id: number; dropoff_location_name: string; is_rerouted: number }>(page, `/api/packages/${pkg!.id}`);
    expect(data.dropoff_location_id).not.toBe(pkg!.dropoff_location_id);
    expect(data.is_rerouted).toBe(1);
    expect(chosen ?? '').toContain(data.dropoff_location_name);
  });
});
