/**
 * The dashboard's charts (issue 15) in a browser: below the three cards they render with the demo data, a chart's
 * CSV downloads with the numbers its table shows, the date range refuses an impossible range with the field's
 * message, and the page is axe-clean, on a desktop in English and at 390 px in Spanish. A section renders its
 * chart and table only once it comes into view (or takes focus).
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DASHBOARD_KPI_PHRASES } from '../../core/i18n/dashboard-kpis.js';
import { PHONE, describeE2e, en, es, languageButton, restoreEnglish, seriousViolations, signIn } from './helpers.js';

/** A language's catalogue and the charts' phrases (kept outside the catalogues). */
type Catalogue = typeof en & { kpis: (typeof DASHBOARD_KPI_PHRASES)['en'] };
const EN: Catalogue = { ...en, kpis: DASHBOARD_KPI_PHRASES.en };
const ES: Catalogue = { ...es, kpis: DASHBOARD_KPI_PHRASES.es } as Catalogue;

/** The accessible name of a chart's CSV button. */
const csvName = (c: Catalogue, chart: string) => c.kpis.csv_of.replace('%{chart}', chart);

/** Waits for the charts section, scrolls to its first chart and waits for its drawing; returns the section. */
async function chartsShown(page: Page, c: Catalogue) {
  await page.getByRole('heading', { name: c.kpis.title }).waitFor({ timeout: 20_000 });
  const flow = page.getByRole('region', { name: c.kpis.flow.title });
  // A section renders its chart and table once it comes into view (useNearViewport).
  await flow.scrollIntoViewIfNeeded();
  await page.getByRole('region', { name: c.kpis.rates.title }).scrollIntoViewIfNeeded();
  // The drawn line (the legend's marks are paths too, hidden from the accessibility tree).
  await flow.locator('svg path[class*="MuiLineChart-line"], svg path[class*="MuiLineElement"]').first().waitFor();
  await page.getByRole('region', { name: c.kpis.rates.title }).getByRole('cell', { name: c.kpis.rates.arrived }).waitFor();
  await page.waitForLoadState('networkidle');
  return flow;
}

/** Downloads a section's CSV; resolves to its lines. */
async function downloadCsv(page: Page, c: Catalogue, title: string): Promise<string[]> {
  const region = page.getByRole('region', { name: title });
  const [download] = await Promise.all([page.waitForEvent('download'), region.getByRole('button', { name: csvName(c, title) }).click()]);
  expect(download.suggestedFilename()).toMatch(/^dashboard-\w+-\d{4}-\d\d-\d\d(_\d{4}-\d\d-\d\d)?(-merchant-\d+)?(-location-\d+)?\.csv$/);
  return readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '').trim().split('\r\n');
}

describeE2e('dashboard charts', (env) => {
  it('desktop, English: the charts render with data below the cards, a CSV downloads, a bad range is refused, axe clean', async () => {
    const page = await env.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(page, 'superadmin@example.com');
    await page.getByText(en.dashboard.cards[0]).first().waitFor();
    await chartsShown(page, EN);
    const rates = await downloadCsv(page, EN, EN.kpis.rates.title);
    expect(rates[0]).toBe(`${EN.kpis.rates.measure},${EN.kpis.rates.value}`);
    const arrived = Number(rates.find((l) => l.startsWith(EN.kpis.rates.arrived + ','))!.split(',')[1]);
    expect(arrived).toBeGreaterThan(0); // the demo data has arrivals in the last 30 days
    const flow = await downloadCsv(page, EN, EN.kpis.flow.title);
    expect(flow).toHaveLength(31); // header + 30 days
    expect(flow.slice(1).reduce((sum, line) => sum + Number(line.split(',')[1]), 0)).toBe(arrived);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/lockerline-e2e-dashboard-charts.png', fullPage: true });

    // An end before the start: the field says why (the 422's message), nothing crashes.
    const to = page.getByRole('textbox', { name: EN.kpis.to, exact: true });
    await to.fill('2020-01-01');
    await page.getByText(en.validation.date_order).waitFor();
  });

  it('390 px: a section far below renders when scrolled into view or reached by the keyboard, not at load', async () => {
    const page = await env.newPage(PHONE);
    await signIn(page, 'merchant.admin@example.com');
    await page.getByRole('heading', { name: EN.kpis.title }).waitFor({ timeout: 20_000 });
    const exceptions = page.getByRole('region', { name: EN.kpis.exceptions.title });
    const heatmap = page.getByRole('region', { name: EN.kpis.heatmap.title });
    // Heading and CSV button at once; the table waits (the first view is the cards and the filters).
    await exceptions.getByRole('button', { name: csvName(EN, EN.kpis.exceptions.title) }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('kpi-exceptions-pending').count()).toBe(1);
    expect(await page.getByTestId('kpi-heatmap-pending').count()).toBe(1);
    expect(await exceptions.getByRole('table').count()).toBe(0);
    await exceptions.scrollIntoViewIfNeeded();
    await exceptions.getByRole('table').or(exceptions.getByRole('alert')).first().waitFor();
    expect(await page.getByTestId('kpi-exceptions-pending').count()).toBe(0);
    // Focus (a Tab onto its CSV button) renders a section too.
    await page.evaluate(() => window.scrollTo(0, 0));
    await heatmap.getByRole('button', { name: csvName(EN, EN.kpis.heatmap.title) }).focus();
    await heatmap.getByRole('table').waitFor();
    expect(await page.getByTestId('kpi-heatmap-pending').count()).toBe(0);
  });

  it('390 px, Spanish (a merchant admin): the charts render and the CSV downloads, axe clean', async () => {
    const page = await env.newPage(PHONE);
    await signIn(page, 'other.admin@example.com');
    // The app and the charts' chunk have mounted (a CSV button is theirs, not the first paint's) before the switch: a
    // tap on the first paint's language buttons while the app was still starting left the page half in English.
    await page.getByRole('button', { name: csvName(EN, EN.kpis.exceptions.title) }).waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    await languageButton(page, 'es').click();
    try {
      await page.getByRole('heading', { name: es.dashboard.title }).first().waitFor();
      await chartsShown(page, ES);
      // A merchant has no merchant filter.
      expect(await page.getByLabel(ES.kpis.merchant).count()).toBe(0);
      const lines = await downloadCsv(page, ES, ES.kpis.heatmap.title);
      expect(lines).toHaveLength(8);
      expect(lines[1]!.startsWith(ES.kpis.heatmap.days[0])).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: '/tmp/lockerline-e2e-dashboard-charts-es-390.png', fullPage: true });
    } catch (error) {
      await page.screenshot({ path: '/tmp/lockerline-e2e-dashboard-charts-es-390-failed.png', fullPage: true });
      throw error;
    } finally {
      // The language is saved on the account: back to English for the other tests.
      await restoreEnglish(page);
    }
  });
});
