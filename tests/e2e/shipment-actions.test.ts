/**
 * Back-office parcel operations (issue 3): a merchant admin registers a draft shipment from its page and
 * prints its labels; the PDF arrives as a download and the timeline moves to "Printed".
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeE2e, en, signIn } from './helpers.js';

describeE2e('shipment actions', (env) => {
  it('a merchant admin registers and prints a shipment (PDF received)', async () => {
    const page = await env.newPage({ acceptDownloads: true });
    await signIn(page, 'merchant.admin@example.com');
    const res = await page.request.get('/api/shipments?perPage=100&filters[status][0]=0');
    expect(res.ok()).toBe(true);
    const { data, meta } = (await res.json()) as { data: { id: number }[]; meta: { actions: Record<string, string[]> } };
    const draft = data.find((s) => meta.actions[String(s.id)]?.includes('register'));
    expect(draft, 'a registrable demo draft').toBeTruthy();

    await page.goto(`/shipments/${draft!.id}/show`);
    await page.getByRole('button', { name: en.operations.actions.register }).click();
    const print = page.getByRole('button', { name: en.operations.actions.print });
    await print.waitFor();

    const [download, response] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForResponse((r) => r.url().endsWith(`/api/shipments/${draft!.id}/print`)),
      print.click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    // The saved file is the PDF itself.
    const body = readFileSync((await download.path())!);
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');

    // Now printed: re-print is offered and the timeline marks "Printed" as the current step.
    await page.getByRole('button', { name: en.operations.actions.reprint }).waitFor();
    const current = page.getByTestId('shipment-timeline').locator('[aria-current="step"]');
    await expect.poll(() => current.textContent()).toContain(en.statuses.shipments[20]);
  });
});
