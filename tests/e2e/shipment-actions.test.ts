/**
 * Back-office parcel operations (issue 3, issue 10 item 7): a merchant admin finds a draft shipment in the
 * list and clicks Register once: the shipment is registered and its labels PDF downloads (SPEC: register
 * prints the label); Register is no longer offered, Re-print is, and the timeline marks "Printed".
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { clickMenu, describeE2e, en, openRow, signIn } from './helpers.js';
import { createShipment, locationId } from './operations-steps.js';

describeE2e('shipment actions', (env) => {
  it('a merchant admin registers a draft with one click and receives its labels (PDF)', async () => {
    const page = await env.newPage({ acceptDownloads: true });
    await signIn(page, 'merchant.admin@example.com');
    const tag = `Reg${Date.now().toString(36)}`;
    const draft = await createShipment(page, await locationId(page, 'PD-NAS-01'), { last_name: tag });

    await clickMenu(page, en.menu.shipments);
    await openRow(page, tag);
    const register = page.getByRole('button', { name: en.operations.actions.register });
    const [download, response] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForResponse((r) => r.url().endsWith(`/api/shipments/${draft.id}/print`)),
      register.click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const body = readFileSync((await download.path())!);
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    await page.getByText(en.operations.shipment_registered.replace('%{reference}', draft.reference_id)).waitFor();

    // Registered and printed: Register is gone, re-print is offered, the timeline marks "Printed".
    await page.getByRole('button', { name: en.operations.actions.reprint }).waitFor();
    expect(await register.count()).toBe(0);
    const current = page.getByTestId('shipment-timeline').locator('[aria-current="step"]');
    await expect.poll(() => current.textContent()).toContain(en.statuses.shipments[20]);
  });
});
