/**
 * Issue 10, item 1: the Edit button of every record page opens the edit form, and saving works.
 * Each record is made for this test through the API (a unique name, so parallel files do not meet it);
 * the person then clicks the menu entry, finds the row by the list's search, opens it, clicks Edit,
 * changes the name and saves: the record page shows the new name.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { translate } from '../../core/i18n/index.js';
import { formHint } from '../../core/i18n/form-hints.js';
import { apiPost, clickMenu, describeE2e, en, openRow, signIn } from './helpers.js';
import { createShipment, locationId } from './operations-steps.js';

const ra = { action: { edit: translate('en', 'ra.action.edit'), save: translate('en', 'ra.action.save') } };
const tag = () => `E${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** From the menu to the saved edit form of the record whose row shows `rowText`. */
async function editThroughButton(page: Page, menu: string, rowText: string, field: string, value: string): Promise<void> {
  await clickMenu(page, menu);
  await openRow(page, rowText);
  const edit = page.getByRole('link', { name: ra.action.edit, exact: true });
  expect(await edit.getAttribute('href')).toMatch(/\/\d+\/edit$/);
  await edit.click();
  await page.waitForURL((url) => url.pathname.endsWith('/edit'));
  const input = page.getByRole('textbox', { name: field }).first();
  await expect.poll(() => input.inputValue(), { timeout: 15_000 }).not.toBe('');
  await input.fill(value);
  await page.getByRole('button', { name: ra.action.save, exact: true }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/edit'), { timeout: 15_000 });
}

describeE2e('Edit button of every record page (issue 10, item 1)', (env) => {
  it('a superadmin edits a location group, a merchant, a user and a location through their Edit buttons', async () => {
    const page = await env.newPage();
    await signIn(page, 'superadmin@example.com');
    const t = tag();
    const cases: [string, string, Record<string, unknown>, string][] = [
      [en.menu.location_groups, '/api/location_groups', { name: `Group ${t}` }, en.resources.location_groups.fields.name],
      [en.menu.merchants, '/api/merchants', { name: `Merchant ${t}` }, en.resources.merchants.fields.name],
      [en.menu.users, '/api/users', { first_name: 'Edna', last_name: `User${t}`, email: `edna.${t.toLowerCase()}@example.net`, role: 2, password: 'lockerline-demo', password_confirmation: 'lockerline-demo' }, en.resources.users.fields.first_name],
      [en.menu.locations, '/api/locations', { name: `Point ${t}`, type: 'dropoff', class: 'pudo', latitude: 25.05, longitude: -77.35 }, en.resources.locations.fields.name],
    ];
    for (const [menu, path, body, field] of cases) {
      await apiPost(page, path, body);
      const shown = String(body.name ?? body.last_name);
      await editThroughButton(page, menu, shown, field, `Edited ${t}`);
      await page.getByText(`Edited ${t}`).first().waitFor();
    }
  });

  it('a merchant admin edits a draft shipment, a registered one (its packages read-only) and a batch through their Edit buttons', async () => {
    const page = await env.newPage();
    await signIn(page, 'merchant.admin@example.com');
    const t = tag();
    await createShipment(page, await locationId(page, 'PD-NAS-01'), { last_name: `Ship${t}` });
    await editThroughButton(page, en.menu.shipments, `Ship${t}`, en.resources.shipments.fields.first_name, 'Edwina');
    await page.getByText('Edwina').first().waitFor();

    // Past draft (registered: "Ready to print") the packages are shown read-only and the rest still saves.
    const registered = await createShipment(page, await locationId(page, 'PD-NAS-01'), { last_name: `Reg${t}` });
    await apiPost(page, `/api/shipments/${registered.id}/register`);
    await page.goto(`/shipments/${registered.id}/edit`);
    await page.getByText(formHint('en', 'shipment_packages_locked')).waitFor();
    const first = page.getByRole('textbox', { name: en.resources.shipments.fields.first_name }).first();
    await expect.poll(() => first.inputValue(), { timeout: 15_000 }).toBe('Erin');
    await first.fill('Regina');
    await page.getByRole('button', { name: ra.action.save, exact: true }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/edit'), { timeout: 15_000 });
    await page.getByText('Regina').first().waitFor();

    await apiPost(page, '/api/batches', { name: `Batch ${t}`, offset: 2, reminder_count: 1, reminder_interval: 2 });
    await editThroughButton(page, en.menu.batches, `Batch ${t}`, en.resources.batches.fields.name, `Edited ${t}`);
    await page.getByText(`Edited ${t}`).first().waitFor();
  });
});
