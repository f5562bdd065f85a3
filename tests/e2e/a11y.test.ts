/** axe-core finds no serious or critical violation on the main screens. */
import AxeBuilder from '@axe-core/playwright';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2e, en, signIn } from './helpers.js';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}

describeE2e('accessibility', (env) => {
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
});
