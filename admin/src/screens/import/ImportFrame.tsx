/** The wizard's page frame: title, the stepper (current step announced) and the step body. */
import { Box, Step, StepLabel, Stepper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useImportWizard, type ImportStep } from './importKinds.js';

export function ImportFrame({ step, done = false, children }: { step: ImportStep; done?: boolean; children: ReactNode }) {
  const translate = useTranslate();
  const { texts, params, steps } = useImportWizard();
  const title = translate(texts.title, params);
  const active = steps.indexOf(step);
  return (
    <Box sx={{ my: 2, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }} data-testid={`import-${step}`}>
      <Title title={title} />
      <div>
        <Typography component="h2" variant="h5">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(texts.intro, params)}
        </Typography>
      </div>
      <Box component="nav" aria-label={translate('screens.import.stepper_label')}>
        <Stepper activeStep={done ? steps.length : active}>
          {steps.map((name, index) => (
            <Step key={name} completed={done || index < active} aria-current={index === active ? 'step' : undefined}>
              <StepLabel>{translate(`screens.import.steps.${name}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
      </Box>
      <Typography component="h2" variant="h6">
        {translate('screens.import.step', { position: active + 1, total: steps.length, name: translate(`screens.import.steps.${step}`) })}
      </Typography>
      {children}
    </Box>
  );
}
