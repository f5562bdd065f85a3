/**
 * The merchant's brand colour (`branding.email_theme`): stored as `#RRGGBB` only, chosen with a colour
 * picker (core/schemas `merchantBranding`). Values saved before the picker (a theme name such as
 * `orange`, or `#rgb`) are still read, as the colour they meant, by `brandColor`.
 */
import { HEX_COLOR_RE } from './validation.js';

/** The named themes of the free-text era, and the default when a merchant has none. */
export const NAMED_BRAND_COLORS: Readonly<Record<string, string>> = {
  blue: '#1565c0',
  orange: '#ef6c00',
  green: '#2e7d32',
  red: '#c62828',
  purple: '#6a1b9a',
  teal: '#00796b',
  grey: '#455a64',
  default: '#263238',
};

export const DEFAULT_BRAND_COLOR = NAMED_BRAND_COLORS.default;

/** A stored brand colour as `#rrggbb` (old names and `#rgb` converted), or null when it is not one. */
export function brandColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().toLowerCase();
  if (HEX_COLOR_RE.test(v)) return v;
  if (/^#[0-9a-f]{3}$/.test(v)) return `#${[...v.slice(1)].map((c) => c + c).join('')}`;
  return Object.hasOwn(NAMED_BRAND_COLORS, v) ? NAMED_BRAND_COLORS[v] : null;
}

/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/**
 * Black or white, whichever contrasts more with the brand colour (`#rrggbb`, as `brandColor` gives it): one of
 * them always meets WCAG AA. The e-mails' header and button use it, as the customer's pages do.
 */
export function textOnBrandColor(hex: string): '#000' | '#fff' {
  const l = luminance(hex);
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? '#000' : '#fff';
}
