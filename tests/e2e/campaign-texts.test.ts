/**
 * Issue 10, item 13: the merchant form has each campaign text in English and Spanish, and an empty Spanish
 * field shows the English text and says that it is used until a Spanish one is written. Reached as a
 * person does: the menu, the merchant's row (its page shows the texts too), its Edit button; saving a
 * Spanish text stores it.
 */
import { expect, it } from 'vitest';
import { translate } from '../../core/i18n/index.js';
import { apiData, apiPost, clickMenu, describeE2e, en, openRow, signIn } from './helpers.js';

const fields = en.resources.merchants.fields;
const step = fields.campaign_text_steps['batch-notify'];
const label = (key: 'campaign_text_in' | 'campaign_text_in_es') => translate('en', `resources.merchants.fields.${key}`, { step });
const SPRING_EN = 'Your spring order is ready.';
const SPRING_ES = 'Tu pedido de primavera está listo.';

describeE2e('Campaign texts per language (issue 10, item 13)', (env) => {
  it('a superadmin sees both languages and the English fallback hint, and writes the Spanish text', async () => {
    const page = await env.newPage();
    await signIn(page, 'superadmin@example.com');
    const name = `Texts ${Date.now().toString(36)}`;
    const merchant = await apiPost<{ id: number }>(page, '/api/merchants', { name, campaign_texts: { 'batch-notify': { en: SPRING_EN } } });

    await clickMenu(page, en.menu.merchants);
    await openRow(page, name);
    // The merchant page shows the English text and says the Spanish customers get it for now.
    await page.getByText(SPRING_EN, { exact: true }).first().waitFor();
    await page.getByText(fields.campaign_text_fallback, { exact: true }).waitFor();
    await page.getByRole('link', { name: translate('en', 'ra.action.edit'), exact: true }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/edit'));

    const english = page.getByRole('textbox', { name: label('campaign_text_in'), exact: true });
    const spanish = page.getByRole('textbox', { name: label('campaign_text_in_es'), exact: true });
    await expect.poll(() => english.inputValue(), { timeout: 15_000 }).toBe(SPRING_EN);
    expect(await spanish.inputValue()).toBe('');
    expect(await spanish.getAttribute('placeholder')).toBe(SPRING_EN);
    const hint = page.getByText(fields.campaign_text_fallback, { exact: true });
    expect(await hint.count()).toBe(1); // only the step with an English text says so
    await hint.waitFor();

    await spanish.fill(SPRING_ES);
    await hint.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: translate('en', 'ra.action.save'), exact: true }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/edit'), { timeout: 15_000 });
    await page.getByText(SPRING_ES, { exact: true }).first().waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => (await apiData<{ campaign_texts: unknown }>(page, `/api/merchants/${merchant.id}`)).campaign_texts, { timeout: 15_000 })
      .toEqual({ 'batch-notify': { en: SPRING_EN, es: SPRING_ES } });
  });

  it('a merchant admin finds the same fields on the preferences page; typing English shows the hint', async () => {
    const page = await env.newPage();
    await signIn(page, 'merchant.admin@example.com');
    await clickMenu(page, en.menu.merchants_preferences);
    const english = page.getByRole('textbox', { name: label('campaign_text_in'), exact: true });
    const spanish = page.getByRole('textbox', { name: label('campaign_text_in_es'), exact: true });
    await spanish.waitFor({ timeout: 15_000 });
    await english.fill(SPRING_EN);
    await page.getByText(fields.campaign_text_fallback, { exact: true }).waitFor();
    expect(await spanish.getAttribute('placeholder')).toBe(SPRING_EN);
    await spanish.fill(SPRING_ES);
    await page.getByText(fields.campaign_text_fallback, { exact: true }).waitFor({ state: 'detached' });
  });
});
