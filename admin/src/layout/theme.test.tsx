/** The theme's colours reach WCAG AA (4.5:1) on every background they are used with. */
import { describe, expect, it } from 'vitest';
import { createTheme } from '@mui/material/styles';
import { PALETTE, theme, TOOLBAR_BACKGROUND } from './theme.js';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('theme palette', () => {
  const built = createTheme(theme as Parameters<typeof createTheme>[0]);
  const backgrounds = ['#ffffff', built.palette.background.default, TOOLBAR_BACKGROUND];

  it.each(Object.entries(PALETTE))('%s reads at 4.5:1 as text on the page backgrounds and under white text', (_name, colour) => {
    for (const background of backgrounds) expect(contrast(colour.main, background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colour.main, colour.contrastText)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives the app bar (secondary) and buttons (primary) white text', () => {
    expect(built.palette.secondary.contrastText).toBe('#ffffff');
    expect(built.palette.primary.contrastText).toBe('#ffffff');
    expect(built.palette.primary.main).toBe(PALETTE.primary.main);
  });
});
