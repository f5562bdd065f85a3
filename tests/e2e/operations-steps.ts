/** Steps the parcel-operation e2e tests share: data set up through the API, scanning, device feedback. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { apiData, apiPost, en, xsrfHeader } from './helpers.js';

export interface ListedPackage {
  id: number;
  barcode: string;
  status: number;
  shipment_id: number;
  location_id: number | null;
  dropoff_location_id: number | null;
}

/** Packages the signed-in user sees with the given status (the page's cookies). */
export const packagesWithStatus = (page: Page, status: number) =>
  apiData<ListedPackage[]>(page, `/api/packages?perPage=100&filters[status][0]=${status}`);

/** The id of the drop-off location with this code (e.g. PD-NAS-01). */
export async function locationId(page: Page, code: string): Promise<number> {
  const [found] = await apiData<{ id: number }[]>(page, `/api/locations?scope=dropoff&search=${encodeURIComponent(code)}&light=1`);
  expect(found, `location ${code}`).toBeTruthy();
  return found!.id;
}

export interface CreatedShipment {
  id: number;
  reference_id: string;
  packages: { id: number; barcode: string }[];
}

/** A new draft shipment of the signed-in merchant admin with one SMALL package (`extra` overrides fields). */
export const createShipment = (admin: Page, dropoffId: number, extra: Record<string, unknown> = {}) =>
  apiPost<CreatedShipment>(admin, '/api/shipments', {
    first_name: 'Erin',
    last_name: 'Tester',
    email: 'erin.tester@example.net',
    phone: '+12423571234',
    dropoff_location_id: dropoffId,
    packages: [{ size: 'SMALL', description: 'E2E parcel' }],
    ...extra,
  });

/** A new shipment printed and waiting for the driver (its packages in 30), like a merchant leaves it. */
export async function shipmentAwaitingPickup(admin: Page, dropoffId: number): Promise<CreatedShipment> {
  const shipment = await createShipment(admin, dropoffId);
  const res = await admin.request.post(`/api/shipments/${shipment.id}/print`, { headers: await xsrfHeader(admin) });
  expect(res.ok(), await res.text()).toBe(true);
  await apiPost(admin, `/api/shipments/${shipment.id}/request-pickup`);
  return shipment;
}

/** Types a barcode into the store/driver screen's scan field and submits it. */
export async function scan(page: Page, barcode: string): Promise<void> {
  const field = page.getByRole('textbox', { name: en.screens.scan_placeholder });
  await field.fill(barcode);
  await field.press('Enter');
}

/** Records every navigator.vibrate() pattern of the page (call before the first navigation). */
export async function recordVibrations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: unknown[] = [];
    (window as unknown as { __vibrations: unknown[] }).__vibrations = seen;
    Object.defineProperty(Navigator.prototype, 'vibrate', {
      configurable: true,
      value: (pattern: number | number[]) => seen.push(pattern) > 0,
    });
  });
}

/** The patterns recorded so far, oldest first. */
export const vibrations = (page: Page) => page.evaluate(() => (window as unknown as { __vibrations: (number | number[])[] }).__vibrations);

/** How many CSS pixels the page is wider than its viewport (0 when nothing scrolls sideways). */
export const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A catalogue plural ("one |||| %{smart_count} many") for `count`, English rules. */
export const plural = (phrase: string, count: number) => {
  const [one, many = one] = phrase.split(' |||| ');
  return (count === 1 ? one! : many).replace('%{smart_count}', String(count));
};
