/** Title, intro and the one inline problem/notice area every role screen has (sized for a 390 px phone). */
import { Alert, Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';
import { QueueHeader } from '../../offline/QueueHeader.js';
import type { ScanProblem } from './scanError.js';

export function ScreenFrame({ screen, children }: { screen: 'pudo' | 'warehouse' | 'driver' | 'lockers'; children: ReactNode }) {
  const translate = useTranslate();
  const title = translate(`screens.${screen}.title`);
  return (
    <Box sx={{ my: 2, maxWidth: 720, width: '100%', display: 'flex', flexDirection: 'column', gap: 2 }} data-testid={`${screen}-screen`}>
      <Title title={title} />
      <div>
        <Typography component="h2" variant="h5">{title}</Typography>
        <Typography variant="body2" color="text.secondary">{translate(`screens.${screen}.intro`)}</Typography>
      </div>
      {screen !== 'lockers' && <QueueHeader />}
      {children}
    </Box>
  );
}

export function ProblemAlert({ problem, action }: { problem: ScanProblem | null; action?: ReactNode }) {
  if (!problem) return null;
  return (
    <Alert severity="error" role="alert" action={action} data-testid="scan-problem">
      <strong>{problem.message}</strong>
      <br />
      {problem.hint}
    </Alert>
  );
}

export function Notice({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Alert severity="success" role="status" data-testid="scan-notice">
      {text}
    </Alert>
  );
}
