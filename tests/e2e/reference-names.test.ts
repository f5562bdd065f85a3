/**
 * Issue 10, item 4: names of referenced records are readable wherever the record is. A merchant user sees
 * the drop-off location of its shipments (list and page) although it may not list locations; customer
 * support sees whose parcel it is (the merchant column and field) although it may not list merchants.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiData, clickMenu, describeE2e, en, openRow, signIn } from './helpers.js';

interface ShipmentRow {
  reference_id: string;
  dropoff_location_name: string | null;
  merchant_name: string | null;
}

/** The text of the list row showing `rowText` (an empty reference cell would leave the name out). */
const rowOf = (page: Page, rowText: string) => page.getByRole('row').filter({ hasText: rowText }).first();

describeE2e('reference names (issue 10, item 4)', (env) => {
  it('a merchant user sees the drop-off location in the shipments list and on the shipment page', async () => {
    const page = await env.newPage();
    await signIn(page, 'merchant.user@example.com');
    const [shipment] = await apiData<ShipmentRow[]>(page, '/api/shipments?perPage=1&sort=-updated_at');
    expect(shipment?.dropoff_location_name, 'the API names the drop-off').toBeTruthy();
    await clickMenu(page, en.menu.shipments);
    await rowOf(page, shipment!.reference_id).getByText(shipment!.dropoff_location_name!, { exact: true }).waitFor();
    await openRow(page, shipment!.reference_id);
    await page.getByText(en.resources.shipments.fields.dropoff_location_id, { exact: true }).first().waitFor();
    await page.getByText(shipment!.dropoff_location_name!, { exact: true }).first().waitFor();
  });

  it('customer support sees the merchant in the shipments list and on the shipment page', async () => {
    const page = await env.newPage();
    await signIn(page, 'support@example.com');
    const [shipment] = await apiData<ShipmentRow[]>(page, '/api/shipments?perPage=1&sort=-updated_at');
    expect(shipment?.merchant_name, 'the API names the merchant').toBeTruthy();
    await clickMenu(page, en.menu.shipments);
    await rowOf(page, shipment!.reference_id).getByText(shipment!.merchant_name!, { exact: true }).waitFor();
    await openRow(page, shipment!.reference_id);
    await page.getByText(en.resources.shipments.fields.merchant_id, { exact: true }).first().waitFor();
    await page.getByText(shipment!.merchant_name!, { exact: true }).first().waitFor();
  });
});
