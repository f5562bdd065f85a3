import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:4142';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [name, opts, email] of [['desktop', { viewport: { width: 1366, height: 900 } }, 'superadmin@example.com'], ['phone', { viewport: { width: 390, height: 844 }, isMobile: true }, 'merchant.admin@example.com']]) {
  const ctx = await browser.newContext({ baseURL: base, ...opts });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  page.on('console', (m) => m.type() === 'error' && console.log('console', m.text()));
  await page.goto('/signin');
  await page.getByLabel('Email', { exact: false }).first().fill(email);
  await page.getByLabel('Password', { exact: false }).first().fill('lockerline-demo');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((u) => u.pathname !== '/signin');
  await page.getByText('Network at a glance').waitFor({ timeout: 20000 });
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/kpi-${name}.png`, fullPage: true });
  await ctx.close();
}
await browser.close();
