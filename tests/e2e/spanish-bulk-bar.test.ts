/** Spanish at 1280 px: the shipments bulk bar (selection count and every bulk button) fits without overflowing. */
import { expect, it } from 'vitest';
import { describeE2e, en, es, languageButton, signIn } from './helpers.js';

describeE2e('Spanish shipments bulk bar', (env) => {
  it('fits at 1280 px with rows selected', async () => {
    const page = await env.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, 'merchant.admin@example.com');
    await page.getByRole('group', { name: en.app.language }).locator('[lang=es]').click();
    await page.getByRole('menuitem', { name: es.resources.shipments.name.split('||||').pop()!.trim() }).first().click();
    await page.waitForURL((url) => url.pathname === '/shipments');
    await page.locator('table tbody tr').first().waitFor();
    await page.locator('table thead input[type=checkbox]').first().check();
    const bar = page.locator('.RaBulkActionsToolbar-toolbar, [data-test=bulk-actions-toolbar]').first();
    await bar.waitFor();
    await bar.getByRole('button', { name: es.ra.action.delete }).waitFor();
    await page.screenshot({ path: '/tmp/lockerline-e2e-bulkbar-1280-es.png' });
    const overflow = await bar.evaluate((el) => {
      const right = el.getBoundingClientRect().right;
      const beyond = [...el.querySelectorAll('button, a')].filter((b) => b.getBoundingClientRect().right > right + 1 || b.getBoundingClientRect().right > window.innerWidth);
      return { scroll: el.scrollWidth - el.clientWidth, beyond: beyond.map((b) => b.textContent) };
    });
    expect(overflow).toEqual({ scroll: 0, beyond: [] });
    // The choice is saved on the account: give it back its English for the files that run after this one.
    await page.keyboard.press('Escape');
    await languageButton(page, 'en', es).click();
    await page.getByRole('group', { name: en.app.language }).waitFor();
  });
});
