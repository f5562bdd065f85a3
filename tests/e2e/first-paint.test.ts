/**
 * The phone's first paint (docs/admin.md "First paint and the main thread on a phone"): on the signed-in user's
 * home at phone width, the first-screen script draws the app bar and the screen's heading (the dashboard: its
 * cards and the charts' heading too) before the app has run; the app replaces it in place (same position, nothing shifts) once the screen is rendered. Nobody else
 * sees it: not a guest, not after signing out.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { NETWORK_TIME_ZONE } from '../../core/dashboard.js';
import { PHONE, account, describeE2e, en, signIn } from './helpers.js';

/** The app's entry chunk: blocked, only what the first-screen script draws is on the page. */
const ENTRY = /\/assets\/index-[^/]*\.js$/;

const box = async (page: Page, selector: string) => {
  const found = await page.locator(selector).first().boundingBox();
  expect(found, selector).not.toBeNull();
  return found!;
};

/** The dashboard's cards' labels, its charts' heading and time zone line, as drawn under `root` (the first paint, or the app). */
async function dashboardBoxes(page: Page, root: string) {
  const boxes = [];
  for (const label of Object.values(en.dashboard.cards)) boxes.push(await box(page, `${root} :text-is("${label}")`));
  boxes.push(await box(page, `${root} :text-is("${en.dashboard.kpis_title}")`));
  boxes.push(await box(page, `${root} :text-is("${en.dashboard.kpis_time_zone.replace('%{zone}', NETWORK_TIME_ZONE)}")`));
  return boxes;
}

describeE2e('first paint on a phone', (env) => {
  for (const email of ['driver@example.com', 'merchant.admin@example.com']) {
    const { home, heading } = account(email);
    it(`${account(email).role}: heading drawn before the app, replaced in place`, async () => {
      const page = await env.newPage(PHONE);
      await signIn(page, email);
      await page.waitForURL((url) => url.pathname === home);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();

      await page.route(ENTRY, (route) => route.abort());
      await page.reload();
      const shell = page.locator('#app-shell');
      await expect.poll(() => shell.locator('h2').first().textContent(), { timeout: 15_000 }).toBe(heading);
      expect(await shell.getAttribute('aria-hidden')).toBe('true');
      expect(await shell.locator('span').first().textContent()).toBe(en.app.title);
      const drawn = await box(page, '#app-shell h2');
      const intro = home === '/driver' ? await box(page, '#app-shell p') : null;
      // The dashboard's first view: its three cards, the charts' heading and time zone, where the app draws them.
      const dashboard = home === '/' ? await dashboardBoxes(page, '#app-shell') : null;
      if (dashboard) expect(await shell.locator('h2').nth(1).textContent()).toBe(en.dashboard.kpis_title);
      // After the paint, every chunk of the first screen is modulepreloaded (a dozen links per task), the entry's
      // absence notwithstanding: the app, the layout and the home screen's own chunk among them.
      const screenChunk = home === '/driver' ? 'DriverScreen' : 'Dashboard';
      const preloaded = () => page.evaluate(() => [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => (l as HTMLLinkElement).href));
      const missing = async () => {
        const hrefs = await preloaded();
        return ['AdminApp', 'Layout', screenChunk].filter((name) => !hrefs.some((href) => href.includes(`/assets/${name}-`)));
      };
      await expect.poll(missing, { timeout: 15_000 }).toEqual([]);
      expect((await preloaded()).length).toBeGreaterThan(12);

      await page.unroute(ENTRY);
      await page.reload();
      const real = page.locator('#main-content h2').first();
      await real.waitFor();
      await expect.poll(() => shell.count(), { timeout: 15_000 }).toBe(0);
      expect(await real.textContent()).toBe(heading);
      const rendered = await box(page, '#main-content h2');
      for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(rendered[key] - drawn[key])).toBeLessThan(0.5);
      if (dashboard) {
        const app = await dashboardBoxes(page, '#main-content');
        for (const [i, drawn] of dashboard.entries()) {
          for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(app[i]![key] - drawn[key]), `${i} ${key}`).toBeLessThan(0.5);
        }
      }
      if (intro) {
        const line = await box(page, '#main-content h2 + p');
        expect(Math.abs(line.y - intro.y)).toBeLessThan(0.5);
        expect(Math.abs(line.height - intro.height)).toBeLessThan(0.5);
      }
      // No layout shift from the swap (the first paint is fixed over the page).
      const shifted = await page.evaluate(
        () =>
          new Promise<number>((done) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) total += entry.value;
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => done(total), 200);
          }),
      );
      expect(shifted).toBeLessThan(0.01);

      // Signing out forgets whose home it was: the next load of the page draws nothing.
      await page.getByRole('button', { name: en.app.sign_out }).click();
      await page.waitForURL((url) => url.pathname === '/signin');
      expect(await page.evaluate(() => localStorage.getItem('lockerline.home'))).toBeNull();
      await page.route(ENTRY, (route) => route.abort());
      await page.goto(home);
      await page.waitForTimeout(1000);
      expect(await shell.count()).toBe(0);
    });
  }

  it('a wider screen gets no first paint', async () => {
    const page = await env.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, 'driver@example.com');
    await page.getByRole('heading', { name: en.screens.driver.title, exact: true }).first().waitFor();
    await page.route(ENTRY, (route) => route.abort());
    await page.reload();
    await page.waitForTimeout(1000);
    expect(await page.locator('#app-shell').count()).toBe(0);
  });
});
