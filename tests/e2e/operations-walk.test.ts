/**
 * Parcel-operation screens as their users meet them (issue 3 walk-through): the shipment page of a printed
 * shipment, the driver's expiry tool, the warehouse hand-over to a driver, the lockers list on a phone and a
 * locker's terminal on its location page.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, apiData, apiPost, clickMenu, describeE2e, en, signIn } from './helpers.js';
import { createShipment, horizontalOverflow, locationId, packagesWithStatus, plural, scan, shipmentAwaitingPickup } from './operations-steps.js';

/** The text of the package card's first detail (the shipment reference). */
const shipmentRow = (page: Page) => page.getByTestId('package-card').locator('dd').first().textContent();

describeE2e('parcel operations walk-through', (env) => {
  it('a printed shipment: the page does not scroll sideways, no add-package, and its edit form says why it is locked', async () => {
    const admin = await env.newPage();
    await signIn(admin, 'merchant.admin@example.com');
    const pudo = await locationId(admin, 'PD-NAS-01');
    const draft = await createShipment(admin, pudo);
    await admin.goto(`/shipments/${draft.id}`);
    const addPackage = admin.getByRole('link', { name: en.resources.shipments.actions.add_package });
    await addPackage.waitFor();

    const printed = await shipmentAwaitingPickup(admin, pudo);
    await admin.goto(`/shipments/${printed.id}`);
    await admin.getByTestId('shipment-timeline').locator('[aria-current="step"]').waitFor();
    expect(await horizontalOverflow(admin)).toBe(0);
    expect(await addPackage.count()).toBe(0);

    await admin.goto(`/shipments/${printed.id}/edit`);
    expect(await admin.getByTestId('edit-locked').textContent()).toBe(en.resources.shipments.hints.locked);
    await admin.getByLabel(en.resources.shipments.fields.first_name).fill('Changed');
    expect(await admin.getByRole('button', { name: en.ra.action.save }).isDisabled()).toBe(true);
  });

  it('the driver extends an expired locker package: the card keeps its details and offers nothing more', async () => {
    const driver = await env.newPage(PHONE);
    await signIn(driver, 'driver@example.com');
    const [expired] = await packagesWithStatus(driver, -40);
    expect(expired, 'a demo package expired in a locker').toBeTruthy();
    await scan(driver, expired!.barcode);
    const card = driver.getByTestId('package-card');
    await card.getByRole('heading', { name: expired!.barcode }).waitFor();
    const reference = await shipmentRow(driver);
    expect(reference).not.toBe('—');

    await card.getByRole('button', { name: en.screens.ops.actions.extend_expiry }).click();
    await driver.getByTestId('scan-notice').waitFor();
    // No step left here: the card says why (waiting for its customer where it is).
    await card.getByTestId('no-action-reason').getByText(en.errors.package.already_at_location.split('%{location}')[0]!, { exact: false }).waitFor();
    expect(await card.getByTestId('package-status').textContent()).toBe(en.statuses.packages[90]);
    expect(await shipmentRow(driver)).toBe(reference);
    expect(await card.getByRole('button').count()).toBe(0);
  });

  it('the warehouse hands a package to the driver chosen in the dialog, and the driver finds it', async () => {
    const admin = await env.newPage();
    await signIn(admin, 'merchant.admin@example.com');
    const shipment = await shipmentAwaitingPickup(admin, await locationId(admin, 'PD-NAS-01'));
    const parcel = shipment.packages[0]!;
    const driver = await env.newPage(PHONE);
    await signIn(driver, 'driver@example.com');
    await apiPost(driver, `/api/packages/${parcel.id}/pickup`);
    const me = await apiData<{ id: number; first_name: string; last_name: string }>(driver, '/api/user');

    const warehouse = await env.newPage(PHONE);
    await signIn(warehouse, 'warehouse@example.com');
    await apiPost(warehouse, `/api/packages/${parcel.id}/check-in`);
    await scan(warehouse, parcel.barcode);
    const card = warehouse.getByTestId('package-card');
    await card.getByRole('button', { name: en.screens.ops.actions.check_out }).click();
    const dialog = warehouse.getByRole('dialog');
    const name = `${me.first_name} ${me.last_name}`;
    await dialog.getByRole('radio', { name }).check();
    await dialog.getByRole('button', { name: en.screens.ops.actions.check_out }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await warehouse.getByTestId('scan-notice').textContent()).toBe(
      en.screens.ops.done.checked_out_to.replace('%{barcode}', parcel.barcode).replace('%{driver}', name).replace('%{status}', en.statuses.packages[50]),
    );
    // The card keeps the shipment although the warehouse may no longer open the package.
    expect(await shipmentRow(warehouse)).toBe(shipment.reference_id);

    const found = await driver.request.get(`/api/packages/lookup?barcode=${parcel.barcode}`);
    expect(found.status()).toBe(200);
    expect((await found.json()).data).toMatchObject({ status: 50, driver_id: me.id });
  });

  it('lockers at phone width: each button clear of its text; one row, then "make all retrievable" (asking first with the count), each leaving the focus on the list; another locker drops the last message', async () => {
    const driver = await env.newPage(PHONE);
    await signIn(driver, 'driver@example.com');
    const expired = (await packagesWithStatus(driver, -40)).find((p) => p.location_id !== null);
    expect(expired, 'another demo package expired in a locker').toBeTruthy();
    const lockers = await apiData<{ id: number; name: string }[]>(driver, '/api/locations?perPage=100&filters[class][0]=locker');
    const locker = lockers.find((l) => l.id === expired!.location_id)!;
    const another = lockers.find((l) => l.id !== locker.id)!;
    await driver.getByRole('button', { name: en.ra.action.open_menu }).click();
    await clickMenu(driver, en.menu.lockers);
    await driver.getByLabel(en.screens.ops.lockers.select).click();
    await driver.getByRole('option', { name: locker.name }).click();
    const rows = driver.getByTestId('locker-packages').getByRole('listitem');
    await rows.first().getByRole('button').waitFor();
    // A driver reads only its expiry work in a locker: no "show only expired" switch that would change nothing.
    expect(await driver.getByLabel(en.screens.ops.lockers.expired_only).count()).toBe(0);
    const count = await rows.count();
    for (let i = 0; i < count; i++) {
      const text = (await rows.nth(i).locator('.MuiListItemText-root').boundingBox())!;
      const button = (await rows.nth(i).getByRole('button').boundingBox())!;
      const apart = button.x >= text.x + text.width || button.y >= text.y + text.height;
      expect(apart, `row ${i}: button over the text`).toBe(true);
    }
    expect(await horizontalOverflow(driver)).toBe(0);

    // One row's button, pressed from the keyboard: the button goes (the package is now being made retrievable), and
    // the focus goes to the list's heading, not to the page where a keyboard user had lost their place.
    expect(count, 'the demo locker holds several expired packages').toBeGreaterThan(1);
    await rows.last().getByRole('button').focus();
    await driver.keyboard.press('Enter');
    await driver.getByTestId('scan-notice').getByText(plural(en.screens.ops.lockers.expired_done, 1)).waitFor();
    const heading = driver.getByRole('heading', { name: plural(en.screens.ops.lockers.count, count) });
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement), { timeout: 10_000 }).toBe(true);
    const rest = count - 1;
    // Another locker and back: that row's notice goes, as on a new visit.
    await driver.getByRole('combobox', { name: en.screens.ops.lockers.select }).click();
    await driver.getByRole('option', { name: another.name }).click();
    await driver.getByTestId('scan-notice').waitFor({ state: 'detached' });
    await driver.getByRole('combobox', { name: en.screens.ops.lockers.select }).click();
    await driver.getByRole('option', { name: locker.name }).click();
    await driver.waitForFunction(() => !document.querySelector('[role="option"]'));
    await rows.first().getByRole('button').waitFor();

    // The button says what it does, and asks first, with how many packages become retrievable.
    await driver.getByRole('button', { name: plural(en.screens.ops.lockers.expire_all, rest) }).click();
    const dialog = driver.getByRole('dialog');
    await dialog.getByText(plural(en.screens.ops.lockers.confirm_expire_all, rest)).waitFor();
    await dialog.getByRole('button', { name: en.operations.dismiss }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await driver.getByTestId('scan-notice').count()).toBe(0);
    await driver.getByRole('button', { name: plural(en.screens.ops.lockers.expire_all, rest) }).click();
    await dialog.getByRole('button', { name: en.operations.confirm }).click();
    expect(await driver.getByTestId('scan-notice').textContent()).toBe(plural(en.screens.ops.lockers.expired_done, rest));
    // The confirming dialog is gone and so is the button that opened it (nothing left to make retrievable): the focus
    // is on the list's heading.
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement), { timeout: 10_000 }).toBe(true);

    // Another locker: the message about the last one goes.
    await driver.getByLabel(en.screens.ops.lockers.select).click();
    await driver.getByRole('option', { name: another.name }).click();
    await driver.getByTestId('scan-notice').waitFor({ state: 'detached' });
  });

  it('lockers for support: "show only expired" lists only expired packages, and off lists the others too', async () => {
    const support = await env.newPage();
    await signIn(support, 'support@example.com');
    const lockers = await apiData<{ id: number; name: string }[]>(support, '/api/locations?perPage=100&filters[class][0]=locker');
    let chosen: { id: number; name: string } | undefined;
    for (const l of lockers) {
      const inside = await apiData<{ status: number }[]>(support, `/api/packages?perPage=100&filters[location_id][0]=${l.id}`);
      if (inside.some((p) => p.status !== -40)) chosen = l;
      if (chosen) break;
    }
    expect(chosen, 'a locker holding a package that is not expired').toBeTruthy();
    await clickMenu(support, en.menu.lockers);
    await support.getByLabel(en.screens.ops.lockers.select).click();
    await support.getByRole('option', { name: chosen!.name }).click();
    const statuses = support.getByTestId('locker-packages').getByRole('listitem').locator('.MuiListItemText-secondary');
    // "Expired · #31 · …" is expired; "Expired, retrievable · …" is not.
    const notExpired = statuses.filter({ hasNotText: new RegExp(`^${en.statuses.packages[-40]} ·`) });
    await support.getByRole('region', { name: en.screens.ops.lockers.packages }).waitFor();
    expect(await notExpired.count()).toBe(0);
    await support.getByLabel(en.screens.ops.lockers.expired_only).uncheck();
    await notExpired.first().waitFor();
  });

  it('a locker terminal reads as layout and compartments, and the superadmin page does not scroll sideways', async () => {
    const admin = await env.newPage();
    await signIn(admin, 'superadmin@example.com');
    const code = `LK-E2E-${Date.now() % 100000}`;
    const locker = await apiPost<{ id: number }>(admin, '/api/locations', {
      name: `E2E locker ${code}`, code, type: 'dropoff', class: 'locker', locker_service: 'smartbox-v4',
      address_street: 'Bay Street', address_locality: 'Nassau', address_country: 'BS', latitude: 25.07, longitude: -77.34,
    });
    await apiPost(admin, `/api/locations/${locker.id}/create-terminal`, { terminalLayout: 'L48' });
    await admin.goto(`/locations/${locker.id}/show`);
    const summary = en.operations.terminal.option.split(' |||| ')[1]!.replace('%{layout}', 'L48').replace('%{smart_count}', '48');
    await admin.getByText(new RegExp(`^${summary.replace(/[()]/g, '\\$&')} · ${en.sizes.SMALL} \\d+`)).waitFor();
    await admin.getByTestId('debug-panel').getByRole('button').first().click();
    await admin.getByText(en.operations.debug.record).waitFor();
    expect(await horizontalOverflow(admin)).toBe(0);
  });
});
