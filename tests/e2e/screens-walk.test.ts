/**
 * Issue 10 (items 2, 3, 11): the role screens and the package history as a person clicks them. Packages are set up through the
 * API (a merchant prints and requests pickup, a driver picks up); the person then scans and clicks.
 */
import { expect, it } from 'vitest';
import { PHONE, apiData, apiPost, clickMenu, describeE2e, en, es, languageButton, openRow, signIn, xsrfHeader } from './helpers.js';
import { createShipment, locationId, scan, shipmentAwaitingPickup } from './operations-steps.js';

describeE2e('role screens walk (issue 10)', (env) => {
  it('warehouse: a package arriving with a driver shows its card and is checked in; a quick check-in clears the last error', async () => {
    const admin = await env.newPage();
    await signIn(admin, 'merchant.admin@example.com');
    const pudo = await locationId(admin, 'PD-NAS-01');
    const [first, second] = [await shipmentAwaitingPickup(admin, pudo), await shipmentAwaitingPickup(admin, pudo)];
    const driver = await env.newPage(PHONE);
    await signIn(driver, 'driver@example.com');
    for (const s of [first, second]) await apiPost(driver, `/api/packages/${s.packages[0]!.id}/pickup`);

    const warehouse = await env.newPage(PHONE);
    await signIn(warehouse, 'warehouse@example.com');
    await scan(warehouse, first.packages[0]!.barcode);
    const card = warehouse.getByTestId('package-card');
    await card.getByRole('heading', { name: first.packages[0]!.barcode }).waitFor();
    expect(await warehouse.getByTestId('scan-problem').count()).toBe(0);
    await card.getByRole('button', { name: en.screens.ops.actions.check_in }).click();
    await warehouse.getByTestId('scan-notice').waitFor();
    expect(await card.getByTestId('package-status').textContent()).toBe(en.statuses.packages[60]);

    // An unknown barcode: the red error. Then a quick check-in: the green line, and the red error is gone.
    await scan(warehouse, 'NOSUCHPARCEL1');
    await warehouse.getByTestId('scan-problem').waitFor();
    await warehouse.getByLabel(en.screens.ops.quick_check_in.label).check();
    await scan(warehouse, second.packages[0]!.barcode);
    await warehouse.getByTestId('scan-log').getByText(`${second.packages[0]!.barcode} — ${en.statuses.packages[60]}`).waitFor();
    expect(await warehouse.getByTestId('scan-problem').count()).toBe(0);
  });

  it('driver and PUDO: a package that exists but is not theirs here says why and what to do; fetching an unknown barcode says the merchants were asked', async () => {
    const admin = await env.newPage();
    await signIn(admin, 'merchant.admin@example.com');
    const printed = await createShipment(admin, await locationId(admin, 'PD-NAS-01'));
    await apiPost(admin, `/api/shipments/${printed.id}/register`);
    const labels = await admin.request.post(`/api/shipments/${printed.id}/print`, { headers: await xsrfHeader(admin) });
    expect(labels.ok()).toBe(true);
    const otherPudo = await locationId(admin, 'PD-NAS-02');
    const elsewhere = await shipmentAwaitingPickup(admin, otherPudo);
    const [other] = await apiData<{ name: string }[]>(admin, `/api/locations?scope=dropoff&search=PD-NAS-02&light=1`);

    const driver = await env.newPage(PHONE);
    await signIn(driver, 'driver@example.com');
    await scan(driver, printed.packages[0]!.barcode);
    const problem = driver.getByTestId('scan-problem');
    await problem.getByText(en.errors.package.not_ready_for_pickup).waitFor();
    await problem.getByText(en.screens.ops.hints.not_ready).waitFor();
    expect(await problem.getByRole('button', { name: en.screens.ops.fetch.offer }).count()).toBe(0);

    // An unknown barcode: fetching is offered once; the answer says the merchants were asked.
    await scan(driver, 'ZZ0000000001');
    await problem.getByText(en.errors.package.not_found_by_barcode).waitFor();
    await problem.getByRole('button', { name: en.screens.ops.fetch.offer }).click();
    await problem.getByText(en.errors.package.unknown_to_merchants.replace('%{barcode}', 'ZZ0000000001')).waitFor();
    expect(await problem.getByRole('button', { name: en.screens.ops.fetch.offer }).count()).toBe(0);

    // The PUDO scans a package meant for another PUDO: it is told where the package goes, and to put it aside
    // (the Spanish sentence is checked by the API suite: the language is saved on the shared demo account).
    const pudo = await env.newPage(PHONE);
    await signIn(pudo, 'pudo@example.com');
    await scan(pudo, elsewhere.packages[0]!.barcode);
    const refused = pudo.getByTestId('scan-problem');
    await refused.getByText(en.errors.package.goes_elsewhere.replace('%{location}', other!.name)).waitFor();
    await refused.getByText(en.screens.ops.hints.wrong_location).waitFor();

    // A package addressed to this PUDO but still with the merchant: its card says why there is no step yet.
    await scan(pudo, printed.packages[0]!.barcode);
    const reason = pudo.getByTestId('no-action-reason');
    await reason.getByText(en.errors.package.not_ready_for_pickup, { exact: false }).waitFor();
    await reason.getByText(en.screens.ops.hints.not_ready, { exact: false }).waitFor();
  });

  it('package history names every event in words, in English and in Spanish (no raw "notify: …")', async () => {
    const admin = await env.newPage();
    await signIn(admin, 'merchant.admin@example.com');
    const shipment = await shipmentAwaitingPickup(admin, await locationId(admin, 'PD-NAS-01'));
    const driver = await env.newPage(PHONE);
    await signIn(driver, 'driver@example.com');
    await apiPost(driver, `/api/packages/${shipment.packages[0]!.id}/pickup`);
    await clickMenu(admin, en.menu.shipments);
    await openRow(admin, shipment.reference_id);
    await admin.getByRole('row').filter({ hasText: shipment.packages[0]!.barcode }).click();
    await admin.waitForURL((url) => url.pathname.includes('/packages/'));
    await admin.getByRole('button', { name: en.operations.actions.notify }).click();
    await admin.getByRole('dialog').getByRole('button', { name: en.operations.confirm }).click();
    const history = admin.getByRole('list', { name: en.resources.shipments.fields.timeline });
    await history.getByText(en.event_kinds.notify, { exact: false }).waitFor();
    expect(await history.textContent()).not.toMatch(/\bnotify\b|request-pickup|extend-expiry/);

    // The same page in Spanish (the choice is saved on the account: back to English afterwards).
    await languageButton(admin, 'es').click();
    const historia = admin.getByRole('list', { name: es.resources.shipments.fields.timeline });
    await historia.getByText(es.event_kinds.notify, { exact: false }).waitFor();
    expect(await historia.textContent()).not.toMatch(/\bnotify\b|request-pickup/);
    await languageButton(admin, 'en', es).click();
    await history.getByText(en.event_kinds.notify, { exact: false }).waitFor();
  });
});
