/**
 * The scan field of the store and driver screens. Takes typed barcodes (Enter or the button) and
 * keyboard-wedge scanners: a scanner burst is caught anywhere on the page, even when the field does
 * not have the focus (unless another text field or a dialog has it), so a scan never presses a button.
 */
import { Box, Button, TextField } from '@mui/material';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useTranslate } from 'react-admin';
import { normalizeCode } from '../../../../core/identifiers.js';
import { WedgeDetector, type WedgeOptions } from './wedge.js';

export type ScanSource = 'scanner' | 'keyboard' | 'camera';

export interface ScanFieldProps {
  onScan: (code: string, source: ScanSource) => void;
  label?: string;
  disabled?: boolean;
  /** Catch scanner bursts typed outside the field (default true). */
  captureGlobal?: boolean;
  /** A key's time in ms (tests); by default the event's own timeStamp. */
  clock?: (event: { timeStamp: number }) => number;
  wedge?: WedgeOptions;
  /** Extra controls next to the submit button (e.g. the camera button). */
  children?: ReactNode;
  /** The field's input, for a screen that puts the focus back on it (after a card's action). */
  inputRef?: RefObject<HTMLInputElement | null>;
}

/**
 * When the key was pressed, not when it was handled: a scanner's keys queued behind a busy main thread (a slow
 * phone, a long render) keep their close timestamps, so the burst is still one scan and not lost.
 */
const keyTime = (event: { timeStamp: number }) => event.timeStamp;

/** Input types that take no typed text: a scanner burst while one has the focus is caught (nothing to type into). */
const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'range', 'color', 'file', 'hidden']);

/**
 * True when keys typed at `target` belong to it: a text field (input of a text type, textarea, contenteditable),
 * an open combobox or its list of options, or anything in a dialog. Buttons, switches, checkboxes, radios, toggle
 * buttons and closed selects are not: a scanner burst typed there is a scan.
 */
function takesTypedText(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  if (el.closest('[role="dialog"], [aria-modal="true"], [role="listbox"], [role="menu"], [contenteditable]:not([contenteditable="false"])')) return true;
  if (el.isContentEditable || el.tagName === 'TEXTAREA') return true;
  if (el.tagName === 'INPUT') return !NON_TEXT_INPUTS.has((el as HTMLInputElement).type);
  return el.getAttribute('role') === 'combobox' && el.getAttribute('aria-expanded') === 'true';
}

export function ScanField({ onScan, label, disabled = false, captureGlobal = true, clock = keyTime, wedge, children, inputRef: givenRef }: ScanFieldProps) {
  const translate = useTranslate();
  const [value, setValue] = useState('');
  const ownRef = useRef<HTMLInputElement>(null);
  const inputRef = givenRef ?? ownRef;
  const fieldDetector = useRef(new WedgeDetector(wedge));
  const pageDetector = useRef(new WedgeDetector(wedge));
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  const hintId = useId();

  const submit = (raw: string, source: ScanSource) => {
    const code = normalizeCode(raw);
    if (!code || disabled) return;
    setValue('');
    onScanRef.current(code, source);
  };

  // Scanner bursts while the focus is elsewhere on the page: the body, a button, a switch, a checkbox, a closed select.
  useEffect(() => {
    if (!captureGlobal || disabled) return undefined;
    const detector = pageDetector.current;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.target === inputRef.current || takesTypedText(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const verdict = detector.push(event.key, clock(event));
      if (verdict.kind === 'scan') {
        event.preventDefault(); // the closing Enter must not press the focused button
        event.stopPropagation();
        submit(verdict.code, 'scanner');
        inputRef.current?.focus();
      } else if (event.key === 'Enter' && detector.bursting) event.preventDefault();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const verdict = fieldDetector.current.push(event.key, clock(event));
    if (verdict.kind === 'scan') {
      event.preventDefault();
      submit(verdict.code, 'scanner');
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(value, 'keyboard');
  };

  const text = label ?? translate('screens.scan_placeholder');
  return (
    <Box component="form" onSubmit={onSubmit} role="search" aria-label={text} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <TextField
        inputRef={inputRef}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={onKeyDown}
        label={text}
        helperText={translate('screens.ops.scan.hint')}
        disabled={disabled}
        autoFocus
        autoComplete="off"
        size="small"
        sx={{ flex: '1 1 12rem', minWidth: 0 }}
        slotProps={{
          htmlInput: { 'data-testid': 'scan-input', autoCapitalize: 'characters', spellCheck: false, enterKeyHint: 'go', 'aria-describedby': hintId },
          // The hint stays readable while a dialog disables the field (the disabled grey fails AA contrast).
          formHelperText: { id: hintId, sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
        }}
      />
      <Button type="submit" variant="contained" disabled={disabled || !value.trim()} sx={{ minHeight: 40 }}>
        {translate('screens.ops.scan.submit')}
      </Button>
      {children}
    </Box>
  );
}
