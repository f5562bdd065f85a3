/**
 * The batch customer import end to end (issue 5): from a batch's page a merchant admin uploads a CSV with
 * one bad phone, sees the error on that cell, imports the valid rows and lands on the batch's customer
 * list showing just the new customers. A merchant user gets no button and no wizard.
 */
import { expect, it } from 'vitest';
import { format } from '../../core/i18n/index.js';
import { apiData, apiPost, describeE2e, en, signIn } from './helpers.js';

/** An English phrase with its plural and parameters applied as the admin applies them. */
const text = (phrase: string, params?: Record<string, string | number>) => format('en', phrase, params);

/** Three customers, the second (spreadsheet row 3) with a phone far too short; last names unique per run. */
const customersCsv = (tag: string) =>
  Buffer.from(
    ['first_name,last_name,email,phone,country,locale,offset_date', `Ana,${tag},ana@example.com,+1 242 502 1234,BS,es,`, `Dan,${tag},,12,BS,,`, `Cara,${tag},cara@example.com,,BS,en,${new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)}`].join('\n') + '\n',
  );

describeE2e('batch customer import wizard', (env) => {
  it('uploads a file with one bad row from the batch page, imports the valid rows and lands on the new customers', async () => {
    const page = await env.newPage();
    await signIn(page, 'merchant.admin@example.com');
    const tag = `Imp${Date.now().toString(36)}`;
    // A batch of its own, so the demo batch the other suites use keeps its customers.
    const batch = await apiPost<{ id: number }>(page, '/api/batches', { name: `E2E ${tag}`, type: 'standard' });

    await page.goto(`/batches/${batch.id}`);
    await page.getByTestId('batch-items-import').click();
    await page.waitForURL((url) => url.pathname === `/batches/${batch.id}/batch_items/import/upload`);
    await page.getByRole('heading', { name: en.screens.import.customers.title, level: 1 }).waitFor();

    await page.locator('input[type=file]').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: customersCsv(tag) });
    await page.getByRole('button', { name: en.screens.import.upload.submit }).click();
    await page.waitForURL((url) => url.pathname === `/batches/${batch.id}/batch_items/import/preview` && url.searchParams.has('id'));

    const counts = page.getByTestId('import-counts');
    await expect.poll(() => counts.locator('[data-count=valid]').innerText()).toContain('2');
    expect(await counts.locator('[data-count=invalid]').innerText()).toContain('1');
    expect(await counts.locator('[data-count=items]').innerText()).toContain(en.screens.import.preview.counts.items);

    // The error sits on the phone cell of row 3, and nowhere else.
    const badRow = page.locator('[data-testid=import-rows] tbody tr[data-row="3"]');
    const phoneCell = badRow.locator('td[data-column=phone]');
    expect(await phoneCell.getAttribute('data-error')).toMatch(/^phone\./);
    expect(await phoneCell.innerText()).toContain('12');
    expect(await page.locator('[data-testid=import-rows] td[data-error]').count()).toBe(1);
    expect(await page.locator('[data-testid=import-rows] thead th[data-column]').evaluateAll((ths) => ths.map((th) => th.getAttribute('data-column')))).toEqual([
      'first_name', 'last_name', 'email', 'phone', 'country', 'locale', 'offset_date',
    ]);

    await page.getByRole('button', { name: text(en.screens.import.preview.import_valid, { smart_count: 2 }) }).click();
    await page.waitForURL((url) => url.pathname === `/batches/${batch.id}/batch_items`);
    await page.getByText(text(en.screens.import.customers.done, { count: 2 }), { exact: false }).waitFor();
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(2);
    const rows = (await page.locator('table tbody').innerText()).split('\n').join(' ');
    expect(rows).toContain('Ana');
    expect(rows).toContain('Cara');
    expect(rows).not.toContain('Dan');

    // Stored in the batch, its item count kept.
    const stored = await apiData<{ first_name: string; locale: string; status: number }[]>(page, `/api/batch_items?filters[batch_id]=${batch.id}`);
    expect(stored.map((i) => [i.first_name, i.locale, i.status])).toEqual([['Ana', 'es', 0], ['Cara', 'en', 0]]);
    expect((await apiData<{ item_count: number }>(page, `/api/batches/${batch.id}`)).item_count).toBe(2);
  });

  it('keeps a merchant user out of the wizard and hides the button', async () => {
    const page = await env.newPage();
    await signIn(page, 'merchant.user@example.com');
    const [batch] = await apiData<{ id: number }[]>(page, '/api/batches');
    await page.goto(`/batches/${batch!.id}/batch_items/import/upload`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(`/batches/${batch!.id}`);
    await page.getByText(en.resources.batches.fields.item_count).first().waitFor();
    expect(await page.getByTestId('batch-items-import').count()).toBe(0);
  });
});
