/**
 * The locker kiosk (issue 13, docs/lockers.md) as people use it: support creates the terminal secret on the
 * location page and a badge code on the driver's page (buttons, shown once); the kiosk (1080x1920 portrait) is
 * set up with the secret; a courier signs in by badge and deposits a parcel (the door opens, the parcel is ready
 * to collect); the customer types the code from the "ready" message and the door opens. Also at 390 px in
 * Spanish; axe-clean.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, apiData, apiPost, describeE2e, en, es, languageButton, seriousViolations, signIn, xsrfHeader } from './helpers.js';
import { createShipment, locationId } from './operations-steps.js';
import { lockerAccessMessages as L } from '../../core/i18n/locker-access.js';

const PORTRAIT = { viewport: { width: 1080, height: 1920 }, hasTouch: true };

/** The pickup code of the newest "ready" message to `email` in the development message log (superadmin). */
async function codeSentTo(staff: Page, email: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const rows = await apiData<Record<string, unknown>[]>(staff, '/api/messages?source=log&perPage=50');
      const text = rows.map((r) => JSON.stringify(r)).find((r) => r.includes(email) && /\b\d{6}\b/.test(r) && r.includes('pickup code'));
      code = text ? /pickup code: (\d{6})/.exec(text)?.[1] ?? '' : '';
      return code;
    }, { timeout: 30_000 })
    .toMatch(/^\d{6}$/);
  return code;
}

describeE2e('locker kiosk', (env) => {
  it('support hands out the secret and a badge; the courier deposits at the kiosk; the customer’s code opens the door', async () => {
    const staff = await env.newPage();
    await signIn(staff, 'superadmin@example.com');
    const lockerId = await locationId(staff, 'LK-NAS-01');
    const location = await apiData<{ terminal: string | null }>(staff, `/api/locations/${lockerId}`);
    expect(location.terminal, 'the demo locker has a terminal').toBeTruthy();

    // The terminal secret, from the location page (shown once).
    await staff.goto(`/locations/${lockerId}`);
    await staff.getByRole('button', { name: L.en.lockers_admin.terminal_secret.button }).click();
    await staff.getByRole('button', { name: L.en.lockers_admin.terminal_secret.create }).click();
    const secret = await staff.getByTestId('terminal-secret').inputValue();
    expect(secret).toMatch(/^tl_/);
    expect(await seriousViolations(staff)).toEqual([]);
    await staff.getByRole('button', { name: en.operations.close }).click();

    // The driver's badge, from the user page.
    const [driver] = await apiData<{ id: number; email: string }[]>(staff, `/api/users?search=driver%40example.com`);
    await staff.goto(`/users/${driver!.id}`);
    await staff.getByRole('button', { name: L.en.lockers_admin.badge.button }).click();
    await staff.getByRole('button', { name: L.en.lockers_admin.badge.create }).click();
    const badge = await staff.getByTestId('badge-code').inputValue();
    expect(badge).toMatch(/^\d{10}$/);
    await staff.getByRole('button', { name: en.operations.close }).click();

    // A parcel for the locker, in the driver's van.
    const merchant = await env.newPage();
    await signIn(merchant, 'merchant.admin@example.com');
    const email = `kiosk.${Date.now()}@example.net`;
    const shipment = await createShipment(merchant, lockerId, { email });
    const printed = await merchant.request.post(`/api/shipments/${shipment.id}/print`, { headers: await xsrfHeader(merchant) });
    expect(printed.ok(), await printed.text()).toBe(true);
    await apiPost(merchant, `/api/shipments/${shipment.id}/request-pickup`);
    const driverPage = await env.newPage();
    await signIn(driverPage, 'driver@example.com');
    const pkg = shipment.packages[0]!;
    await apiPost(driverPage, `/api/packages/${pkg.id}/pickup`);
    // A second parcel that will not fit in its door.
    const bulky = await createShipment(merchant, lockerId, { email: `kiosk.full.${Date.now()}@example.net` });
    expect((await merchant.request.post(`/api/shipments/${bulky.id}/print`, { headers: await xsrfHeader(merchant) })).ok()).toBe(true);
    await apiPost(merchant, `/api/shipments/${bulky.id}/request-pickup`);
    const bulkyPkg = bulky.packages[0]!;
    await apiPost(driverPage, `/api/packages/${bulkyPkg.id}/pickup`);

    // The kiosk: first use asks for the secret.
    const kiosk = await env.newPage(PORTRAIT);
    await kiosk.goto(`/kiosk/${lockerId}`);
    await kiosk.getByRole('heading', { name: L.en.kiosk.setup.title }).waitFor();
    await kiosk.getByLabel(L.en.kiosk.setup.secret).fill(secret);
    await kiosk.getByRole('button', { name: L.en.kiosk.setup.save }).click();
    await kiosk.getByRole('heading', { name: L.en.kiosk.customer.title }).waitFor();
    expect(await seriousViolations(kiosk)).toEqual([]);

    // Courier: badge, the reserved door, scan -> the door opens, the parcel is ready to collect.
    await kiosk.getByRole('button', { name: L.en.kiosk.courier.enter }).click();
    await kiosk.getByLabel(L.en.kiosk.courier.badge).fill(badge);
    await kiosk.getByRole('button', { name: L.en.kiosk.courier.sign_in }).click();
    await kiosk.getByText(pkg.barcode).waitFor();
    const openDoor = kiosk.getByRole('button', { name: L.en.kiosk.courier.scan });
    const box = await openDoor.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(72);
    await kiosk.getByLabel(L.en.kiosk.courier.barcode).fill(pkg.barcode);
    await openDoor.click();
    await expect.poll(() => kiosk.getByTestId('kiosk-opened').textContent()).toContain(pkg.barcode);
    expect(await seriousViolations(kiosk)).toEqual([]);
    await expect.poll(async () => (await apiData<{ status: number }>(staff, `/api/packages/${pkg.id}`)).status).toBe(90);

    // "Parcel does not fit": scanned, reported with one big button; the kiosk says where it goes instead.
    await kiosk.getByLabel(L.en.kiosk.courier.barcode).fill(bulkyPkg.barcode);
    const doesNotFit = kiosk.getByRole('button', { name: L.en.kiosk.courier.reason_parcel_does_not_fit });
    expect((await doesNotFit.boundingBox())!.height).toBeGreaterThanOrEqual(72);
    await doesNotFit.click();
    await expect.poll(() => kiosk.getByTestId('kiosk-full-done').textContent()).toContain(bulkyPkg.barcode);
    await expect.poll(async () => (await apiData<{ dropoff_location_id: number }>(staff, `/api/packages/${bulkyPkg.id}`)).dropoff_location_id).not.toBe(lockerId);
    expect(await seriousViolations(kiosk)).toEqual([]);
    await kiosk.getByRole('button', { name: L.en.kiosk.courier.sign_out }).click();

    // Customer: the code from the message opens the door.
    const code = await codeSentTo(staff, email);
    await kiosk.getByLabel(L.en.kiosk.customer.code).fill(code);
    await kiosk.getByRole('button', { name: L.en.kiosk.customer.open }).click();
    const opened = kiosk.getByTestId('kiosk-door');
    await expect.poll(() => opened.textContent()).toMatch(/Door \d+ is open/);
    await expect.poll(async () => (await apiData<{ status: number }>(staff, `/api/packages/${pkg.id}`)).status).toBe(100);
    await kiosk.getByRole('button', { name: L.en.kiosk.customer.next }).click();

    // The same code again: refused, in the kiosk's words.
    await kiosk.getByLabel(L.en.kiosk.customer.code).fill(code);
    await kiosk.getByRole('button', { name: L.en.kiosk.customer.open }).click();
    await kiosk.getByText(en.errors.locker.code_invalid).waitFor();

    // The door events of the terminal list both openings.
    await staff.goto(`/locations/${lockerId}`);
    await staff.getByRole('button', { name: L.en.lockers_admin.door_events.button }).click();
    const table = staff.getByTestId('door-events');
    await expect.poll(() => table.textContent()).toContain(en.event_kinds['door-code']);
    expect(await table.textContent()).toContain(en.event_kinds['door-deposit']);
    // Support opens a door remotely, with a reason: listed as a support opening.
    await staff.getByLabel(L.en.lockers_admin.open_door.door, { exact: true }).fill('3');
    await staff.getByLabel(L.en.lockers_admin.open_door.reason).fill('Customer locked out, checked ID');
    await staff.getByRole('button', { name: L.en.lockers_admin.open_door.button }).click();
    await expect.poll(() => table.textContent()).toContain(en.event_kinds['door-support']);
    expect(await seriousViolations(staff)).toEqual([]);
  }, 180_000);

  it('works at 390 px in Spanish with the saved secret and refuses a wrong code', async () => {
    const staff = await env.newPage();
    await signIn(staff, 'superadmin@example.com');
    const lockerId = await locationId(staff, 'LK-NAS-01');
    const { secret } = await apiPost<{ secret: string }>(staff, `/api/locations/${lockerId}/terminal-secret`);
    const phone = await env.newPage(PHONE);
    await phone.goto(`/kiosk/${lockerId}`);
    await phone.getByLabel(L.en.kiosk.setup.secret).fill(secret);
    await phone.getByRole('button', { name: L.en.kiosk.setup.save }).click();
    await languageButton(phone, 'es').click();
    // The switch's own names come from the main (lazy) Spanish catalogue: once they read Spanish, the page is settled.
    await languageButton(phone, 'en', es).waitFor();
    await phone.getByRole('heading', { name: L.es.kiosk.customer.title }).waitFor();
    await phone.getByLabel(L.es.kiosk.customer.code).fill('000001');
    await phone.getByRole('button', { name: L.es.kiosk.customer.open }).click();
    await phone.getByText(es.errors.locker.code_invalid).waitFor();
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(await seriousViolations(phone)).toEqual([]);
    // The secret stays on the device: a reload goes straight to the customer screen.
    await phone.reload();
    await phone.getByRole('heading', { name: L.es.kiosk.customer.title }).waitFor();
  }, 120_000);
});
