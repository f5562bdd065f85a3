/**
 * Driver screen (issue 3) at phone width: consolidating a package into another (distinct vibration, the
 * container marked, the links on both package pages), and fetching an unknown barcode from the merchant's
 * system (the local fetch provider's fixtures); offline, the error of one scan does not stay beside the next; a
 * lapsed session with scans queued leads to the sign-in page, and the scans go once signed in again.
 */
import { outcomeCounts, translate } from '../../core/i18n/index.js';
import { expect, it } from 'vitest';
import { FETCH_FIXTURES } from '../../api/providers/fetch/index.js';
import { CONSOLIDATION_VIBRATION, ERROR_VIBRATION } from '../../admin/src/screens/shared/feedback.js';
import { PHONE, apiData, apiPost, describeE2e, en, signIn } from './helpers.js';
import { locationId, recordVibrations, scan, shipmentAwaitingPickup, vibrations } from './operations-steps.js';

const text = (phrase: string, params: Record<string, string>) => phrase.replace(/%\{(\w+)\}/g, (_m, name: string) => params[name] ?? '');

describeE2e('driver screen', (env) => {
  it('consolidates a package into another, with the consolidation vibration, and the package pages link them', async () => {
    // Two shipments of the merchant for the same PUDO, waiting for the driver.
    const admin = await env.newPage();
    await signIn(admin, 'merchant.admin@example.com');
    const pudo = await locationId(admin, 'PD-NAS-01');
    const outer = await shipmentAwaitingPickup(admin, pudo);
    const inner = await shipmentAwaitingPickup(admin, pudo);
    const container = outer.packages[0]!;
    const parcel = inner.packages[0]!;

    const driver = await env.newPage(PHONE);
    await recordVibrations(driver);
    await signIn(driver, 'driver@example.com');
    await driver.waitForURL((url) => url.pathname === '/driver');

    // Scan the container, then choose it as the container from its card.
    await scan(driver, container.barcode);
    const card = driver.getByTestId('package-card');
    await card.getByRole('heading', { name: container.barcode }).waitFor();
    await card.getByRole('button', { name: en.screens.ops.actions.use_as_container }).click();
    await driver.getByText(text(en.screens.ops.consolidate.container, { barcode: container.barcode })).waitFor();

    // The package scanned next goes into it: a success line and the consolidation pattern (not the error one).
    await scan(driver, parcel.barcode);
    const log = driver.getByTestId('scan-log').getByRole('listitem');
    await log.filter({ hasText: `${parcel.barcode} — ${text(en.screens.ops.consolidate.added, { container: container.barcode })}` }).waitFor();
    expect(await vibrations(driver)).toEqual([CONSOLIDATION_VIBRATION]);

    // Scanning it again is refused (already consolidated), with the error vibration.
    await scan(driver, parcel.barcode);
    await log.filter({ hasText: en.errors.package.already_consolidated }).waitFor();
    expect(await vibrations(driver)).toEqual([CONSOLIDATION_VIBRATION, ERROR_VIBRATION]);
    await driver.getByText(translate('en', 'screens.ops.log.summary', outcomeCounts((k, p) => translate('en', k, p), 1, 1))).waitFor();

    // Back in scan mode, the container's card says it is one.
    await driver.getByRole('button', { name: en.screens.ops.modes.scan, exact: true }).click();
    await scan(driver, container.barcode);
    await card.getByRole('heading', { name: container.barcode }).waitFor();
    await card.getByText(en.screens.ops.package.container, { exact: true }).waitFor();

    // The container's page lists the package inside; its link opens that package under its own shipment...
    await admin.goto(`/shipments/${outer.id}/packages/${container.id}`);
    const links = admin.getByTestId('consolidation-links');
    const insideList = links.getByRole('list', { name: en.operations.package.consolidations });
    await insideList.getByRole('link', { name: parcel.barcode }).click();
    await admin.waitForURL((url) => url.pathname === `/shipments/${inner.id}/packages/${parcel.id}`);
    // ...whose page links back to the container.
    await links.getByText(en.operations.package.consolidated_to, { exact: true }).waitFor();
    await links.getByRole('link', { name: container.barcode }).click();
    await admin.waitForURL((url) => url.pathname === `/shipments/${outer.id}/packages/${container.id}`);

    const stored = await apiData<{ is_consolidated: number; consolidated_to_id: number }>(admin, `/api/packages/${parcel.id}`);
    expect(stored).toMatchObject({ is_consolidated: 1, consolidated_to_id: container.id });
  });

  it('fetches an unknown barcode from the merchant and shows the new package', async () => {
    const [barcode, fetched] = Object.entries(FETCH_FIXTURES).find(([, f]) => f.size !== 'OVERSIZED' && f.dropoff_location_code.startsWith('PD-'))!;
    const driver = await env.newPage(PHONE);
    await signIn(driver, 'driver@example.com');
    await driver.waitForURL((url) => url.pathname === '/driver');

    // No package has this barcode yet: the problem is explained and fetching is offered.
    await scan(driver, barcode.toLowerCase());
    const problem = driver.getByTestId('scan-problem');
    await problem.getByText(en.errors.package.not_found_by_barcode).waitFor();
    await problem.getByRole('button', { name: en.screens.ops.fetch.offer }).click();

    // Created and shown: the card with the merchant's data, waiting for this driver's pickup.
    await driver.getByTestId('scan-notice').getByText(text(en.screens.ops.fetch.done, { barcode })).waitFor();
    await problem.waitFor({ state: 'hidden' });
    const card = driver.getByTestId('package-card');
    await card.getByRole('heading', { name: barcode }).waitFor();
    expect(await card.getByTestId('package-status').textContent()).toBe(en.statuses.packages[30]);
    await card.getByText(`${fetched.first_name} ${fetched.last_name}`).waitFor();
    await card.getByRole('button', { name: en.screens.ops.actions.pickup }).waitFor();

    // The shipment exists with the merchant's reference, and the package is its only one.
    const pkg = await apiData<{ id: number; barcode: string; status: number }>(driver, `/api/packages/lookup?barcode=${barcode}`);
    expect(pkg).toMatchObject({ barcode, status: 30 });
    const shown = await apiData<{ shipment: { reference_id: string; external_reference_id: string } }>(driver, `/api/packages/${pkg.id}`);
    expect(shown.shipment.external_reference_id).toBe(fetched.external_reference_id);
    await card.getByText(shown.shipment.reference_id).waitFor();
  });

  it('offline, a scan that needs a connection says so, and the error goes with the next scan or another mode', async () => {
    const admin = await env.newPage();
    await signIn(admin, 'merchant.admin@example.com');
    const pudo = await locationId(admin, 'PD-NAS-01');
    const [carried, waiting, other] = await Promise.all([0, 1, 2].map(() => shipmentAwaitingPickup(admin, pudo)));
    const driver = await env.newPage(PHONE);
    await signIn(driver, 'driver@example.com');
    await driver.waitForURL((url) => url.pathname === '/driver');
    await apiPost(driver, `/api/packages/${carried!.packages[0]!.id}/pickup`);
    await driver.reload(); // the device's list now knows the one carried (a deposit next) and the two waiting
    const known = driver.getByTestId('driver-packages');
    await known.locator('summary').click();
    for (const shipment of [carried!, waiting!, other!]) await known.locator(`[data-barcode="${shipment.packages[0]!.barcode}"]`).waitFor();
    await driver.context().setOffline(true);
    const problem = driver.getByTestId('scan-problem');

    // A deposit cannot be queued: it needs a connection.
    await scan(driver, carried!.packages[0]!.barcode);
    await problem.getByText(en.screens.ops.offline.needs_connection).waitFor();
    // The next scan, a pickup, is queued: its line says so, and the last scan's error is gone.
    await scan(driver, waiting!.packages[0]!.barcode);
    await driver.getByTestId('scan-log').getByRole('listitem').filter({ hasText: waiting!.packages[0]!.barcode }).waitFor();
    await problem.waitFor({ state: 'hidden' });

    // The error goes with a change of mode too (consolidating needs a connection; back to scanning).
    await driver.getByRole('button', { name: en.screens.ops.modes.consolidate }).click();
    await scan(driver, other!.packages[0]!.barcode);
    await problem.getByText(en.screens.ops.offline.needs_connection).waitFor();
    await driver.getByRole('button', { name: en.screens.ops.modes.scan, exact: true }).click();
    await problem.waitFor({ state: 'hidden' });
    await driver.context().setOffline(false);
  });

  it('scans queued when the session has lapsed: the driver is sent to sign in, and the scans go once signed in again', async () => {
    const driver = await env.newPage(PHONE);
    await signIn(driver, 'driver@example.com');
    await driver.waitForURL((url) => url.pathname === '/driver');
    await driver.getByTestId('connection-status').getByText(en.screens.ops.offline.all_sent).waitFor();
    await driver.getByRole('button', { name: en.screens.ops.modes.quick_pickup }).click();
    await driver.context().setOffline(true);
    await scan(driver, 'LAPSED000001');
    await driver.getByTestId('scan-log').getByRole('listitem').filter({ hasText: 'LAPSED000001' }).waitFor();

    // The session ends meanwhile (signed out elsewhere, expired): back online, the send is refused 401.
    await driver.context().clearCookies();
    await driver.context().setOffline(false);
    // Not "Online, 1 scan waiting" for ever: the driver is asked to sign in, as any lapsed session does.
    await driver.waitForURL((url) => url.pathname === '/signin');
    await signIn(driver, 'driver@example.com');
    await driver.waitForURL((url) => url.pathname === '/driver');
    const line = driver.getByTestId('scan-log').getByRole('listitem').filter({ hasText: 'LAPSED000001' });
    await line.getByText(en.errors.package.not_found_by_barcode, { exact: false }).waitFor();
    await driver.getByTestId('connection-status').getByText(en.screens.ops.offline.all_sent).waitFor();
  });
});
