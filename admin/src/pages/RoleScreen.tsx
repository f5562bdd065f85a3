import { Box, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/**
 * The role screens (/pudo, /warehouse, /driver, /lockers) and the import wizard steps. For now each
 * says what it is for; their working content arrives with the issues that build them.
 */
export function RoleScreen({ screen }: { screen: 'pudo' | 'warehouse' | 'driver' | 'lockers' }) {
  const translate = useTranslate();
  const title = translate(`screens.${screen}.title`);
  return (
    <Box sx={{ my: 2 }}>
      <Title title={title} />
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography>{translate(`screens.${screen}.intro`)}</Typography>
    </Box>
  );
}

export const IMPORT_STEPS = ['upload', 'preview', 'save'] as const;
export type ImportStep = (typeof IMPORT_STEPS)[number];

export function ImportStepScreen({ step }: { step: ImportStep }) {
  const translate = useTranslate();
  const title = translate('screens.import.title');
  const position = IMPORT_STEPS.indexOf(step) + 1;
  return (
    <Box sx={{ my: 2 }}>
      <Title title={title} />
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {translate('screens.import.step', { position, total: IMPORT_STEPS.length, name: translate(`screens.import.steps.${step}`) })}
      </Typography>
      <Typography>{translate(`screens.import.intros.${step}`)}</Typography>
    </Box>
  );
}
