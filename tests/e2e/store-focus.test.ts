/**
 * The store and driver screens after a card's action (check-in, hand-over with its photo, check-out to a driver in
 * a dialog; the driver's pickup and "locker full?" dialog): the pressed button is gone or was disabled while the step
 * ran, and the focus used to fall to the page (document.body), where a keyboard user had lost their place. It goes
 * back to the scan field, ready for the next code. Pressed from the keyboard, as a person without a mouse (or a
 * scanner's Enter) does. The lockers screen (no scan field: the focus goes to its list's heading) is checked in
 * operations-walk.test.ts, whose lockers test already spends the demo's expired packages.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { join } from 'node:path';
import { PHONE, apiData, apiPost, describeE2e, en, seriousViolations, signIn } from './helpers.js';
import { locationId, scan, shipmentAwaitingPickup } from './operations-steps.js';

const ROOT = join(import.meta.dirname, '../..');

/** What has the keyboard focus: the scan field's test id, or the tag of whatever else (BODY when nothing). */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null);

/** Presses a button from the keyboard (focus, Enter). */
async function pressFromKeyboard(page: Page, button: ReturnType<Page['getByRole']>): Promise<void> {
  await button.focus();
  await page.keyboard.press('Enter');
}

describeE2e('store and driver screens: the focus after a card action', (env) => {
  it('warehouse: after check-in and after the hand-over dialog the focus is back on the scan field', async () => {
    const admin = await env.newPage();
    await signIn(admin, 'merchant.admin@example.com');
    const warehouse = await env.newPage(PHONE);
    await signIn(warehouse, 'warehouse@example.com');
    const driver = await env.newPage(PHONE);
    await signIn(driver, 'driver@example.com');
    const me = await apiData<{ first_name: string; last_name: string }>(driver, '/api/user');
    const parcel = (await shipmentAwaitingPickup(admin, await locationId(admin, 'PD-NAS-01'))).packages[0]!;
    await apiPost(driver, `/api/packages/${parcel.id}/pickup`);

    await scan(warehouse, parcel.barcode);
    const card = warehouse.getByTestId('package-card');
    await card.getByRole('heading', { name: parcel.barcode }).waitFor();
    await pressFromKeyboard(warehouse, card.getByRole('button', { name: en.screens.ops.actions.check_in }));
    await warehouse.getByTestId('scan-notice').waitFor();
    await expect.poll(() => focused(warehouse), { timeout: 10_000 }).toBe('scan-input');

    // Check-out to a driver through the dialog: closed, it gives the focus back to the scan field, not to the page.
    await pressFromKeyboard(warehouse, card.getByRole('button', { name: en.screens.ops.actions.check_out }));
    const dialog = warehouse.getByRole('dialog');
    await dialog.getByRole('radio', { name: `${me.first_name} ${me.last_name}` }).check();
    await pressFromKeyboard(warehouse, dialog.getByRole('button', { name: en.screens.ops.actions.check_out }));
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => focused(warehouse), { timeout: 10_000 }).toBe('scan-input');
    expect(await seriousViolations(warehouse)).toEqual([]);
  });

  it('PUDO: after check-in and after the hand-over with the ID photo the focus is back on the scan field', async () => {
    const admin = await env.newPage();
    await signIn(admin, 'merchant.admin@example.com');
    const pudo = await env.newPage(PHONE);
    await signIn(pudo, 'pudo@example.com');
    await pudo.waitForURL((url) => url.pathname === '/pudo');
    const [mine] = (await apiData<{ location_ids?: number[] }>(pudo, '/api/user')).location_ids ?? [];
    const parcel = (await shipmentAwaitingPickup(admin, mine!)).packages[0]!;
    const driver = await env.newPage(PHONE);
    await signIn(driver, 'driver@example.com');
    await apiPost(driver, `/api/packages/${parcel.id}/pickup`);

    await scan(pudo, parcel.barcode);
    const card = pudo.getByTestId('package-card');
    await card.getByRole('heading', { name: parcel.barcode }).waitFor();
    await pressFromKeyboard(pudo, card.getByRole('button', { name: en.screens.ops.actions.check_in }));
    await pudo.getByTestId('scan-notice').waitFor();
    await expect.poll(() => focused(pudo), { timeout: 10_000 }).toBe('scan-input');

    await pressFromKeyboard(pudo, card.getByRole('button', { name: en.screens.ops.actions.hand_over }));
    const dialog = pudo.getByRole('dialog', { name: en.screens.ops.identification.title });
    await dialog.getByTestId('identification-file').setInputFiles(join(ROOT, 'admin/public/icons/icon-512.png'));
    await pressFromKeyboard(pudo, dialog.getByRole('button', { name: en.screens.ops.identification.submit }));
    await dialog.waitFor({ state: 'hidden' });
    await pudo.getByTestId('scan-notice').getByText(en.screens.ops.done.handed_over.replace('%{barcode}', parcel.barcode), { exact: false }).waitFor();
    await expect.poll(() => focused(pudo), { timeout: 10_000 }).toBe('scan-input');
    expect(await seriousViolations(pudo)).toEqual([]);
  });

  it('driver: after the pickup and after the "locker full?" dialog the focus is back on the scan field', async () => {
    const admin = await env.newPage();
    await signIn(admin, 'merchant.admin@example.com');
    const driver = await env.newPage(PHONE);
    await signIn(driver, 'driver@example.com');
    await driver.waitForURL((url) => url.pathname === '/driver');
    // To a locker: its card then offers "locker full?", whose dialog sends the package to temporary storage.
    const [locker] = await apiData<{ id: number }[]>(admin, '/api/locations?scope=dropoff&light=1&perPage=100&filters[class][0]=locker');
    expect(locker, 'a demo locker').toBeTruthy();
    const parcel = (await shipmentAwaitingPickup(admin, locker!.id)).packages[0]!;

    await scan(driver, parcel.barcode);
    const card = driver.getByTestId('package-card');
    await card.getByRole('heading', { name: parcel.barcode }).waitFor();
    await pressFromKeyboard(driver, card.getByRole('button', { name: en.screens.ops.actions.pickup }));
    await driver.getByTestId('scan-notice').waitFor();
    await expect.poll(() => focused(driver), { timeout: 10_000 }).toBe('scan-input');

    await pressFromKeyboard(driver, card.getByRole('button', { name: en.locker_ops.report_full }));
    const dialog = driver.getByRole('dialog', { name: en.locker_ops.report_title });
    await pressFromKeyboard(driver, dialog.getByRole('button', { name: en.locker_full_reasons.no_free_door }));
    await dialog.waitFor({ state: 'hidden' });
    await driver.getByTestId('scan-notice').getByText(en.locker_ops.report_done.split('%{')[0]!, { exact: false }).waitFor();
    await expect.poll(() => focused(driver), { timeout: 10_000 }).toBe('scan-input');
    expect(await seriousViolations(driver)).toEqual([]);
  });
});
