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

/** Signed in as `email`: the newest shipment's `name` (an attached reference name) in its list row and on its page. */
async function seesName(page: Page, email: string, name: 'dropoff_location_name' | 'merchant_name', label: string): Promise<void> {
  await signIn(page, email);
  const [shipment] = await apiData<ShipmentRow[]>(page, '/api/shipments?perPage=1&sort=-updated_at');
  const shown = shipment?.[name];
  expect(shown, `the API names it (${name})`).toBeTruthy();
  await clickMenu(page, en.menu.shipments);
  await rowOf(page, shipment!.reference_id).getByText(shown!, { exact: true }).waitFor();
  await openRow(page, shipment!.reference_id);
  await page.getByText(label, { exact: true }).first().waitFor();
  await page.getByText(shown!, { exact: true }).first().waitFor();
}

describeE2e('reference names (issue 10, item 4)', (env) => {
  it('a merchant user sees the drop-off location in the shipments list and on the shipment page', async () => {
    await seesName(await env.newPage(), 'merchant.user@example.com', 'dropoff_location_name', en.resources.shipments.fields.dropoff_location_id);
  });

  it('customer support sees the merchant in the shipments list and on the shipment page', async () => {
    await seesName(await env.newPage(), 'support@example.com', 'merchant_name', en.resources.shipments.fields.merchant_id);
  });
});
