/**
 * The shipment import wizard end to end (issue 4): a merchant admin uploads a file with one bad row,
 * sees the error on the right cell, imports the valid rows and lands on the created shipments.
 * Also: a refused file is explained with its code, and a merchant user is kept out of the wizard.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { translate } from '../../core/i18n/index.js';
import { describeE2e, en, pathOf, signIn } from './helpers.js';

const HEADER = 'external_reference_id,type,first_name,last_name,email,phone,country,locale,dropoff_location,pickup_location,contents,size,description,barcode';

/** Three rows, the second with a bad e-mail; order numbers unique per run. */
function oneBadRowCsv(tag: string): Buffer {
  const rows = [
    `${tag}-1,,Ana,Rolle,ana@example.com,+1 242 502 1234,BS,,PD-NAS-01,,,SMALL,Shoes,`,
    `${tag}-2,,Ben,Knowles,not-an-email,+1 242 502 1234,BS,,PD-NAS-01,,,MEDIUM,,`,
    `${tag}-3,express,Cara,Moss,cara@example.com,+1 242 502 1234,BS,,PD-NAS-01,,,LARGE,,`,
  ];
  return Buffer.from([HEADER, ...rows].join('\n') + '\n');
}

/** The English text of a catalogue key, plurals and parameters applied as the admin applies them. */
const text = (key: string, params?: Record<string, string | number>) => translate('en', key, params);

describeE2e('shipment import wizard', (env) => {
  it('uploads a file with one bad row, shows the error on its cell, imports the valid rows and lands on them', async () => {
    const page = await env.newPage();
    await signIn(page, 'merchant.admin@example.com');
    await page.goto('/shipments');
    await page.getByTestId('shipments-import').click();
    await page.waitForURL((url) => url.pathname === '/shipments/import/upload');

    const tag = `E2E${Date.now().toString(36).toUpperCase()}`;
    await page.locator('input[type=file]').setInputFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: oneBadRowCsv(tag) });
    await page.getByRole('button', { name: en.screens.import.upload.submit }).click();
    await page.waitForURL((url) => url.pathname === '/shipments/import/preview' && url.searchParams.has('id'));

    const counts = page.getByTestId('import-counts');
    await expect.poll(() => counts.locator('[data-count=valid]').innerText()).toContain('2');
    expect(await counts.locator('[data-count=invalid]').innerText()).toContain('1');

    // The error sits on the e-mail cell of spreadsheet row 3 (the header is row 1), with its message as text.
    const badRow = page.locator('[data-testid=import-rows] tbody tr[data-row="3"]');
    const emailCell = badRow.locator('td[data-column=email]');
    expect(await emailCell.getAttribute('data-error')).toBe('email');
    expect(await emailCell.innerText()).toContain('not-an-email');
    expect(await emailCell.innerText()).toContain(en.validation.email);
    // ...and nowhere else in that row, nor in the valid rows.
    expect(await badRow.locator('td[data-error]').count()).toBe(1);
    expect(await page.locator('[data-testid=import-rows] tbody tr[data-valid=true] td[data-error]').count()).toBe(0);

    // The filter to invalid rows keeps only row 3, and survives a reload.
    await page.getByLabel(en.screens.import.preview.invalid_only).click();
    await page.waitForURL((url) => url.searchParams.get('invalid') === '1');
    await expect.poll(() => page.locator('[data-testid=import-rows] tbody tr').count()).toBe(1);
    await page.reload();
    await page.locator('[data-testid=import-rows] tbody tr[data-row="3"]').waitFor();

    await page.getByRole('button', { name: text('screens.import.preview.import_valid', { smart_count: 2 }) }).click();
    await page.waitForURL((url) => url.pathname === '/shipments/import/save');
    const created = page.getByTestId('import-created').locator('a');
    await expect.poll(() => created.count()).toBe(2);
    await expect.poll(() => created.allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining(`${tag}-1`), expect.stringContaining(`${tag}-3`)]));

    // The list of the created shipments shows exactly the two valid orders.
    await page.getByTestId('import-created-list').click();
    await page.waitForURL((url) => url.pathname === '/shipments');
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(2);
    const rows = (await page.locator('table tbody').innerText()).split('\n').join(' ');
    expect(rows).toContain(`${tag}-1`);
    expect(rows).toContain(`${tag}-3`);
    expect(rows).not.toContain(`${tag}-2`);

    // One created shipment opens on its own page.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/shipments/import/save');
    await page.getByTestId('import-created').locator('a').first().click();
    await page.waitForURL((url) => /^\/shipments\/\d+$/.test(url.pathname));
  });

  it('explains a refused file with its code (zip bomb)', async () => {
    const page = await env.newPage();
    await signIn(page, 'merchant.admin@example.com');
    await page.goto('/shipments/import/upload');
    const bomb = readFileSync(resolve(import.meta.dirname, '../../fixtures/import/zip-bomb.xlsx'));
    await page.locator('input[type=file]').setInputFiles({ name: 'orders.xlsx', mimeType: 'application/octet-stream', buffer: bomb });
    await page.getByRole('button', { name: en.screens.import.upload.submit }).click();
    const problem = page.getByTestId('import-problem');
    await problem.waitFor();
    expect(await problem.getAttribute('data-code')).toBe('import.zip_bomb');
    expect(await problem.innerText()).toContain(en.errors.import.zip_bomb);
    expect(pathOf(page)).toBe('/shipments/import/upload');
  });

  it('keeps a merchant user out of the wizard and hides the Import button', async () => {
    const page = await env.newPage();
    await signIn(page, 'merchant.user@example.com');
    await page.goto('/shipments/import/upload');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/shipments');
    await page.locator('table tbody tr').first().waitFor();
    expect(await page.getByTestId('shipments-import').count()).toBe(0);
  });
});
