import { Box, Chip, FormControlLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Choice } from './publicApi.js';

export const addressLine = (a: Choice['address']) =>
  [[a.street, a.house_number].filter(Boolean).join(' '), [a.postcode, a.locality].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/** The pickup locations as one radio group: name, kind, address, opening hours and distance in km. */
export function ChoiceList({ choices, value, onChange }: { choices: Choice[]; value: number | null; onChange: (id: number) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  // One decimal in the page's language: '2.5 km', '2,5 km'.
  const km = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <RadioGroup
      aria-label={translate('public.respond.choices')}
      value={value === null ? '' : String(value)}
      onChange={(_e, next) => onChange(Number(next))}
      sx={{ gap: 1 }}
    >
      {choices.map((choice) => (
        <FormControlLabel
          key={choice.id}
          value={String(choice.id)}
          data-testid="public-choice"
          disabled={Boolean(choice.full_for_size)}
          control={<Radio />}
          sx={{
            m: 0,
            alignItems: 'flex-start',
            border: 1,
            borderColor: value === choice.id ? 'primary.main' : 'divider',
            borderRadius: 1,
            p: 1,
            '& .MuiFormControlLabel-label': { flex: 1, minWidth: 0 },
          }}
          label={
            <Box sx={{ pt: 0.75 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', justifyContent: 'space-between' }}>
                <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="public-choice-name">
                  {choice.name}
                </Typography>
                {choice.distance_km !== null && (
                  <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }} data-testid="public-distance">
                    {translate('public.respond.distance', { km: km.format(choice.distance_km) })}
                  </Typography>
                )}
              </Box>
              <Chip size="small" variant="outlined" sx={{ mt: 0.5 }} label={translate(`location_classes.${choice.class}`, { _: choice.class })} />
              {choice.full_for_size && (
                <Chip size="small" color="error" variant="outlined" sx={{ mt: 0.5, ml: 0.5 }} data-testid="public-full" label={translate('public.respond.full_for_size', { size: translate(`sizes.${choice.full_for_size}`) })} />
              )}
              {addressLine(choice.address) && (
                <Typography variant="body2" color="text.secondary">
                  {addressLine(choice.address)}
                </Typography>
              )}
              {choice.hours && (
                <Typography variant="body2" color="text.secondary">
                  {translate('public.respond.hours', { hours: choice.hours })}
                </Typography>
              )}
            </Box>
          }
        />
      ))}
    </RadioGroup>
  );
}
