/** axe-core finds no serious or critical violation on the main screens and the parcel-operation screens. */
import AxeBuilder from '@axe-core/playwright';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MENU } from '../../core/permissions.js';
import { PHONE, describeE2e, en, languageButton, signIn } from './helpers.js';
import { locationId, packagesWithStatus, scan, shipmentAwaitingPickup } from './operations-steps.js';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}

/** Text of the page's first h1 ('' while none). */
const h1Text = (page: Page) => page.evaluate(() => document.querySelector('h1')?.textContent?.trim() ?? '');

/**
 * Waits until the page shows an h1 other than `previous` (the screen just opened has set its title), then
 * asserts it is the only h1; resolves to its text.
 */
async function expectOneNewH1(page: Page, previous: string, where: string): Promise<string> {
  await page.waitForFunction((prev) => {
    const text = document.querySelector('h1')?.textContent?.trim() ?? '';
    return text !== '' && text !== prev;
  }, previous);
  // Exactly one h1 once the screen has settled: polled, not read once after 'networkidle' (that state is reached once
  // per page load, so after an in-app sign-in it may already lie behind, and the live-updates stream stays open).
  await expect.poll(() => page.locator('h1').count(), { message: where, timeout: 15_000 }).toBe(1);
  return h1Text(page);
}

/** axe's label-content-name-mismatch (WCAG 2.5.3; experimental in axe, so run by name): offending elements. */
async function nameMismatches(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
}

describeE2e('accessibility', (env) => {
  it('the EN/ES switch has its visible text in its accessible name, on the guest page and in the app bar', async () => {
    const page = await env.newPage();
    await page.goto('/signin');
    await languageButton(page, 'es').waitFor();
    await languageButton(page, 'en').waitFor();
    expect(await nameMismatches(page)).toEqual([]);
    await signIn(page, 'merchant.admin@example.com');
    await page.getByRole('heading', { name: en.dashboard.title }).first().waitFor();
    await languageButton(page, 'es').waitFor();
    expect(await nameMismatches(page)).toEqual([]);
  });

  it('a required field is announced as its label and "Required", two words; a record page has its title as the h1', async () => {
    const page = await env.newPage();
    await signIn(page, 'merchant.admin@example.com');
    await page.getByRole('menuitem', { name: en.menu.shipments }).click();
    await page.locator('table tbody tr').first().waitFor();
    await page.getByRole('link', { name: en.ra.action.create, exact: true }).click();
    const dropoff = en.resources.shipments.fields.dropoff_location_id;
    await page.getByRole('combobox', { name: `${dropoff} ${en.app.required}`, exact: true }).waitFor();

    await page.goBack();
    await page.locator('table tbody tr').first().click();
    await page.waitForURL((url) => /^\/shipments\/\d+$/.test(url.pathname));
    const h1 = page.getByRole('heading', { level: 1 });
    await h1.first().waitFor();
    expect(await h1.count()).toBe(1);
    expect((await h1.innerText()).trim()).not.toBe('');
  });

  it('every page opened from the menu (and the profile from the app bar) has exactly one h1', async () => {
    let visited = 0;
    for (const email of ['superadmin@example.com', 'merchant.admin@example.com', 'driver@example.com', 'warehouse@example.com', 'pudo@example.com']) {
      const page = await env.newPage();
      await signIn(page, email);
      // The app has taken over from the sign-in page (whose own h1 would otherwise count as the home's).
      await page.locator('#main-content').waitFor();
      let title = await expectOneNewH1(page, '', `${email} home`);
      const entries = MENU.filter((entry) => entry.path !== new URL(page.url()).pathname);
      for (const entry of entries) {
        const item = page.getByRole('menuitem', { name: en.menu[entry.key as keyof typeof en.menu], exact: true });
        if ((await item.count()) === 0) continue;
        await item.click();
        await page.waitForURL((url) => url.pathname === entry.path);
        title = await expectOneNewH1(page, title, `${email} ${entry.path}`);
        visited += 1;
      }
      await page.getByRole('link', { name: en.app.profile, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/users/profile');
      await expectOneNewH1(page, title, `${email} /users/profile`);
    }
    // Menu entries besides each home (PUDO staff have none): guards against clicking nothing.
    expect(visited).toBeGreaterThanOrEqual(10);
  });

  it('signin', async () => {
    const page = await env.newPage();
    await page.goto('/signin');
    await page.getByRole('button', { name: en.auth.sign_in, exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('dashboard and shipments list', async () => {
    const page = await env.newPage();
    await signIn(page, 'merchant.admin@example.com');
    await page.getByRole('heading', { name: en.dashboard.title }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/shipments');
    await page.locator('table tbody tr').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/lockerline-e2e-shipments.png', fullPage: true });
  });

  it('role screens at phone width (driver with the reroute dialog open, lockers, PUDO, warehouse) and a shipment page', async () => {
    const driver = await env.newPage(PHONE);
    await signIn(driver, 'driver@example.com');
    await driver.getByRole('textbox', { name: en.screens.scan_placeholder }).waitFor();
    expect(await seriousViolations(driver)).toEqual([]);
    const carried = (await packagesWithStatus(driver, 50)).find((p) => p.dropoff_location_id !== null);
    expect(carried, 'a demo package the driver carries').toBeTruthy();
    await scan(driver, carried!.barcode);
    await driver.getByTestId('package-card').getByRole('button', { name: en.screens.ops.actions.reroute }).click();
    await driver.getByRole('dialog').getByRole('radio').first().waitFor();
    // Measured once the dialog has faded in (half-transparent text fails contrast on its way in).
    await driver.waitForFunction(() => [...document.querySelectorAll('.MuiDialog-container')].every((el) => getComputedStyle(el).opacity === '1'));
    expect(await seriousViolations(driver)).toEqual([]);

    await driver.goto('/lockers');
    await driver.getByLabel(en.screens.ops.lockers.select).click();
    await driver.getByRole('option').first().click();
    // The menu fades out after the choice: measured once its options are gone.
    await driver.waitForFunction(() => !document.querySelector('[role="option"]'));
    await driver.getByTestId('locker-packages').waitFor();
    expect(await seriousViolations(driver)).toEqual([]);

    for (const [email, path] of [['pudo@example.com', '/pudo'], ['warehouse@example.com', '/warehouse']] as const) {
      const page = await env.newPage(PHONE);
      await signIn(page, email);
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole('textbox', { name: en.screens.scan_placeholder }).waitFor();
      expect(await seriousViolations(page), path).toEqual([]);
    }

    const admin = await env.newPage();
    await signIn(admin, 'merchant.admin@example.com');
    const shipment = await shipmentAwaitingPickup(admin, await locationId(admin, 'PD-NAS-01'));
    await admin.goto(`/shipments/${shipment.id}`);
    await admin.getByTestId('shipment-timeline').locator('[aria-current="step"]').waitFor();
    await admin.waitForLoadState('networkidle');
    expect(await seriousViolations(admin)).toEqual([]);
  });
});
