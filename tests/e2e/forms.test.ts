/**
 * Issue 10, "What users expect": forms in titled sections (location, shipment, merchant, user, batch), the
 * brand colour from a colour picker, batch texts per language with the English fallback shown, and
 * "This will message N customers" before starting a campaign or notifying. Reached as a person does: the
 * menu, a list row, the Create / Edit / verb buttons. Screenshots of the location form at 1280 and 390 px,
 * English and Spanish, go to /tmp/lockerline-e2e-forms-*.png.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { translate } from '../../core/i18n/index.js';
import { apiData, apiPost, clickMenu, describeE2e, en, es, languageButton, openRow, PHONE, seriousViolations, signIn } from './helpers.js';

const plural = (name: string) => name.split('||||').pop()!.trim();
const sections = en.forms.sections;
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
/** The inputs inside the titled section (a `section` labelled by its heading). */
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function openCreate(page: Page, menu: string) {
  await clickMenu(page, menu);
  await page.getByRole('link', { name: translate('en', 'ra.action.create'), exact: true }).first().click();
  await page.waitForURL((url) => url.pathname.endsWith('/create'));
}

/** Acme's brand colour before the colour tests change it (restored after them). */
let demoBrandColour = '#ff9800';

describeE2e('Forms in sections, colour picker, texts per language, audience (issue 10)', (env) => {
  it('groups the location form into titled sections in two columns at 1280 px, in English and Spanish', async () => {
    const page = await env.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'superadmin@example.com');
    await openCreate(page, en.menu.locations);
    for (const name of Object.values(sections.locations)) await heading(page, name).waitFor();
    // Each field sits in its section.
    await section(page, sections.locations.address).getByRole('textbox', { name: en.resources.locations.fields.address_street }).waitFor();
    await section(page, sections.locations.geo).getByLabel(en.resources.locations.fields.latitude).first().waitFor();
    await section(page, sections.locations.hours).getByRole('textbox', { name: en.resources.locations.fields.hours }).waitFor();
    // Two columns on a desktop: the name and the code side by side.
    const identity = section(page, sections.locations.identity);
    const nameBox = await identity.getByRole('textbox', { name: en.resources.locations.fields.name }).boundingBox();
    const codeBox = await identity.getByRole('textbox', { name: en.resources.locations.fields.code }).boundingBox();
    expect(Math.abs(nameBox!.y - codeBox!.y)).toBeLessThan(4);
    await page.screenshot({ path: '/tmp/lockerline-e2e-forms-location-1280-en.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await languageButton(page, 'es').click();
    for (const name of Object.values(es.forms.sections.locations)) await heading(page, name).waitFor();
    await page.screenshot({ path: '/tmp/lockerline-e2e-forms-location-1280-es.png', fullPage: true });
    // The saved language goes back to English for the tests and files after this one.
    await languageButton(page, 'en', es).click();
    await heading(page, sections.locations.address).waitFor();
  });

  it('shows the location form in one column on a phone, in English and Spanish', async () => {
    const page = await env.newPage(PHONE);
    await signIn(page, 'superadmin@example.com');
    await page.getByRole('button', { name: en.ra.action.open_menu }).click();
    await openCreate(page, en.menu.locations);
    await heading(page, sections.locations.address).waitFor();
    const identity = section(page, sections.locations.identity);
    const nameBox = await identity.getByRole('textbox', { name: en.resources.locations.fields.name }).boundingBox();
    const codeBox = await identity.getByRole('textbox', { name: en.resources.locations.fields.code }).boundingBox();
    expect(codeBox!.y).toBeGreaterThan(nameBox!.y + nameBox!.height - 1); // one column: the code under the name
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/lockerline-e2e-forms-location-390-en.png', fullPage: true });
    await languageButton(page, 'es').click();
    for (const name of Object.values(es.forms.sections.locations)) await heading(page, name).waitFor();
    await page.screenshot({ path: '/tmp/lockerline-e2e-forms-location-390-es.png', fullPage: true });
    await languageButton(page, 'en', es).click();
    await heading(page, sections.locations.address).waitFor();
  });

  it('groups the shipment, user and merchant forms too', async () => {
    const page = await env.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'superadmin@example.com');
    await openCreate(page, plural(en.resources.shipments.name));
    for (const name of [...Object.values(sections.shipments), en.resources.shipments.fields.recipient, en.resources.shipments.fields.packages]) await heading(page, name).waitFor();
    await section(page, en.resources.shipments.fields.recipient).getByRole('textbox', { name: en.resources.shipments.fields.first_name }).waitFor();
    await page.screenshot({ path: '/tmp/lockerline-e2e-forms-shipment-1280-en.png', fullPage: true });
    await openCreate(page, en.menu.users);
    for (const name of [...Object.values(sections.users), en.resources.users.fields.password]) await heading(page, name).waitFor();
    await openCreate(page, en.menu.merchants);
    for (const name of [sections.merchants.account, sections.merchants.features, sections.merchants.notifications, en.resources.merchants.fields.campaign_texts]) await heading(page, name).waitFor();
  });

  it('says a refused save once per place: the field and the dialog, without react-admin\'s "form is not valid" on top', async () => {
    const page = await env.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'superadmin@example.com');
    await openCreate(page, en.menu.users);
    const invalid = translate('en', 'ra.message.invalid_form');
    await page.getByRole('textbox', { name: en.resources.users.fields.first_name }).fill('Dup');
    await page.getByRole('textbox', { name: en.resources.users.fields.last_name }).fill('Licate');
    await page.getByRole('textbox', { name: en.resources.users.fields.email }).fill('driver@example.com');
    for (const field of await page.locator('input[type=password]').all()) await field.fill('a-long-password-1');
    // The form's own check (no role chosen): no request, so the snackbar is what says it.
    await page.getByRole('button', { name: en.ra.action.save, exact: true }).click();
    await page.getByText(invalid, { exact: true }).waitFor();
    await page.getByText(invalid, { exact: true }).waitFor({ state: 'detached', timeout: 15_000 });
    // The server's refusal (a taken e-mail): its field and the error dialog say it, and nothing else.
    await page.getByRole('combobox', { name: new RegExp(en.resources.users.fields.role) }).click();
    await page.getByRole('option', { name: en.roles.support, exact: true }).click();
    await page.getByRole('button', { name: en.ra.action.save, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(en.errors.user.email_taken, { exact: false }).waitFor();
    await page.getByText(en.errors.user.email_taken, { exact: true }).first().waitFor();
    await page.waitForTimeout(1_000);
    expect(await page.getByText(invalid, { exact: true }).count()).toBe(0);
  });

  it('takes the brand colour from a colour picker, refuses a colour that is not #RRGGBB, and saves the picked one', async () => {
    const page = await env.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'superadmin@example.com');
    await clickMenu(page, en.menu.merchants);
    await openRow(page, 'Acme Outfitters');
    await page.getByRole('link', { name: translate('en', 'ra.action.edit'), exact: true }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/edit'));
    const label = en.resources.merchants.fields.branding_email_theme;
    const hex = page.getByRole('textbox', { name: label, exact: true });
    const picker = page.getByLabel(translate('en', 'app.color_picker', { field: label }), { exact: true });
    await expect.poll(() => hex.inputValue(), { timeout: 15_000 }).toMatch(/^#[0-9a-f]{6}$/);
    demoBrandColour = await hex.inputValue();
    expect(await picker.getAttribute('type')).toBe('color');

    await hex.fill('orange');
    await page.getByRole('button', { name: translate('en', 'ra.action.save'), exact: true }).click();
    await page.getByText(en.validation.hex_color, { exact: true }).waitFor();
    expect(new URL(page.url()).pathname.endsWith('/edit')).toBe(true);

    await picker.fill('#2e7d32');
    await expect.poll(() => hex.inputValue()).toBe('#2e7d32');
    await page.getByText(en.validation.hex_color, { exact: true }).waitFor({ state: 'detached' });
    expect(await seriousViolations(page)).toEqual([]);
    await section(page, en.resources.merchants.fields.branding).screenshot({ path: '/tmp/lockerline-e2e-forms-brand-colour-1280-en.png' });
    await page.getByRole('button', { name: translate('en', 'ra.action.save'), exact: true }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/edit'), { timeout: 15_000 });
    const id = new URL(page.url()).pathname.split('/')[2];
    await expect
      .poll(async () => (await apiData<{ branding: { email_theme?: string } }>(page, `/api/merchants/${id}`)).branding.email_theme, { timeout: 15_000 })
      .toBe('#2e7d32');
  });

  it("gives the merchant admin the same colour picker on the Preferences page", async () => {
    const page = await env.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'merchant.admin@example.com');
    await clickMenu(page, en.menu.merchants_preferences);
    const label = en.resources.merchants.fields.branding_email_theme;
    const hex = page.getByRole('textbox', { name: label, exact: true });
    const picker = page.getByLabel(translate('en', 'app.color_picker', { field: label }), { exact: true });
    await expect.poll(() => hex.inputValue(), { timeout: 15_000 }).toMatch(/^#[0-9a-f]{6}$/);
    expect(await picker.getAttribute('type')).toBe('color');
    await picker.fill('#c62828');
    await expect.poll(() => hex.inputValue()).toBe('#c62828');
    // The Save of the notifications card (the content types have their own).
    const card = page.locator('.MuiCard-root').filter({ has: picker });
    await card.getByRole('button', { name: translate('en', 'ra.action.save'), exact: true }).click();
    await expect
      .poll(async () => (await apiData<{ branding: { email_theme?: string } }>(page, '/api/merchants/preferences')).branding.email_theme, { timeout: 15_000 })
      .toBe('#c62828');
    // The demo merchant's own colour back: later files (the customer's respond page) read the shared demo data.
    await picker.fill(demoBrandColour);
    await card.getByRole('button', { name: translate('en', 'ra.action.save'), exact: true }).click();
    await expect
      .poll(async () => (await apiData<{ branding: { email_theme?: string } }>(page, '/api/merchants/preferences')).branding.email_theme, { timeout: 15_000 })
      .toBe(demoBrandColour);
  });

  it('lets the merchant write batch texts per language, showing the English fallback while Spanish is empty', async () => {
    const page = await env.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'merchant.admin@example.com');
    const name = `Per language ${Date.now().toString(36)}`;
    const batch = await apiPost<{ id: number }>(page, '/api/batches', { name, offset: 30, reminder_count: 1, reminder_interval: 7, channels: 1, packages_small: 1, notification_message: 'Your order is ready.' });
    await clickMenu(page, plural(en.resources.batches.name));
    await openRow(page, name);
    await page.getByRole('link', { name: translate('en', 'ra.action.edit'), exact: true }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/edit'));
    // Help on the campaign settings.
    await page.getByText(en.forms.help.batches.offset, { exact: true }).waitFor();
    await page.getByText(en.forms.help.batches.reminder_interval, { exact: true }).waitFor();

    const spanishTab = page.getByRole('tab', { name: translate('en', 'forms.language_falls_back', { language: 'Español' }), exact: true });
    await spanishTab.click();
    const field = `${en.resources.batches.fields.notification_message} (Español)`;
    const spanish = page.getByRole('textbox', { name: field, exact: true });
    expect(await spanish.getAttribute('placeholder')).toBe('Your order is ready.');
    const hint = page.getByText(en.resources.merchants.fields.campaign_text_fallback, { exact: true });
    await hint.first().waitFor();
    await page.screenshot({ path: '/tmp/lockerline-e2e-forms-batch-messages-1280-en.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await spanish.fill('Tu pedido está listo.');
    await page.getByRole('button', { name: translate('en', 'ra.action.save'), exact: true }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/edit'), { timeout: 15_000 });
    await expect
      .poll(async () => (await apiData<{ message_translations: unknown }>(page, `/api/batches/${batch.id}`)).message_translations, { timeout: 15_000 })
      .toEqual({ es: { notification_message: 'Tu pedido está listo.' } });
  });

  it('says how many customers starting a campaign and notifying will message before doing it (EN, then ES plurals)', async () => {
    const page = await env.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'merchant.admin@example.com');
    const name = `Audience ${Date.now().toString(36)}`;
    const batch = await apiPost<{ id: number }>(page, '/api/batches', { name, offset: 30, reminder_count: 1, reminder_interval: 7, channels: 1, packages_small: 1 });
    const expiry = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    for (const [first, email] of [['Ana', 'ana.aud@example.net'], ['Bo', 'bo.aud@example.net'], ['Cy', null]] as const)
      await apiPost(page, '/api/batch_items', { batch_id: batch.id, first_name: first, last_name: 'Rolle', country: 'BS', offset_date: expiry, ...(email ? { email } : { phone: '2424410000' }) });

    await clickMenu(page, plural(en.resources.batches.name));
    await openRow(page, name);
    await page.getByRole('button', { name: en.campaigns.actions.start, exact: true }).click();
    const dialog = page.getByRole('dialog');
    // Two can be e-mailed; the third has a phone only and the batch sends e-mail.
    await dialog.getByText(translate('en', 'campaigns.audience.start', { smart_count: 2 }), { exact: true }).waitFor();
    await dialog.screenshot({ path: '/tmp/lockerline-e2e-forms-audience-start-en.png' });
    expect((await apiData<{ status: number }>(page, `/api/batches/${batch.id}`)).status).toBe(0); // nothing started yet
    await dialog.getByRole('button', { name: en.campaigns.actions.start, exact: true }).click();
    await expect.poll(async () => (await apiData<{ status: number }>(page, `/api/batches/${batch.id}`)).status, { timeout: 15_000 }).toBe(50);

    // In Spanish, one customer's notification: the singular form.
    await languageButton(page, 'es').click();
    await page.getByRole('row').filter({ hasText: 'Ana' }).first().click();
    await page.waitForURL((url) => /\/batch_items\/\d+$/.test(url.pathname));
    await page.getByRole('button', { name: es.campaigns.actions.notify, exact: true }).click();
    await page.getByRole('dialog').getByText(translate('es', 'campaigns.audience.notify', { smart_count: 1 }), { exact: true }).waitFor();
    await page.getByRole('dialog').screenshot({ path: '/tmp/lockerline-e2e-forms-audience-notify-es.png' });
    await page.getByRole('dialog').getByRole('button', { name: es.ra.action.cancel, exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await languageButton(page, 'en', es).click();
    await page.getByRole('button', { name: en.campaigns.actions.notify, exact: true }).waitFor();
  });

  it('names the parts each SMS takes before starting a campaign that sends SMS (networks bill per part)', async () => {
    const page = await env.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'merchant.admin@example.com');
    const name = `SMS parts ${Date.now().toString(36)}`;
    const long = 'Your spring order is packed and waiting. Choose the pickup point that suits you best: lockers open day and night, shops in their hours.';
    const batch = await apiPost<{ id: number }>(page, '/api/batches', { name, offset: 30, reminder_count: 1, reminder_interval: 7, channels: 3, packages_small: 1, notification_message: long });
    const expiry = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    await apiPost(page, '/api/batch_items', { batch_id: batch.id, first_name: 'Dee', last_name: 'Rolle', country: 'BS', offset_date: expiry, phone: '2424410009' });
    const { sms } = await apiData<{ sms: { segments: number } | null }>(page, `/api/batches/${batch.id}/audience?verb=start`);
    expect(sms?.segments, 'a long text takes several parts').toBeGreaterThan(1);

    await clickMenu(page, plural(en.resources.batches.name));
    await openRow(page, name);
    await page.getByRole('button', { name: en.campaigns.actions.start, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(translate('en', 'campaigns.audience.sms_gsm7', { smart_count: sms!.segments }), { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.screenshot({ path: '/tmp/lockerline-e2e-forms-audience-sms-en.png' });
    await dialog.getByRole('button', { name: en.ra.action.cancel, exact: true }).click();
    expect((await apiData<{ status: number }>(page, `/api/batches/${batch.id}`)).status).toBe(0); // nothing started
  });

  it('shows the sectioned batch form on a phone', async () => {
    const page = await env.newPage(PHONE);
    await signIn(page, 'merchant.admin@example.com');
    await page.getByRole('button', { name: en.ra.action.open_menu }).click().catch(() => undefined);
    await clickMenu(page, plural(en.resources.batches.name));
    await page.getByRole('link', { name: translate('en', 'ra.action.create'), exact: true }).first().click();
    await heading(page, sections.batches.schedule).waitFor();
    await page.screenshot({ path: '/tmp/lockerline-e2e-forms-batch-390-en.png', fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
