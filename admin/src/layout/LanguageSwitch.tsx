import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { LOCALES } from '../../../core/constants.js';

/** On the app bar: the bar's own text colour, the selected language marked by a light tint (AA contrast). */
const INHERIT_SX = {
  '& .MuiToggleButton-root': { color: 'inherit', borderColor: 'currentColor' },
  '& .MuiToggleButton-root.Mui-selected, & .MuiToggleButton-root.Mui-selected:hover': {
    color: 'inherit',
    backgroundColor: 'rgba(255, 255, 255, 0.16)',
  },
};

/**
 * en / es switch, used in the app bar and on the guest pages. Each button's accessible name starts with its
 * visible text ("ES Español"), so speech users can say what they see (WCAG 2.5.3).
 */
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
      sx={color === 'inherit' ? INHERIT_SX : undefined}
    >
      {LOCALES.map((code) => (
        <ToggleButton key={code} value={code} lang={code} aria-label={`${code.toUpperCase()} ${translate(`app.languages.${code}`)}`}>
          {code.toUpperCase()}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
