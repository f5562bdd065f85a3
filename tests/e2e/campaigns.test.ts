/**
 * Campaigns (issue 5) end to end: a merchant admin notifies a batch item, the customer opens the link
 * from the message (development transport, read from the superadmin's message log) on a phone-sized
 * page, finds the points of a town by the search box, chooses a PUDO point and confirms (opened again, the link says so under the merchant's name); the
 * admin reaches the batch's customer list from the batch page, sees the item Responded and converts it.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, apiData, apiPost, describeE2e, en, seriousViolations, signIn } from './helpers.js';

interface Item {
  id: number;
  batch_id: number;
  first_name: string;
  status: number;
  email: string;
}

/** The newest respond link the development transport "sent" to the recipient. */
async function respondLinkFor(admin: Page, recipient: string): Promise<string | null> {
  const log = await apiData<{ recipient: string; body: string | null }[]>(admin, '/api/messages?source=log&perPage=100');
  const message = log.find((m) => m.recipient === recipient && /\/respond\//.test(m.body ?? ''));
  const match = message && /\/respond\/([A-Za-z0-9_\-.]+)/.exec(message.body ?? '');
  return match ? match[1]!.replace(/\.$/, '') : null;
}

describeE2e('campaigns: the customer chooses a PUDO point', (env) => {
  it('notify, answer on a phone, see Responded, convert', async () => {
    const admin = await env.newPage();
    await signIn(admin, 'merchant.admin@example.com');
    const items = await apiData<Item[]>(admin, '/api/batch_items?perPage=100');
    const item = items.find((i) => i.status === 50 && i.email);
    expect(item, 'a notified demo batch item').toBeTruthy();
    await apiPost(admin, `/api/batch_items/${item!.id}/notify`);

    // The delivery worker writes the message to the development log within a few seconds.
    const superadmin = await env.newPage();
    await signIn(superadmin, 'superadmin@example.com');
    let token: string | null = null;
    await expect.poll(async () => (token = await respondLinkFor(superadmin, item!.email)), { timeout: 30_000, interval: 1_000 }).toBeTruthy();

    const phone = await env.newPage(PHONE);
    await phone.goto(`/respond/${token}`);
    await phone.getByRole('heading', { name: en.public.respond.greeting.replace('%{name}', item!.first_name) }).waitFor();
    // Readable on the merchant's orange: the header text is chosen by contrast (axe found white on orange).
    expect(await seriousViolations(phone)).toEqual([]);
    // Found by town (the Bahamas mostly have no postcodes): only Freeport's points are left.
    const all = await phone.getByTestId('public-choice').count();
    await phone.getByRole('searchbox', { name: en.public.respond.search_label }).fill('freeport');
    await phone.getByRole('button', { name: en.public.respond.search, exact: true }).click();
    await expect.poll(async () => (await phone.getByTestId('public-choice').allInnerTexts()).every((text) => text.includes('Freeport')), { timeout: 15_000 }).toBe(true);
    expect(await phone.getByTestId('public-choice').count()).toBeLessThan(all);
    await phone.screenshot({ path: '/tmp/lockerline-e2e-respond-search-390.png', fullPage: true });
    const pudo = phone.getByTestId('public-choice').filter({ hasText: en.location_classes.pudo }).first();
    await pudo.click();
    const chosen = (await pudo.getByTestId('public-choice-name').textContent()) ?? '';
    await phone.getByRole('button', { name: en.public.respond.confirm }).click();
    await phone.getByTestId('public-confirmation').waitFor();
    expect(await phone.getByTestId('public-confirmation').textContent()).toContain(chosen.trim());
    // The page fits the phone: no horizontal scrolling.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A replayed link gets its own page, still under the merchant's name; the link's data loads without an
    // HTTP error (which the browser would log in the console).
    const brand = await phone.getByTestId('public-brand').textContent();
    const failed: string[] = [];
    phone.on('response', (response) => {
      if (response.url().includes('/api/public/') && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await phone.reload();
    await phone.getByRole('heading', { name: en.public.problems.token_used.title }).waitFor();
    expect(await phone.getByTestId('public-brand').textContent()).toBe(brand);
    expect(failed).toEqual([]);

    // The batch page leads to its customer list ("Customers (n)"), where the admin finds the item.
    await admin.goto(`/batches/${item!.batch_id}`);
    await admin.getByTestId('batch-customers').click();
    await admin.waitForURL(`**/batches/${item!.batch_id}/batch_items`);
    await admin.getByRole('cell', { name: item!.email, exact: true }).waitFor();

    // The admin sees the item Responded and converts it.
    await admin.goto(`/batches/${item!.batch_id}/batch_items/${item!.id}`);
    await admin.getByText(en.statuses.batch_items[90], { exact: true }).first().waitFor();
    await admin.getByTestId('item-history').getByText(en.event_kinds.responded, { exact: true }).waitFor();
    await admin.getByRole('button', { name: en.campaigns.actions.convert }).click();
    await admin.getByText(en.statuses.batch_items[100], { exact: true }).first().waitFor();
    const after = await apiData<{ status: number; shipment_id: number | null }>(admin, `/api/batch_items/${item!.id}`);
    expect(after.status).toBe(100);
    expect(after.shipment_id).toBeTruthy();

    // The recipient's tracking page of the new shipment passes axe too.
    const shipment = await apiData<{ reference_id: string }>(admin, `/api/shipments/${after.shipment_id}`);
    await phone.goto(`/track/${shipment.reference_id}`);
    await phone.getByRole('heading', { name: en.public.track.title }).waitFor();
    expect(await seriousViolations(phone)).toEqual([]);
  });
});
