/**
 * Bulk print from the shipments list (issue 3; POST /api/shipments/bulk-print). A draft cannot print (not
 * registered): the partial-eligibility dialog names it with its reason. Another shipment becomes unprintable
 * between that check and the print (its only package cancelled meanwhile), so the server refuses it: with
 * printable ones beside it, the progress dialog lists it with its reason and the PDF of the rest arrives;
 * alone, the server's 400 message is shown in the progress dialog. Never in the global error dialog.
 */
import { outcomeCounts, translate } from '../../core/i18n/index.js';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiData, apiPost, describeE2e, en, signIn } from './helpers.js';
import { createShipment, locationId, type CreatedShipment } from './operations-steps.js';

const fill = (phrase: string, params: Record<string, string | number>) => phrase.replace(/%\{(\w+)\}/g, (_m, name: string) => String(params[name] ?? ''));
/** The polyglot form "one |||| many", many. */
const plural = (phrase: string, count: number) => fill(phrase.split(' |||| ').at(-1)!, { smart_count: count });

/**
 * Creates the merchant admin's shipments, tagged for this test: `registered` ones (10, printable) and one
 * draft; opens the list on them, selects them all and clicks Print. Resolves when the partial-eligibility
 * dialog names the draft with its reason.
 */
async function printWithDraft(page: Page, registered: number) {
  const pudo = await locationId(page, 'PD-NAS-01');
  const tag = `BP${Date.now().toString(36).toUpperCase()}`;
  const make = (n: number) => createShipment(page, pudo, { external_reference_id: `${tag}-${n}` });
  const printable: CreatedShipment[] = [];
  for (let n = 1; n <= registered; n++) {
    const shipment = await make(n);
    await apiPost(page, `/api/shipments/${shipment.id}/register`);
    printable.push(shipment);
  }
  const draft = await make(0);

  await page.goto(`/shipments?filter=${encodeURIComponent(JSON.stringify({ search: tag }))}`);
  await expect.poll(() => page.locator('table tbody tr').count(), { timeout: 15_000 }).toBe(registered + 1);
  await page.locator('table thead input[type=checkbox]').check();
  await page.locator('[data-verb=print]').click();

  const partial = page.getByRole('dialog', { name: fill(en.operations.bulk.partial_title, { action: en.operations.actions.print }) });
  await partial.getByRole('listitem').filter({ hasText: draft.reference_id }).getByText(en.errors.shipment.not_printable, { exact: true }).waitFor();
  expect(await partial.getByRole('listitem').count()).toBe(1);
  const cont = partial.getByRole('button', { name: plural(en.operations.bulk.continue, registered) });
  return { printable, draft, cont };
}

/** Someone cancels the shipment's only package: it can no longer print. */
const cancelMeanwhile = (page: Page, shipment: CreatedShipment) => apiPost(page, `/api/packages/${shipment.packages[0]!.id}/cancel`);

const bulkPrintResponse = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/api/shipments/bulk-print'));

const statusOf = async (page: Page, shipment: CreatedShipment) => (await apiData<{ status: number }>(page, `/api/shipments/${shipment.id}`)).status;

describeE2e('bulk print', (env) => {
  it('lists the shipments that cannot print with their reasons inside the dialogs and downloads the others', async () => {
    const page = await env.newPage({ acceptDownloads: true });
    await signIn(page, 'merchant.admin@example.com');
    const { printable, draft, cont } = await printWithDraft(page, 3);
    const [first, second, raced] = printable as [CreatedShipment, CreatedShipment, CreatedShipment];
    await cancelMeanwhile(page, raced);

    const [download, response] = await Promise.all([page.waitForEvent('download'), bulkPrintResponse(page), cont.click()]);
    expect(response.request().method()).toBe('POST');
    expect(response.status()).toBe(200);
    expect(JSON.parse(response.headers()['x-print-failures'] ?? '[]')).toEqual([{ id: raced.id, reference_id: raced.reference_id, code: 'shipment.not_printable' }]);

    // The progress dialog ends with the summary, the saved file and the refused shipment with its reason.
    const progress = page.getByTestId('bulk-progress');
    await progress.getByText(translate('en', 'operations.bulk.summary', outcomeCounts((k, p) => translate('en', k, p), 2, 1))).waitFor();
    await progress.getByText(fill(en.operations.bulk.downloaded, { file: download.suggestedFilename() })).waitFor();
    const failures = progress.getByRole('list', { name: en.operations.bulk.failed_title });
    await failures.getByRole('listitem').filter({ hasText: raced.reference_id }).getByText(en.errors.shipment.not_printable, { exact: true }).waitFor();
    expect(await failures.getByRole('listitem').count()).toBe(1);
    expect(await page.getByRole('dialog').count()).toBe(1);

    // The PDF: the page listing the refusal, then one label per printed shipment (one package each).
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBe(3);

    await progress.getByRole('button', { name: en.operations.close }).click();
    expect([await statusOf(page, first), await statusOf(page, second), await statusOf(page, draft), await statusOf(page, raced)]).toEqual([20, 20, 0, -90]);
  });

  it('shows the 400 reason in the progress dialog when none of them prints', async () => {
    const page = await env.newPage({ acceptDownloads: true });
    await signIn(page, 'merchant.admin@example.com');
    let downloads = 0;
    page.on('download', () => downloads++);
    const { printable, cont } = await printWithDraft(page, 1);
    const raced = printable[0]!;
    await cancelMeanwhile(page, raced);

    const [response] = await Promise.all([bulkPrintResponse(page), cont.click()]);
    expect(response.status()).toBe(400);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe('shipment.print_failed');
    expect(body.message).toContain(raced.reference_id);

    const progress = page.getByTestId('bulk-progress');
    await progress.getByText(translate('en', 'operations.bulk.summary', outcomeCounts((k, p) => translate('en', k, p), 0, 1))).waitFor();
    await progress.getByRole('alert').filter({ hasText: body.message }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(downloads).toBe(0);
  });
});
