/**
 * Switching the language with a form half typed keeps the typing and the page: react-admin re-mounts the whole app
 * when its locale changes (ra-core's I18nContextProvider bumps a `key`), which threw away every unsaved value; the
 * admin now loads the catalogue before react-admin sees the new locale (docs/admin.md "Switching the language").
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiPost, describeE2e, en, es, languageButton, pathOf, restoreEnglish, signIn } from './helpers.js';

const tag = () => `L${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The text field labelled `label` (its required mark aside). */
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label }).first();

describeE2e('switching the language keeps unsaved form values', (env) => {
  it('the shipment create form keeps its typing through EN -> ES -> EN from the app bar', async () => {
    const page = await env.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'merchant.admin@example.com');
    try {
      await page.goto('/shipments/create');
      await field(page, en.resources.shipments.fields.first_name).fill('Rhea');
      await field(page, en.resources.shipments.fields.last_name).fill('Bain');

      await languageButton(page, 'es').click();
      // The screen is in Spanish (the save button, the labels) ...
      await page.getByRole('button', { name: es.ra.action.save, exact: true }).waitFor();
      expect(await languageButton(page, 'es', es).getAttribute('aria-pressed')).toBe('true');
      // ... and the typing is still there, on the same page.
      expect(await field(page, es.resources.shipments.fields.first_name).inputValue()).toBe('Rhea');
      expect(await field(page, es.resources.shipments.fields.last_name).inputValue()).toBe('Bain');
      expect(pathOf(page)).toBe('/shipments/create');

      await languageButton(page, 'en', es).click();
      await page.getByRole('button', { name: en.ra.action.save, exact: true }).waitFor();
      expect(await field(page, en.resources.shipments.fields.first_name).inputValue()).toBe('Rhea');
      expect(await field(page, en.resources.shipments.fields.last_name).inputValue()).toBe('Bain');
    } finally {
      await restoreEnglish(page);
    }
  });

  it("a new user's form keeps its typing while its untouched language field follows the screens'", async () => {
    const page = await env.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'superadmin@example.com');
    try {
      await page.goto('/users/create');
      await field(page, en.resources.users.fields.first_name).fill('Nadia');
      await field(page, en.resources.users.fields.email).fill('nadia@example.net');

      await languageButton(page, 'es').click();
      await page.getByRole('button', { name: es.ra.action.save, exact: true }).waitFor();
      expect(await field(page, es.resources.users.fields.first_name).inputValue()).toBe('Nadia');
      expect(await field(page, es.resources.users.fields.email).inputValue()).toBe('nadia@example.net');
      expect(pathOf(page)).toBe('/users/create');
      // The untouched language field follows the screens (react-admin re-applies the new starting values).
      expect(await page.getByRole('combobox', { name: es.resources.users.fields.locale }).first().innerText()).toContain(es.app.languages.es);
    } finally {
      await restoreEnglish(page);
    }
  });

  it("a user's edit form keeps its typing and still counts as unsaved after a switch to Spanish", async () => {
    const page = await env.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'superadmin@example.com');
    try {
      const t = tag();
      const user = await apiPost<{ id: number }>(page, '/api/users', {
        first_name: 'Edna',
        last_name: `User${t}`,
        email: `edna.${t.toLowerCase()}@example.net`,
        role: 2,
        password: 'lockerline-demo',
        password_confirmation: 'lockerline-demo',
      });
      await page.goto(`/users/${user.id}/edit`);
      const firstName = field(page, en.resources.users.fields.first_name);
      await expect.poll(() => firstName.inputValue(), { timeout: 15_000 }).toBe('Edna');
      await firstName.fill('Edwina');

      await languageButton(page, 'es').click();
      await page.getByRole('button', { name: es.ra.action.save, exact: true }).waitFor();
      expect(await field(page, es.resources.users.fields.first_name).inputValue()).toBe('Edwina');
      expect(pathOf(page)).toBe(`/users/${user.id}/edit`);
      // Still dirty: Save is on, and leaving asks first (in Spanish).
      expect(await page.getByRole('button', { name: es.ra.action.save, exact: true }).isEnabled()).toBe(true);
    } finally {
      await restoreEnglish(page);
    }
  });
});
