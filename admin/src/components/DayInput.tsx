/**
 * A day (YYYY-MM-DD) shown and typed the way the interface's language writes it (core/i18n/days.ts): a native
 * `<input type="date">` follows the browser's language instead (11/26/2026 on a Spanish screen of an English
 * browser), whatever the page's `lang`. The calendar button opens the browser's own picker, whose month names are
 * the browser's; the day it picks is shown the interface's way.
 */
import { useRef, useState } from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { useLocaleState } from 'react-admin';
import { dayPattern, formatDay, parseDay } from '../../../core/i18n/days.js';

export interface DayInputProps {
  label: string;
  value: string;
  onChange: (day: string) => void;
  /** What the field says while its text names no day; `%{pattern}` becomes 'dd/mm/aaaa' etc. */
  invalidText: string;
  /** The calendar button's name. */
  calendarLabel: string;
  /** A refusal of the day from elsewhere (the API's). */
  error?: string;
}

export function DayInput({ label, value, onChange, invalidText, calendarLabel, error }: DayInputProps) {
  const [locale] = useLocaleState();
  const shown = formatDay(value, locale);
  const [text, setText] = useState(shown);
  const [lastShown, setLastShown] = useState(shown);
  // A day set from elsewhere (the calendar, the language switch) replaces what was typed.
  if (shown !== lastShown) {
    setLastShown(shown);
    setText(shown);
  }
  const picker = useRef<HTMLInputElement>(null);
  const pattern = dayPattern(locale);
  const unreadable = parseDay(text, locale) === null;
  const type = (typed: string) => {
    setText(typed);
    const day = parseDay(typed, locale);
    if (day && day !== value) onChange(day);
  };
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      onChange={(e) => type(e.target.value)}
      placeholder={pattern}
      error={unreadable || Boolean(error)}
      helperText={unreadable ? invalidText.replace('%{pattern}', pattern) : error}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton size="small" edge="end" aria-label={calendarLabel} onClick={() => picker.current?.showPicker?.()}>
                <CalendarMonthIcon fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden
                value={value}
                onChange={(e) => e.target.value && onChange(e.target.value)}
                style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0, padding: 0 }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
