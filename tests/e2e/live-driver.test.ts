/**
 * The driver screen follows live changes (issue 15, docs/live-updates.md "Driver and store screens"), at phone width:
 * a package made ready for pickup elsewhere appears in "Your packages" within 2 s, one cancelled elsewhere leaves it
 * within 2 s (it left the driver's scope: announced as a departure), and what the driver is doing stays: the package
 * card shown, the barcode being typed, the list unfolded.
 */
import { expect, it } from 'vitest';
import { PHONE, apiPost, describeE2e, en, signIn } from './helpers.js';
import { locationId, scan, shipmentAwaitingPickup } from './operations-steps.js';

const LIVE_WITHIN_MS = 2_000;

describeE2e('live driver screen', (env) => {
  it('packages assigned or gone elsewhere appear and leave within 2 s, without losing what the driver is doing', async () => {
    const admin = await env.newPage();
    await signIn(admin, 'merchant.admin@example.com');
    const pudo = await locationId(admin, 'PD-NAS-01');
    const first = await shipmentAwaitingPickup(admin, pudo);
    const firstBarcode = first.packages[0]!.barcode;

    const driver = await env.newPage(PHONE);
    await signIn(driver, 'driver@example.com');
    await driver.waitForURL((url) => url.pathname === '/driver');
    await driver.locator('[data-testid=live-indicator][data-live=on]').waitFor();
    // The driver looks at the first package's card, unfolds their list and starts typing a barcode.
    await scan(driver, firstBarcode);
    const card = driver.getByTestId('package-card');
    await card.getByRole('heading', { name: firstBarcode }).waitFor();
    const list = driver.getByTestId('driver-packages');
    await list.locator('summary').click();
    const item = (barcode: string) => list.locator(`li[data-barcode="${barcode}"]`);
    await item(firstBarcode).waitFor();
    const field = driver.getByRole('textbox', { name: en.screens.scan_placeholder });
    await field.fill('PARTIAL');

    // Made ready for pickup elsewhere: it appears.
    const second = await shipmentAwaitingPickup(admin, pudo);
    const secondBarcode = second.packages[0]!.barcode;
    let started = Date.now();
    await item(secondBarcode).waitFor({ timeout: LIVE_WITHIN_MS });
    const appearedMs = Date.now() - started;

    // Cancelled elsewhere: it leaves the list.
    await apiPost(admin, `/api/packages/${second.packages[0]!.id}/cancel`);
    started = Date.now();
    await item(secondBarcode).waitFor({ state: 'detached', timeout: LIVE_WITHIN_MS });
    const leftMs = Date.now() - started;

    // What the driver was doing stays.
    expect(await field.inputValue()).toBe('PARTIAL');
    expect(await card.getByRole('heading', { name: firstBarcode }).isVisible()).toBe(true);
    expect(await item(firstBarcode).isVisible()).toBe(true);
    console.log(`live driver: a package ready for pickup listed after ${appearedMs} ms, a cancelled one gone after ${leftMs} ms`);
  });
});
