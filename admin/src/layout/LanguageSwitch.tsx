import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { LOCALES } from '../../../core/constants.js';

/**
 * The selected language's tint on a coloured bar: it moves the background away from the bar's text colour (darker
 * under white text, lighter under black), so the selected button reads at least as well as the bar itself
 * (WCAG AA on any merchant colour the customer pages use); bold type marks it without relying on colour.
 */
export function selectedTint(text: BarText): string {
  return text === '#fff' ? 'rgba(0, 0, 0, 0.28)' : 'rgba(255, 255, 255, 0.55)';
}

type BarText = '#000' | '#fff';

function inheritSx(text: BarText) {
  return {
    '& .MuiToggleButton-root': { color: 'inherit', borderColor: 'currentColor' },
    '& .MuiToggleButton-root.Mui-selected, & .MuiToggleButton-root.Mui-selected:hover': {
      color: 'inherit',
      fontWeight: 700,
      backgroundColor: selectedTint(text),
    },
  };
}

/**
 * en / es switch, used in the app bar and on the guest pages. Each button's accessible name starts with its
 * visible text ("ES Español"), so speech users can say what they see (WCAG 2.5.3). `barText` is the text colour
 * of the coloured bar it sits on (white by default: the app bar, the kiosk; the customer pages pass theirs).
 */
export function LanguageSwitch({ color = 'inherit', barText = '#fff' }: { color?: 'inherit' | 'standard'; barText?: BarText }) {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={locale}
      onChange={(_e, next: string | null) => next && setLocale(next)}
      aria-label={translate('app.language')}
      sx={color === 'inherit' ? inheritSx(barText) : undefined}
    >
      {LOCALES.map((code) => (
        <ToggleButton key={code} value={code} lang={code} aria-label={`${code.toUpperCase()} ${translate(`app.languages.${code}`)}`}>
          {code.toUpperCase()}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
