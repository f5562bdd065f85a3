/** Shared pieces of the e2e suite: the running server's address, a browser per file, sign-in. */
import { afterAll, afterEach, beforeAll, describe, expect, inject } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { en } from '../../core/i18n/index.js';
import { es } from '../../core/i18n/index.js';
import { launchChromium } from './chromium.js';

export { en, es };
export const DEMO_PASSWORD = 'lockerline-demo';

export interface DemoAccount {
  email: string;
  role: string;
  home: string;
  /** The heading the home screen shows. */
  heading: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'superadmin@example.com', role: 'superadmin', home: '/', heading: en.dashboard.title },
  { email: 'support@example.com', role: 'customer support', home: '/', heading: en.dashboard.title },
  { email: 'merchant.admin@example.com', role: 'merchant admin', home: '/', heading: en.dashboard.title },
  { email: 'merchant.user@example.com', role: 'merchant user', home: '/', heading: en.dashboard.title },
  { email: 'other.admin@example.com', role: 'merchant admin (Globex)', home: '/', heading: en.dashboard.title },
  { email: 'pudo@example.com', role: 'pudo', home: '/pudo', heading: en.screens.pudo.title },
  { email: 'driver@example.com', role: 'driver', home: '/driver', heading: en.screens.driver.title },
  { email: 'warehouse@example.com', role: 'warehouse', home: '/warehouse', heading: en.screens.warehouse.title },
];

export const account = (email: string) => DEMO_ACCOUNTS.find((a) => a.email === email)!;

/**
 * describe() that runs only when the global setup started a server (Chromium present); otherwise
 * the reason is printed and the tests are reported as skipped.
 */
export function describeE2e(name: string, body: (env: E2eEnv) => void): void {
  const reason = inject('skipReason');
  if (reason) console.warn(reason);
  describe.skipIf(Boolean(reason))(name, () => {
    const env = e2eEnv();
    body(env);
  });
}

export interface E2eEnv {
  baseUrl: string;
  browser(): Browser;
  /** A new isolated context (own cookies) and page; closed after the file. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
}

function e2eEnv(): E2eEnv {
  const baseUrl = inject('baseUrl');
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const pages: Page[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  // A failed test prints what each of its pages showed: a CI log then tells a slow list from an error dialog.
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    for (const page of pages) await describePage(page);
  });
  afterAll(async () => {
    await Promise.allSettled(contexts.map((c) => c.close()));
    await browser?.close();
  });
  return {
    baseUrl,
    browser: () => browser!,
    async newPage(options = {}) {
      // The app's service worker (precache of every chunk) only where a test asks for it (offline-scanning.test.ts).
      const context = await browser!.newContext({ baseURL: baseUrl, locale: 'en-US', serviceWorkers: 'block', ...options });
      context.setDefaultTimeout(15_000);
      contexts.push(context);
      const page = await context.newPage();
      pages.push(page);
      // Printed with the test's output, so a failure shows a broken bundle or a crashed script at once.
      page.on('pageerror', (error) => console.warn(`[browser] page error: ${error.message}`));
      page.on('response', (response) => {
        if (response.status() >= 500 || (response.status() === 404 && !response.url().includes('/api/'))) {
          console.warn(`[browser] ${response.status()} ${response.url()}`);
        }
      });
      return page;
    },
  };
}

/** Prints a page's address, its dialogs and the start of its visible text (never throws: the page may be gone). */
async function describePage(page: Page): Promise<void> {
  if (page.isClosed()) return;
  const shown = await page
    .evaluate(() => {
      const text = (el: Element | null) => ((el as HTMLElement | null)?.innerText ?? '').replace(/\s+/g, ' ').trim();
      const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="alert"]')].map(text);
      return { dialogs: dialogs.filter(Boolean), body: text(document.body).slice(0, 800) };
    })
    .catch((error: unknown) => ({ dialogs: [], body: `(could not read the page: ${String(error)})` }));
  console.warn(`[browser] failed test's page ${page.url()}\n  dialogs: ${JSON.stringify(shown.dialogs)}\n  text: ${shown.body}`);
}

/** The path part of the page's URL ("/shipments"), without query or hash. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Fills and submits the /signin form. Does not wait for the navigation. */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel(en.auth.email, { exact: false }).first().fill(email);
  await page.getByLabel(en.auth.password, { exact: false }).first().fill(password);
  await page.getByRole('button', { name: en.auth.sign_in, exact: true }).click();
}

/**
 * Signs in through the form and waits until the app has left /signin, in English. Sign-in restores the language saved
 * on the account, and the demo accounts are shared by every e2e file: a test that switched one to Spanish and failed,
 * or whose switch back was still on its way, would otherwise hand Spanish to the next test that signs in as that user.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await submitSignIn(page, email, password);
  await page.waitForURL((url) => url.pathname !== '/signin');
  const saved = (await page.context().cookies()).find((c) => c.name === 'locale')?.value;
  if (saved && saved !== 'en') {
    await restoreEnglish(page);
    await page.reload();
  }
}

/**
 * Saves English as the signed-in account's language (PUT /api/user/locale), awaited: the demo accounts are shared by
 * every e2e file, so a test that switched one to Spanish puts it back this way rather than by a click still in flight.
 */
export async function restoreEnglish(page: Page): Promise<void> {
  const res = await page.request.put('/api/user/locale', { data: { locale: 'en' }, headers: await xsrfHeader(page) });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * A button of the EN/ES switch (app bar or guest layout), by its accessible name: the visible code, then the
 * language's name ("ES Español").
 */
export const languageButton = (page: Page, code: 'en' | 'es', catalogue: typeof en = en) =>
  page.getByRole('button', { name: `${code.toUpperCase()} ${catalogue.app.languages[code]}`, exact: true }).first();

/** A 390 px phone (the store and driver screens, the customer pages). */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } satisfies BrowserContextOptions;

/** GET /api/... as the signed-in page (its cookies); fails the test unless 2xx; resolves to `data`. */
export async function apiData<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** The CSRF header the SPA sends with every write (echo of the XSRF-TOKEN cookie). */
export async function xsrfHeader(page: Page): Promise<Record<string, string>> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) };
}

/** POST /api/... as the signed-in page (JSON body, CSRF header); fails the test unless 2xx; resolves to `data`. */
export async function apiPost<T>(page: Page, path: string, body: Record<string, unknown> = {}): Promise<T> {
  const res = await page.request.post(path, { data: body, headers: await xsrfHeader(page) });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** axe-core's serious and critical WCAG 2.x A/AA violations on the page, one line each (empty when none). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Let finite CSS transitions and animations end first: a colour caught mid-transition (a selected toggle
  // fading in, a notice appearing) is not what a person reads, and made the contrast check flaky under load.
  // A notice that is just mounting starts its transition a frame later: give it that beat first.
  await page.waitForTimeout(500);
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}

/** Clicks an entry of the side menu (react-admin renders them as menu items), as a person opens a list. */
export async function clickMenu(page: Page, label: string): Promise<void> {
  await page.getByRole('menuitem', { name: label, exact: true }).click();
}

/** From a list: types `text` into its search box and opens the first row showing it. */
export async function openRow(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: en.lists.search }).fill(text);
  // The list applies a search after a pause and writes it into the URL: a row clicked before that would
  // be navigated away from by the list's own URL update.
  await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(text));
  await page.getByRole('row').filter({ hasText: text }).first().click();
  await page.waitForURL((url) => /^\/\w+\/\d+$/.test(url.pathname));
}
