import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [w, lang, email, path] of [[1280, 'en', 'merchant.admin@example.com', '/shipments'], [390, 'es', 'pudo@example.com', '/pudo']]) {
  const ctx = await b.newContext({ baseURL: 'http://127.0.0.1:4391', viewport: { width: w, height: 700 } });
  const p = await ctx.newPage();
  await p.goto('/signin');
  await p.getByLabel('Email', { exact: false }).first().fill(email);
  await p.getByLabel('Password', { exact: false }).first().fill('lockerline-demo');
  await p.getByRole('button', { name: 'Sign in', exact: true }).click();
  await p.waitForURL((u) => u.pathname !== '/signin');
  await p.goto(path);
  if (lang === 'es') await p.getByRole('button', { name: 'ES Español' }).first().click();
  await p.waitForTimeout(2500);
  await p.screenshot({ path: `/tmp/live-${w}-${lang}.png` });
  await ctx.close();
}
await b.close();
