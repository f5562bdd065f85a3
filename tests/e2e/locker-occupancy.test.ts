/**
 * Lockers (issue 13): support opens a locker's occupancy grid by clicking from its location page and takes a
 * door out of service (and back); a merchant's shipment form does not keep a locker that is full for the
 * package's size. Screenshots at 1280 and 390 px, English and Spanish (the account's language is put back).
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiData, apiPost, clickMenu, describeE2e, en, es, languageButton, openRow, PHONE, restoreEnglish, seriousViolations, signIn, xsrfHeader } from './helpers.js';

const LOCKER = 'Cable Beach Locker';
const SHOTS = '/tmp/lockerline-e2e-lockers';

async function openOccupancy(page: Page, catalogue: typeof en) {
  await clickMenu(page, catalogue.menu.locations);
  if (catalogue === en) await openRow(page, LOCKER);
  else {
    await page.getByRole('textbox', { name: catalogue.lists.search }).fill(LOCKER);
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(LOCKER));
    await page.getByText(LOCKER).first().click();
  }
  await page.getByRole('button', { name: catalogue.locker_ops.occupancy, exact: true }).click();
  const grid = page.getByRole('dialog', { name: catalogue.locker_ops.title.replace('%{name}', LOCKER) });
  await grid.getByTestId('free-counts').waitFor();
  return grid;
}

describeE2e('locker occupancy', (env) => {
  it('support opens the grid from the location page and marks a door out of service, then back', async () => {
    const page = await env.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'support@example.com');
    const grid = await openOccupancy(page, en);
    const doors = grid.locator('[data-door]');
    expect(await doors.count()).toBe(64);
    // The demo's packages for this locker hold doors: registered ones a reserved door, expired ones theirs.
    expect(await grid.locator('[data-door="52"]').getAttribute('data-state')).toBe('reserved');
    expect(await grid.locator('[data-door="2"]').getAttribute('data-state')).toBe('expired');
    const last = grid.locator('[data-door="64"]');
    expect(await last.getAttribute('data-state')).toBe('free');
    const label = (state: string) => en.locker_ops.door_label.replace('%{number}', '64').replace('%{size}', en.sizes.LARGE).replace('%{state}', state);
    await grid.getByRole('button', { name: label(en.door_states.free) }).click();
    const door = page.getByRole('dialog', { name: label(en.door_states.free) });
    await door.getByLabel(en.locker_ops.reason).fill('Hinge broken');
    await door.getByRole('button', { name: en.locker_ops.mark_out }).click();
    await page.getByText(en.locker_ops.marked_out.replace('%{door}', '64')).waitFor();
    await expect.poll(() => last.getAttribute('data-state')).toBe('out_of_service');
    expect(await grid.locator('[data-size="LARGE"]').innerText()).toContain(en.locker_ops.free_of.replace('%{free}', '11').replace('%{total}', '13'));
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}-grid-1280-en.png`, fullPage: true });

    await grid.getByRole('button', { name: label(en.door_states.out_of_service) }).click();
    await page.getByRole('dialog', { name: label(en.door_states.out_of_service) }).getByRole('button', { name: en.locker_ops.mark_in }).click();
    await expect.poll(() => last.getAttribute('data-state')).toBe('free');
  });

  it('shows the grid in Spanish and at phone width', async () => {
    const page = await env.newPage({ ...PHONE });
    await signIn(page, 'support@example.com');
    await languageButton(page, 'es').click();
    try {
      await page.getByRole('button', { name: es.ra.action.open_menu }).click();
      const grid = await openOccupancy(page, es);
      expect(await grid.locator('[data-door]').count()).toBe(64);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}-grid-390-es.png`, fullPage: true });
      await page.getByRole('button', { name: es.ra.action.close, exact: true }).last().click();
    } finally {
      await restoreEnglish(page);
    }
  });

  it('the shipment form does not keep a locker that is full for the package size', async () => {
    const page = await env.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'support@example.com');
    const lockers = await apiData<{ id: number; name: string }[]>(page, `/api/locations?light=1&search=${encodeURIComponent(LOCKER)}`);
    const id = lockers.find((l) => l.name === LOCKER)!.id;
    const large = Array.from({ length: 13 }, (_, i) => 52 + i);
    for (const door of large) await apiPost(page, `/api/locations/${id}/doors/${door}/out-of-service`, { reason: 'e2e' });
    try {
      const merchant = await env.newPage({ viewport: { width: 1280, height: 900 } });
      await signIn(merchant, 'merchant.admin@example.com');
      await merchant.goto('/shipments');
      await merchant.getByRole('link', { name: en.ra.action.create }).first().click();
      await merchant.waitForURL((url) => url.pathname === '/shipments/create');
      await merchant.getByRole('combobox', { name: en.resources.packages.fields.size }).first().click();
      await merchant.getByRole('option', { name: en.sizes.LARGE, exact: true }).click();
      const dropoff = merchant.getByRole('combobox', { name: en.resources.shipments.fields.dropoff_location_id });
      await dropoff.click();
      await dropoff.fill('Cable Beach');
      await merchant.getByRole('option', { name: new RegExp(LOCKER) }).click();
      const full = merchant.getByTestId('locker-full');
      await full.waitFor();
      expect(await full.innerText()).toBe(`${LOCKER}: ${en.locker_ops.full_for_size.replace('%{size}', en.sizes.LARGE)}`);
      expect(await dropoff.inputValue()).toBe('');
      await merchant.screenshot({ path: `${SHOTS}-shipment-full-1280-en.png`, fullPage: true });
      const phone = await env.newPage({ ...PHONE });
      await signIn(phone, 'merchant.admin@example.com');
      await phone.goto('/shipments/create');
      await phone.screenshot({ path: `${SHOTS}-shipment-form-390-en.png`, fullPage: true });
    } finally {
      for (const door of large) await apiPost(page, `/api/locations/${id}/doors/${door}/in-service`);
    }
  });

  it('a superadmin sets the storage rules of a location in their own group of the form', async () => {
    const page = await env.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'superadmin@example.com');
    await clickMenu(page, en.menu.locations);
    await openRow(page, LOCKER);
    await page.getByRole('link', { name: en.ra.action.edit }).first().click();
    await page.getByRole('heading', { name: en.locker_ops.storage_rules }).waitFor();
    await page.getByRole('combobox', { name: en.resources.locations.fields.storage_unit }).click();
    await page.getByRole('option', { name: en.storage_units.business_days }).click();
    await page.getByLabel(en.resources.locations.fields.storage_reminder_hours).fill('12');
    await page.screenshot({ path: `${SHOTS}-storage-rules-1280-en.png`, fullPage: true });
    await page.getByRole('button', { name: en.ra.action.save }).click();
    await page.getByText(en.storage_units.business_days).waitFor();
    const id = Number(new URL(page.url()).pathname.split('/')[2]);
    expect(await apiData<Record<string, unknown>>(page, `/api/locations/${id}`)).toMatchObject({ storage_unit: 'business_days', storage_reminder_hours: 12 });
    // Back to today's behaviour for the other suites.
    const res = await page.request.put(`/api/locations/${id}`, { data: { storage_unit: 'days', storage_reminder_hours: 24 }, headers: await xsrfHeader(page) });
    expect(res.ok()).toBe(true);

    const phone = await env.newPage({ ...PHONE });
    await signIn(phone, 'superadmin@example.com');
    await languageButton(phone, 'es').click();
    try {
      await phone.goto(`/locations/${id}/edit`);
      await phone.getByRole('heading', { name: es.locker_ops.storage_rules }).waitFor();
      await phone.getByRole('heading', { name: es.locker_ops.storage_rules }).scrollIntoViewIfNeeded();
      expect(await seriousViolations(phone)).toEqual([]);
      await phone.screenshot({ path: `${SHOTS}-storage-rules-390-es.png`, fullPage: true });
    } finally {
      await restoreEnglish(phone);
    }
  });
});
