/** The customer pages' header stays readable whatever colour the merchant chose (WCAG AA contrast). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { getContrastRatio } from '@mui/material/styles';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, memoryStore, type TranslationMessages } from 'react-admin';
import { messages } from '../../../core/i18n/index.js';
import { selectedTint } from '../layout/LanguageSwitch.js';
import { PublicShell } from './PublicShell.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderShell(theme: string) {
  const i18n = polyglotI18nProvider((locale) => (messages as unknown as Record<string, TranslationMessages>)[locale]!, 'en');
  render(
    <AdminContext i18nProvider={i18n} store={memoryStore()}>
      <PublicShell brand={{ name: 'Acme Outfitters', email_theme: theme, url: null, contact_url: null }}>
        <p>body</p>
      </PublicShell>
    </AdminContext>,
  );
  return getComputedStyle(screen.getByTestId('public-header'));
}

describe('PublicShell brand header', () => {
  it.each([
    ['orange', 'rgb(0, 0, 0)'], // a theme name of the free-text era: #ef6c00, as the e-mails read it
    ['#ffd54f', 'rgb(0, 0, 0)'],
    ['#0d47a1', 'rgb(255, 255, 255)'],
    ['#1b5e20', 'rgb(255, 255, 255)'],
  ])('on %s the merchant name is written in %s, at least 4.5:1', (theme, text) => {
    const header = renderShell(theme);
    expect(header.color).toBe(text);
    expect(getContrastRatio(header.backgroundColor, header.color)).toBeGreaterThanOrEqual(4.5);
  });

  /** An rgba() layer over an opaque rgb() background, as the browser paints it. */
  function over(background: string, layer: string): string {
    const [r, g, b] = background.match(/\d+(\.\d+)?/g)!.map(Number);
    const [lr, lg, lb, alpha] = layer.match(/\d+(\.\d+)?/g)!.map(Number);
    const mix = (base: number, top: number) => Math.round(top * alpha! + base * (1 - alpha!));
    return `rgb(${mix(r!, lr!)}, ${mix(g!, lg!)}, ${mix(b!, lb!)})`;
  }

  // jsdom's cascade is unreliable for the nested selected-button rule, so the colours are checked as painted.
  it.each(['#c62828', '#b71c1c', 'orange', '#ffd54f', '#0d47a1', '#1b5e20', '#777777', '#808080', '#ffffff', '#000000'])(
    'on %s the selected language reads at least 4.5:1 too',
    (theme) => {
      const header = renderShell(theme);
      const text = header.color === 'rgb(0, 0, 0)' ? '#000' : '#fff';
      const painted = over(header.backgroundColor, selectedTint(text));
      expect(getContrastRatio(painted, header.color)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('paints the stored colour itself, as the e-mails do', () => {
    expect(renderShell('orange').backgroundColor).toBe('rgb(239, 108, 0)');
  });
});
