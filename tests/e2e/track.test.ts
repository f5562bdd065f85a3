/**
 * The customer's tracking pages, as a customer uses them: /track asks for a reference (not the staff
 * sign-in), a reference not found offers the field again, and the states are the customer's words
 * ("Being prepared", never "Draft"), per package for a multi-package parcel, in English and Spanish.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, apiData, apiPost, describeE2e, en, es, pathOf, signIn } from './helpers.js';

interface Listed {
  id: number;
  reference_id: string;
  package_count: number;
  locale: string;
}

/**
 * An English customer's demo shipment in `status`, looked up by staff (the customer has it from an e-mail).
 * The page opens in the recipient's language, so an English one keeps the English texts below.
 */
async function shipmentIn(staff: Page, status: number, minPackages = 1, locale?: string): Promise<Listed> {
  const list = await apiData<Listed[]>(staff, `/api/shipments?filters[status][0]=${status}&perPage=100`);
  const found = list.find((s) => s.package_count >= minPackages && (!locale || s.locale === locale));
  expect(found, `a demo shipment in status ${status} with ${minPackages}+ packages`).toBeTruthy();
  return found!;
}

async function track(page: Page, reference: string, t: typeof en) {
  await page.getByRole('textbox', { name: t.public.track.reference }).fill(reference);
  await page.getByRole('button', { name: t.public.track.find, exact: true }).click();
}

describeE2e('customer tracking', (env) => {
  it('/track asks for a reference, a wrong one can be corrected, and the parcel reads in customer words', async () => {
    const staff = await env.newPage();
    await signIn(staff, 'superadmin@example.com');
    const draft = (await shipmentIn(staff, 0, 1, 'en')).reference_id;
    const ready = await shipmentIn(staff, 90, 2);
    // Staff reroute its first package: that one is on its way elsewhere, the others stay ready.
    const [rerouted] = (await apiData<{ packages: { id: number }[] }>(staff, `/api/shipments/${ready.id}`)).packages;
    const [elsewhere] = await apiData<{ id: number; name: string }[]>(staff, `/api/packages/${rerouted.id}/alternative-locations`);
    await apiPost(staff, `/api/packages/${rerouted.id}/reroute`, { location: elsewhere.id });
    // The page opens in the recipient's language; the other one is then chosen with the switch.
    const [first, other] = ready.locale === 'es' ? [es, en] : [en, es];

    const phone = await env.newPage(PHONE);
    await phone.goto('/track');
    await phone.getByRole('heading', { name: en.public.track.find_title }).waitFor();
    expect(pathOf(phone)).toBe('/track');
    expect(await phone.getByRole('button', { name: en.auth.sign_in }).count()).toBe(0);

    // Empty: said in the page's words, not the browser's bubble.
    await phone.getByRole('button', { name: en.public.track.find, exact: true }).click();
    await phone.getByText(en.public.track.reference_required).waitFor();

    await track(phone, 'LL00000000', en);
    await phone.getByRole('heading', { name: en.public.problems.track_not_found.title }).waitFor();
    const retry = phone.getByRole('textbox', { name: en.public.track.reference });
    expect(await retry.inputValue()).toBe('LL00000000');
    await track(phone, draft.toLowerCase(), en);
    await phone.getByRole('heading', { name: en.public.track.title }).waitFor();
    expect(await phone.getByTestId('track-status').textContent()).toBe(en.public.track.states.preparing);
    expect(await phone.getByText(en.statuses.shipments[0], { exact: true }).count()).toBe(0);

    // A multi-package parcel: each package with its own state and place.
    await phone.goto('/track');
    await track(phone, ready.reference_id, en);
    const packages = phone.getByTestId('track-packages').getByRole('listitem');
    await phone.getByTestId('track-status').getByText(first.public.track.states.partly_ready, { exact: true }).waitFor();
    expect(await packages.count()).toBe(ready.package_count);
    const moved = packages.first();
    await moved.getByText(first.public.track.states.on_its_way, { exact: true }).waitFor();
    await moved.getByText(first.public.track.rerouted).waitFor();
    await moved.getByText(elsewhere.name, { exact: false }).waitFor();
    await packages.nth(1).getByText(first.public.track.states.ready, { exact: true }).waitFor();
    const { scrollWidth, clientWidth } = await phone.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await phone.screenshot({ path: `/tmp/lockerline-e2e-track-390-${ready.locale}.png`, fullPage: true });

    // The other language: the switch, then the same words in it.
    const otherCode = other === es ? 'es' : 'en';
    await phone.getByRole('group', { name: first.app.language }).locator(`[lang=${otherCode}]`).click();
    await phone.getByTestId('track-status').getByText(other.public.track.states.partly_ready, { exact: true }).waitFor();
    await phone.screenshot({ path: `/tmp/lockerline-e2e-track-390-${otherCode}.png`, fullPage: true });
  });
});
