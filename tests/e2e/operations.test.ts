/**
 * Store and driver screens (issue 3) at phone width: a PUDO checks in a package by typing its barcode and
 * sees it ready to collect; a driver reroutes a package through the reroute dialog, and is offered "Locker full?"
 * only for a package on its way to a locker.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, apiData, describeE2e, en, signIn } from './helpers.js';
import { packagesWithStatus, scan, shipmentAwaitingPickup } from './operations-steps.js';

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
  it('a driver is offered "Locker full?" for a package on its way to a locker, not for one to a PUDO point', async () => {
    const admin = await env.newPage();
    await signIn(admin, 'merchant.admin@example.com');
    const dropoffs = (klass: string) => apiData<{ id: number }[]>(admin, `/api/locations?scope=dropoff&light=1&perPage=100&filters[class][0]=${klass}`);
    const [[locker], [pudo]] = await Promise.all([dropoffs('locker'), dropoffs('pudo')]);
    expect(locker && pudo, 'a demo locker and PUDO point').toBeTruthy();
    const [toLocker, toPudo] = [(await shipmentAwaitingPickup(admin, locker!.id)).packages[0]!, (await shipmentAwaitingPickup(admin, pudo!.id)).packages[0]!];

    const page = await env.newPage(PHONE);
    await signIn(page, 'driver@example.com');
    await page.waitForURL((url) => url.pathname === '/driver');
    const card = page.getByTestId('package-card');
    for (const parcel of [toPudo, toLocker]) {
      await scan(page, parcel.barcode);
      await card.getByRole('heading', { name: parcel.barcode }).waitFor();
      await card.getByRole('button', { name: en.screens.ops.actions.pickup }).click();
      await expect.poll(() => card.getByTestId('package-status').textContent()).toBe(en.statuses.packages[50]);
      const offered = await card.getByRole('button', { name: en.locker_ops.report_full }).count();
      expect(offered, parcel === toLocker ? 'to a locker' : 'to a PUDO point').toBe(parcel === toLocker ? 1 : 0);
    }
    await page.screenshot({ path: '/tmp/lockerline-e2e-driver-locker-full-390-en.png', fullPage: true });
  });
});
