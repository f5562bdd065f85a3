/**
 * The shipment form as a merchant fills it: drop-off choices show class, town and street and never the
 * warehouse; a locker chosen, then a package switched to oversized: the
 * locker is cleared and the form says why once (no refusal on save, no snackbar, no dialog); the phone
 * typed nationally is stored E.164 and shown in international format on the shipment page.
 */
import { expect, it } from 'vitest';
import { describeE2e, en, signIn } from './helpers.js';

describeE2e('shipment form', (env) => {
  it('clears a chosen locker when a package becomes oversized, saves to a PUDO and shows the phone formatted', async () => {
    const page = await env.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'merchant.admin@example.com');
    await page.goto('/shipments');
    await page.getByRole('link', { name: en.ra.action.create }).first().click();
    await page.waitForURL((url) => url.pathname === '/shipments/create');

    await page.getByLabel(en.resources.shipments.fields.first_name).fill('Rhea');
    await page.getByLabel(en.resources.shipments.fields.last_name).fill('Bain');
    await page.getByLabel(en.resources.shipments.fields.phone).fill('357 5555');
    const dropoff = page.getByRole('combobox', { name: en.resources.shipments.fields.dropoff_location_id });
    // The warehouse is never a customer's drop-off: searching for it offers nothing.
    await dropoff.click();
    const searched = page.waitForResponse((r) => r.url().includes('/api/locations') && r.url().includes('Central'));
    await dropoff.fill('Central Warehouse');
    const offered = ((await (await searched).json()) as { data: { name: string }[] }).data.map((l) => l.name);
    expect(offered).not.toContain('Nassau Central Warehouse');
    expect(await page.getByRole('option', { name: /Nassau Central Warehouse/ }).count()).toBe(0);
    // Each choice says what and where it is: class, town and street with the name.
    await dropoff.fill('Cable Beach');
    const locker = page.getByRole('option', { name: /Cable Beach Locker/ });
    expect(await locker.innerText()).toBe(`Cable Beach Locker\n${en.location_classes.locker} · Nassau · West Bay Street 1`);
    await locker.click();
    expect(await dropoff.inputValue()).toBe('Cable Beach Locker');

    // The form starts with one package: make it oversized.
    await page.getByRole('combobox', { name: en.resources.packages.fields.size }).first().click();
    await page.getByRole('option', { name: en.sizes.OVERSIZED }).click();

    const note = page.getByTestId('oversized-cleared');
    await note.waitFor();
    expect(await note.innerText()).toBe(en.resources.shipments.hints.oversized_cleared.replace('%{location}', 'Cable Beach Locker'));
    expect(await dropoff.inputValue()).toBe('');
    expect(await page.getByText(en.errors.package.oversized_needs_pudo).count()).toBe(0);

    await dropoff.click();
    await dropoff.fill('Bay Street');
    await page.getByRole('option', { name: /Bay Street Pharmacy/ }).click();
    await page.getByRole('button', { name: en.ra.action.save }).click();
    await page.waitForURL((url) => /^\/shipments\/\d+(\/show)?$/.test(url.pathname));
    await page.getByText('+1 242 357 5555').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.screenshot({ path: '/tmp/lockerline-e2e-shipment-show-1280.png', fullPage: true });
  });
});
