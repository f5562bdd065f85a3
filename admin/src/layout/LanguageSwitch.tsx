import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { LOCALES } from '../../../core/constants.js';

/** en / es switch, used in the app bar and on the guest pages. */
export function LanguageSwitch({ color = 'inherit' }: { color?: 'inherit' | 'standard' }) {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={locale}
      onChange={(_e, next: string | null) => next && setLocale(next)}
      aria-label={translate('app.language')}
      sx={color === 'inherit' ? { '& .MuiToggleButton-root': { color: 'inherit', borderColor: 'currentColor' } } : undefined}
    >
      {LOCALES.map((code) => (
        <ToggleButton key={code} value={code} lang={code} aria-label={translate(`app.languages.${code}`)}>
          {code.toUpperCase()}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
