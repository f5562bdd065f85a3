import { useEffect, type ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Container, Link, Paper, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { LanguageSwitch } from '../layout/LanguageSwitch.js';
import { isLocale } from '../providers/locale.js';
import type { PublicBrand } from './publicApi.js';
import { brandColor, textOnBrandColor } from '../../../core/brand-color.js';

/**
 * The frame of the customer's pages (no account, no admin layout): the merchant's name in its colour,
 * an en/es switch, one narrow column that fits a phone, and the merchant's contact link at the bottom.
 */
export function PublicShell({ brand, children }: { brand?: PublicBrand | null; children: ReactNode }) {
  const translate = useTranslate();
  // The merchant's colour and the text on it as the e-mails print them (core/brand-color.ts).
  const color = brandColor(brand?.email_theme) ?? undefined;
  const text = color ? textOnBrandColor(color) : '#fff';
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.100' }}>
      <Box component="header" data-testid="public-header" sx={{ bgcolor: color ?? 'primary.main', color: text }}>
        <Container maxWidth="sm" sx={{ py: 1.5, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography component="p" variant="h6" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="public-brand">
            {brand?.name ?? translate('app.title')}
          </Typography>
          <LanguageSwitch barText={text} />
        </Container>
      </Box>
      <Container component="main" maxWidth="sm" sx={{ py: 2, px: { xs: 1.5, sm: 2 } }}>
        <Paper sx={{ p: { xs: 2, sm: 3 } }}>{children}</Paper>
        {(brand?.contact_url || brand?.url) && (
          <Stack direction="row" spacing={2} sx={{ mt: 2, justifyContent: 'center' }}>
            {brand.url && (
              <Link href={brand.url} rel="noopener noreferrer" target="_blank">
                {translate('public.website', { merchant: brand.name })}
              </Link>
            )}
            {brand.contact_url && (
              <Link href={brand.contact_url} rel="noopener noreferrer" target="_blank">
                {translate('public.contact', { merchant: brand.name })}
              </Link>
            )}
          </Stack>
        )}
      </Container>
    </Box>
  );
}

/** The customer's page while its data loads. */
export function PublicLoading() {
  const translate = useTranslate();
  return (
    <PublicShell>
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={translate('ra.page.loading')} />
      </Box>
    </PublicShell>
  );
}

/**
 * A full-page explanation for a link that cannot be used (invalid, expired, already answered, throttled...),
 * under the merchant's branding when the link is known (an unknown one shows nothing of anyone). `children`
 * follow the explanation (e.g. a field to try another tracking reference).
 */
export function PublicProblem({ code, brand, onRetry, children }: { code: string; brand?: PublicBrand | null; onRetry?: () => void; children?: ReactNode }) {
  const translate = useTranslate();
  const known = ['public.token_invalid', 'public.token_expired', 'public.token_used', 'public.throttled', 'not_found', 'track_not_found', 'network'];
  const key = known.includes(code) ? code.replace(/^public\./, '') : 'unknown';
  return (
    <PublicShell brand={brand}>
      <Stack spacing={2} data-testid="public-problem" data-code={code}>
        <Typography component="h1" variant="h5">
          {translate(`public.problems.${key}.title`)}
        </Typography>
        <Alert severity={code === 'public.token_used' ? 'success' : 'warning'}>{translate(`public.problems.${key}.body`)}</Alert>
        {onRetry && (code === 'public.throttled' || code === 'network' || key === 'unknown') && (
          <Box>
            <Button variant="outlined" onClick={onRetry}>
              {translate('public.retry')}
            </Button>
          </Box>
        )}
        {children}
      </Stack>
    </PublicShell>
  );
}

/**
 * Links whose customer's language this page session has applied. Kept outside the components: react-admin
 * remounts the whole tree on a language change, and a remount must not undo the customer's own switch.
 */
const languageApplied = new Set<string>();

/**
 * Opens a customer page in the customer's language (from the API: the batch item's or shipment's), once
 * per link when its data first loads; the customer's own en/es switch then stands.
 */
export function useCustomerLanguage(link: string, locale: string | undefined) {
  const [, setLocale] = useLocaleState();
  useEffect(() => {
    if (locale === undefined || languageApplied.has(link)) return;
    languageApplied.add(link);
    if (isLocale(locale)) setLocale(locale);
  }, [link, locale, setLocale]);
}

/** A date and time in the page's language. */
export function useDateTime() {
  const [locale] = useLocaleState();
  return (iso: string, withTime = true) => {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return iso;
    return date.toLocaleString(locale, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'long' });
  };
}
