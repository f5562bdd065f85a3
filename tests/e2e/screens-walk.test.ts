/**
 * Issue 10 (items 2, 3, 10, 11): the role screens as a person clicks them. Packages are set up through the
 * API (a merchant prints and requests pickup, a driver picks up); the person then scans and clicks.
 */
import { expect, it } from 'vitest';
import { PHONE, apiPost, describeE2e, en, signIn } from './helpers.js';
import { locationId, scan, shipmentAwaitingPickup } from './operations-steps.js';

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
});
