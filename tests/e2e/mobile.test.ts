/** Driver and PUDO homes are usable on a 390 px wide phone: no horizontal scroll, the scan field in view. */
import { expect, it } from 'vitest';
import { PHONE, describeE2e, account, signIn } from './helpers.js';

describeE2e('phone width', (env) => {
  for (const email of ['driver@example.com', 'pudo@example.com']) {
    it(`${account(email).role} home at 390 px`, async () => {
      const page = await env.newPage({ ...PHONE, deviceScaleFactor: 2 });
      await signIn(page, email);
      await page.waitForURL((url) => url.pathname === account(email).home);
      await page.getByRole('heading', { name: account(email).heading, exact: true }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      const heading = await page.getByRole('heading', { name: account(email).heading, exact: true }).first().boundingBox();
      expect(heading && heading.x >= 0 && heading.x + heading.width <= 390).toBe(true);
      await page.screenshot({ path: `/tmp/lockerline-e2e-${account(email).role}-390.png` });
    });
  }
});
