/**
 * The frame of the kiosk (a touch screen at the locker, 1080x1920 portrait, and phones): the locker's name, the
 * language switch, one centred column with large type and touch targets. No admin layout, no staff session.
 */
import { Box, Container, Typography } from '@mui/material';
import type { ReactNode } from 'react';

import { LanguageSwitch } from '../layout/LanguageSwitch.js';
import type { KioskResult } from './kioskApi.js';
import { useLockerTexts } from '../screens/locker-access/useLockerTexts.js';

/** Touch targets: at least 72 px high, large type (a kiosk is used standing, sometimes with gloves). */
export const BIG = { minHeight: 72, fontSize: '1.5rem', px: 4 } as const;
export const BIG_INPUT = { fontSize: '2rem', letterSpacing: '0.2em', textAlign: 'center' } as const;

export function KioskFrame({ name, actions, children }: { name?: string; actions?: ReactNode; children: ReactNode }) {
  const tl = useLockerTexts();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.100', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ bgcolor: 'primary.main', color: '#fff' }}>
        <Container maxWidth="md" sx={{ py: 2, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="p" variant="h5" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="kiosk-name">
            {name ?? tl('kiosk.title')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            {actions}
            <LanguageSwitch />
          </Box>
        </Container>
      </Box>
      <Container component="main" maxWidth="md" sx={{ py: { xs: 2, md: 6 }, px: { xs: 1.5, sm: 3 }, flex: 1 }}>
        {children}
      </Container>
    </Box>
  );
}
/** The refusal to show: the API's own message (already in the kiosk's language), else a generic line. */
export function useRefusal() {
  const tl = useLockerTexts();
  return (result: KioskResult<unknown>) =>
    result.ok ? '' : result.code === 'network' ? tl('kiosk.errors.network') : (result.message ?? tl('kiosk.errors.generic'));
}

