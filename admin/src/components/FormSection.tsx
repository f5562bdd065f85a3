/**
 * A titled group of inputs inside a ResourceForm (or any react-admin form): a heading (h2: the page's h1 is
 * the app bar title), an optional line of help, and the inputs in a grid of up to two columns on wide
 * screens and one on phones. Long forms (location, shipment, merchant, user, batch) are made of these.
 */
import { useId, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

export type FormSectionProps = {
  /** i18n key of the heading. */
  title: string;
  /** i18n key of a line of help under the heading. */
  help?: string;
  /** 2 (default): two columns from the md breakpoint; 1: one column (long texts, lists of rows). */
  columns?: 1 | 2;
  /** Names the section in tests: data-testid="form-section-<name>". */
  name?: string;
  children: ReactNode;
};

export function FormSection({ title, help, columns = 2, name, children }: FormSectionProps) {
  const translate = useTranslate();
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid={name ? `form-section-${name}` : undefined}
      sx={{ width: '100%', mt: 1, mb: 1, pt: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0, pt: 0 } }}
    >
      <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate(title)}
      </Typography>
      {help && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate(help)}
        </Typography>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: columns === 2 ? 'repeat(2, minmax(0, 1fr))' : 'minmax(0, 1fr)' },
          columnGap: 2,
          alignItems: 'start',
          '& > *': { minWidth: 0 },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
