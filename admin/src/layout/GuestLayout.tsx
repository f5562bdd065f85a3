import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LanguageSwitch } from './LanguageSwitch.js';
import { RouteGuard } from './RouteGuard.js';

/** Sign-in, reset-password and create-password: a centred card with a language switch. */
export function GuestLayout({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <RouteGuard>
      <Box
        component="main"
        sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', p: 2 }}
      >
        <Card sx={{ width: '100%', maxWidth: 420 }}>
          <CardContent>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
              <Typography component="p" variant="h6">
                {translate('app.title')}
              </Typography>
              <LanguageSwitch color="standard" />
            </Box>
            <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
              {title}
            </Typography>
            {children}
          </CardContent>
        </Card>
      </Box>
    </RouteGuard>
  );
}
