import { chromium, type Page } from 'playwright-core';
const base = 'http://127.0.0.1:3917';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
async function session(email: string, width: number, lang: 'en' | 'es'): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: base, viewport: { width, height: 900 }, isMobile: width < 500, hasTouch: width < 500 });
  await ctx.addInitScript((l) => localStorage.setItem('lockerline.locale', l), lang);
  const page = await ctx.newPage();
  await page.goto('/signin');
  await page.locator('input[type=email], input[name=email]').first().fill(email);
  await page.locator('input[type=password]').first().fill('lockerline-demo');
  await page.locator('button[type=submit]').first().click();
  await page.waitForURL((u) => u.pathname !== '/signin');
  await page.waitForTimeout(1500);
  const want = lang === 'es' ? /Espa|^ES$/ : /English|Inglés|^EN$/;
  await page.getByRole('button', { name: want }).first().click();
  await page.waitForTimeout(800);
  return page;
}
const shot = async (page: Page, name: string) => { await page.waitForTimeout(1500); await page.screenshot({ path: `/tmp/screens-a/${name}.png`, fullPage: true }); };
const which = process.argv[2];
for (const [width, lang] of [[1280, 'en'], [390, 'es']] as const) {
  const tag = `${width}-${lang}`;
  if (which === 'lockers') {
    const p = await session('driver@example.com', width, lang);
    await p.goto('/lockers');
    await p.getByRole('combobox').first().click();
    await p.getByRole('option').nth(1).click();
    await shot(p, `lockers-${tag}`);
    const btn = p.getByRole('button', { name: /retrievable|recuperable/i }).first();
    if (await btn.isEnabled()) { await btn.click(); await shot(p, `lockers-confirm-${tag}`); }
  }
  if (which === 'shipment') {
    const p = await session('merchant.user@example.com', width, lang);
    await p.goto('/shipments');
    await p.waitForTimeout(1500);
    await p.getByRole('row').nth(2).click();
    await shot(p, `shipment-mu-${tag}`);
  }
  if (which === 'driver') {
    const p = await session('driver@example.com', width, lang);
    const field = p.getByRole('textbox').first();
    await field.fill(process.argv[3] ?? 'LPNOPE');
    await field.press('Enter');
    await shot(p, `driver-${tag}`);
  }
  if (which === 'package') {
    const p = await session('superadmin@example.com', width, lang);
    await p.goto(process.argv[3]!);
    await shot(p, `package-${tag}`);
  }
}
await browser.close();
