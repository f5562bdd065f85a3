/**
 * Import template and preview as a merchant uses them: the downloaded template's own sample row imports
 * as it is (it names one of the merchant's drop-off points), and in the preview a bad row's first problem
 * is readable without scrolling the wide table sideways, at 1280 px and on a 390 px phone.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2e, en, signIn } from './helpers.js';

async function openImport(page: Page) {
  await signIn(page, 'merchant.admin@example.com');
  await page.goto('/shipments');
  await page.getByTestId('shipments-import').click();
  await page.waitForURL((url) => url.pathname === '/shipments/import/upload');
}

async function uploadCsv(page: Page, name: string, buffer: Buffer) {
  await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer });
  await page.getByRole('button', { name: en.screens.import.upload.submit }).click();
  await page.waitForURL((url) => url.pathname === '/shipments/import/preview' && url.searchParams.has('id'));
}

describeE2e('import template and preview', (env) => {
  it("downloads the CSV template and its sample row imports as it is", async () => {
    const page = await env.newPage();
    await openImport(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: en.screens.import.upload.template_csv }).click()]);
    const template = readFileSync((await download.path())!);
    await uploadCsv(page, 'template.csv', template);
    const counts = page.getByTestId('import-counts');
    await expect.poll(() => counts.locator('[data-count=valid]').innerText()).toContain('1');
    expect(await counts.locator('[data-count=invalid]').innerText()).toContain('0');
  });

  for (const width of [1280, 390]) {
    it(`shows a bad row's first problem without scrolling sideways at ${width} px`, async () => {
      const page = await env.newPage({ viewport: { width: 1280, height: 800 } });
      await openImport(page);
      // The problem is in the last columns (size), far right in the table.
      const csv = 'external_reference_id,first_name,last_name,email,dropoff_location,size\nW-1,Ana,Rolle,ana@example.com,PD-NAS-01,HUGE\n';
      await uploadCsv(page, 'bad.csv', Buffer.from(csv));
      // The preview read on a phone-wide window (the same page, narrowed).
      await page.setViewportSize({ width, height: 800 });
      const first = page.locator('[data-testid=import-rows] tbody tr[data-row="2"]').getByTestId('row-first-error');
      await first.waitFor();
      expect(await first.innerText()).toContain(en.resources.packages.fields.size);
      const box = (await first.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `/tmp/lockerline-e2e-import-preview-${width}.png` });
    });
  }
});
