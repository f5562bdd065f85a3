import type { KeyboardEvent, ClipboardEvent } from 'react';
import { TextInput, type TextInputProps } from 'react-admin';

/** Keys that edit or move rather than type a character. */
const CONTROL_KEYS = new Set(['Backspace', 'Delete', 'Tab', 'Enter', 'Escape', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

/** Returns a keydown handler that lets through only digits (plus `extra` characters) and control keys. */
export function allowOnlyKeys(extra = '') {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || CONTROL_KEYS.has(event.key)) return;
    if (event.key.length === 1 && (/\d/.test(event.key) || extra.includes(event.key))) return;
    event.preventDefault();
  };
}

/** Blocks pasting text that contains anything but digits (and `extra` characters). */
export function allowOnlyPaste(extra = '') {
  const allowed = new RegExp(`^[\\d${extra.replace(/[-.\\]/g, '\\$&')}]*$`);
  return (event: ClipboardEvent<HTMLElement>) => {
    if (!allowed.test(event.clipboardData.getData('text'))) event.preventDefault();
  };
}

export type NumericInputProps = TextInputProps & {
  /** Store the value as a number (default) or keep the digit string (e.g. codes with leading zeros). */
  asNumber?: boolean;
};

/** A text input that accepts digits only (SPEC section 5: numeric fields block non-digit keys). */
export function NumericInput({ asNumber = true, ...props }: NumericInputProps) {
  return (
    <TextInput
      parse={(v: string) => (v === '' ? null : asNumber ? Number(v) : v)}
      format={(v: unknown) => (v === null || v === undefined ? '' : String(v))}
      {...props}
      slotProps={{
        htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', onKeyDown: allowOnlyKeys(), onPaste: allowOnlyPaste() },
      }}
    />
  );
}
