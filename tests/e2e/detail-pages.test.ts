/**
 * Issue 10, "what users expect": detail pages as cards (empty values "—", booleans as words, the history newest
 * first with who did it), a merchant user's shipment page that fits a 390 px phone, and success notices that
 * name the record ("Pickup requested for shipment LL…"), never "Element created" / "Request pickup: done.".
 */
import { expect, it } from 'vitest';
import { format, translate } from '../../core/i18n/index.js';
import { NOTICES } from '../../core/i18n/notices.js';
import { PHONE, apiData, clickMenu, describeE2e, en, es, openRow, seriousViolations, signIn } from './helpers.js';

interface Shipment {
  id: number;
  reference_id: string;
  paid: number | boolean | null;
  external_reference_id: string | null;
  batch_id: number | null;
  manifest_id: number | null;
}

/** The value under `label` in the card `section` (a card is a region named by its heading). */
const fieldValue = async (section: import('playwright-core').Locator, label: string) => {
  const field = section.locator('.ra-field').filter({ has: section.page().getByText(label, { exact: true }) }).first();
  return (await field.innerText()).replace(label, '').trim();
};

describeE2e('detail pages (issue 10)', (env) => {
  it('a merchant user opens a shipment at 390 px: cards stack, no sideways scroll, "—" for an empty field, a boolean as a word', async () => {
    const page = await env.newPage({ ...PHONE, deviceScaleFactor: 1 });
    await signIn(page, 'merchant.user@example.com');
    await page.getByRole('button', { name: en.ra.action.open_menu }).click();
    await clickMenu(page, en.menu.shipments);
    await page.waitForURL((url) => url.pathname === '/shipments');
    await page.getByTestId('phone-list').getByRole('listitem').first().click();
    await page.waitForURL((url) => /^\/shipments\/\d+$/.test(url.pathname));
    const id = Number(new URL(page.url()).pathname.split('/')[2]);
    const shipment = await apiData<Shipment>(page, `/api/shipments/${id}`);
    await expect.poll(() => page.locator('h1').first().textContent()).toContain(shipment.reference_id);

    const sections = page.locator('section');
    await page.getByRole('region', { name: translate('en', 'resources.shipments.fields.recipient', { smart_count: 1 }) }).waitFor();
    await page.waitForLoadState('networkidle');
    // Every card is as wide as the page (stacked), and nothing is wider than the phone.
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    expect(clientWidth).toBeLessThanOrEqual(390);
    const boxes = await sections.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: r.x, right: r.right })));
    expect(boxes.length).toBeGreaterThanOrEqual(5);
    const lefts = new Set(boxes.map((b) => Math.round(b.x)));
    expect(lefts.size, 'cards stack in one column').toBe(1);
    for (const b of boxes) expect(b.right).toBeLessThanOrEqual(390);

    // An empty reference reads "—"; the boolean "Paid" reads Yes or No.
    const references = page.getByRole('region', { name: en.details.sections.reference });
    const empty = (['batch_id', 'manifest_id', 'external_reference_id'] as const).find((f) => shipment[f] === null || shipment[f] === '');
    expect(empty, 'the demo shipment has an empty reference field').toBeTruthy();
    expect(await fieldValue(references, en.resources.shipments.fields[empty!])).toBe('—');
    const paid = Boolean(Number(shipment.paid));
    const card = page.getByRole('region', { name: translate('en', 'resources.shipments.name', { smart_count: 1 }) });
    expect(await fieldValue(card, en.resources.shipments.fields.paid)).toBe(paid ? en.ra.boolean.true : en.ra.boolean.false);

    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/lockerline-e2e-shipment-page-390.png', fullPage: true });
  });

  it('a merchant page at 390 px in Spanish: every chip stays inside its card and clear of the next column', async () => {
    const page = await env.newPage({ ...PHONE, deviceScaleFactor: 1 });
    await signIn(page, 'superadmin@example.com');
    const merchants = await apiData<{ id: number; name: string }[]>(page, '/api/merchants?perPage=100');
    // Spanish on this browser only (the account's language stays as it is for the other files). Written as the next
    // document starts: the signed-in page still running could save its own language after an evaluate() had written.
    await page.addInitScript(() => localStorage.setItem('locale', 'es'));
    await page.goto(`/merchants/${merchants.find((m) => m.name === 'Acme Outfitters')!.id}`);
    const settings = page.getByRole('region', { name: es.details.sections.settings });
    await settings.getByText(es.notification_events['package-available-pudo'], { exact: true }).waitFor();
    const { card, chips } = await settings.evaluate((section) => ({
      card: section.getBoundingClientRect().toJSON() as DOMRect,
      chips: [...section.querySelectorAll('.MuiChip-root')].map((chip) => ({ text: chip.textContent, box: chip.getBoundingClientRect().toJSON() as DOMRect })),
    }));
    expect(chips.length).toBeGreaterThan(10);
    for (const { text, box } of chips) expect(box.right, `${text} inside its card`).toBeLessThanOrEqual(card.right);
    const overlap = (a: DOMRect, b: DOMRect) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    for (const [i, a] of chips.entries()) for (const b of chips.slice(i + 1)) expect(overlap(a.box, b.box), `${a.text} / ${b.text}`).toBe(false);
    await page.screenshot({ path: '/tmp/lockerline-e2e-merchant-page-390-es.png', fullPage: true });
  });

  it('a verb says what happened to which record, and the history shows it first, with who did it', async () => {
    const page = await env.newPage();
    await signIn(page, 'merchant.admin@example.com');
    const res = await page.request.get('/api/shipments?perPage=100&sort=id');
    const body = (await res.json()) as { data: Shipment[]; meta: { actions: Record<string, string[]> } };
    // The last shipment that may still be asked for pickup (other files take the first ones).
    const shipment = [...body.data].reverse().find((s) => body.meta.actions[String(s.id)]?.includes('request-pickup'));
    expect(shipment, 'a demo shipment awaiting a pickup request').toBeTruthy();

    await clickMenu(page, en.menu.shipments);
    await openRow(page, shipment!.reference_id);
    await page.getByRole('heading', { level: 1 }).filter({ hasText: shipment!.reference_id }).waitFor();
    await page.getByRole('button', { name: en.operations.actions.request_pickup, exact: true }).click();
    const notice = format('en', NOTICES.en.shipments.request_pickup, { name: shipment!.reference_id, smart_count: 1 });
    await page.getByText(notice, { exact: true }).waitFor();
    expect(await page.getByText(/: done\.|Element (created|updated)/).count()).toBe(0);

    // Newest first: the step just taken (to the shipment's new status), by the person who took it.
    const after = await apiData<{ status: number }>(page, `/api/shipments/${shipment!.id}`);
    const history = page.getByRole('list', { name: en.resources.shipments.fields.timeline });
    const newest = history.getByRole('listitem').first();
    await expect.poll(() => newest.innerText()).toContain(`→ ${translate('en', `statuses.shipments.${after.status}`)}`);
    expect(await newest.innerText()).toContain(translate('en', 'details.by', { name: 'Alex Acme' }));
  });

  it('create, save and delete say which record: "Location group … created", "… saved", "Location group … deleted."', async () => {
    const page = await env.newPage();
    await signIn(page, 'superadmin@example.com');
    const name = `Cards ${Date.now().toString(36)}`;
    const say = (action: 'created' | 'updated' | 'deleted', named: string) => format('en', NOTICES.en.location_groups[action], { name: named, smart_count: 1 });
    await clickMenu(page, en.menu.location_groups);
    await page.getByRole('link', { name: en.ra.action.create, exact: true }).click();
    await page.getByRole('textbox', { name: en.resources.location_groups.fields.name }).first().fill(name);
    await page.getByRole('button', { name: en.ra.action.save, exact: true }).click();
    await page.getByText(say('created', name), { exact: true }).waitFor();
    await page.waitForURL((url) => /^\/location_groups\/\d+$/.test(url.pathname));

    await page.getByRole('link', { name: en.ra.action.edit, exact: true }).click();
    const input = page.getByRole('textbox', { name: en.resources.location_groups.fields.name }).first();
    await expect.poll(() => input.inputValue()).toBe(name);
    await input.fill(`${name} 2`);
    await page.getByRole('button', { name: en.ra.action.save, exact: true }).click();
    await page.getByText(say('updated', `${name} 2`), { exact: true }).waitFor();
    await page.waitForURL((url) => /^\/location_groups\/\d+$/.test(url.pathname));

    await page.getByRole('button', { name: en.ra.action.delete, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: en.ra.action.confirm, exact: true }).click();
    await page.getByText(say('deleted', `${name} 2`), { exact: true }).waitFor();
    expect(await page.getByText(/Element (created|updated|deleted)/).count()).toBe(0);
  });
  it('a record page with no action for the user shows no empty toolbar strip at 390 px (merchant user, a manifest)', async () => {
    const page = await env.newPage({ ...PHONE, deviceScaleFactor: 1 });
    await signIn(page, 'merchant.user@example.com');
    await page.getByRole('button', { name: en.ra.action.open_menu }).click();
    await clickMenu(page, en.menu.manifests);
    await page.waitForURL((url) => url.pathname === '/manifests');
    await page.getByTestId('phone-list').getByRole('listitem').filter({ hasText: 'Acme air freight' }).click();
    await page.waitForURL((url) => /^\/manifests\/\d+$/.test(url.pathname));
    const card = page.getByRole('region', { name: translate('en', 'resources.manifests.name', { smart_count: 1 }) });
    await card.waitFor();
    await page.waitForLoadState('networkidle');
    // A merchant user may not edit, delete or move a manifest: nothing to show above the card.
    expect(await page.getByRole('button', { name: en.ra.action.edit }).count()).toBe(0);
    // The card starts right under the app bar (56 px on a phone), not under an empty white toolbar strip.
    expect((await card.boundingBox())!.y, 'no empty toolbar strip above the card').toBeLessThan(90);
  });
});
