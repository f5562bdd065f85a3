import { FormControlLabel, MenuItem, Switch, TextField, ToggleButton } from '@mui/material';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminContext, testDataProvider } from 'react-admin';
import { testI18n } from '../../components/testing.js';
import { ScanField } from './ScanField.js';
import { WedgeDetector } from './wedge.js';

/** Feeds `text` then Enter to the detector, `gap` ms apart, starting at `start`. */
function burst(detector: WedgeDetector, text: string, gap: number, start = 1000) {
  let t = start;
  for (const key of text) detector.push(key, (t += gap));
  return detector.push('Enter', t + gap);
}

describe('WedgeDetector', () => {
  it('reports a fast burst closed by Enter as a scan', () => {
    expect(burst(new WedgeDetector(), 'LP123456789012', 8)).toEqual({ kind: 'scan', code: 'LP123456789012' });
  });

  it('does not treat typing by hand as a scan', () => {
    expect(burst(new WedgeDetector(), 'LP1234', 180)).toEqual({ kind: 'none' });
  });

  it('ignores a burst shorter than the minimum length', () => {
    expect(burst(new WedgeDetector({ minLength: 4 }), 'AB', 5)).toEqual({ kind: 'none' });
  });

  it('starts a new burst after a pause, dropping the hand-typed prefix', () => {
    const d = new WedgeDetector();
    d.push('x', 0);
    d.push('y', 400);
    expect(burst(d, 'LP99887766', 10, 2000)).toEqual({ kind: 'scan', code: 'LP99887766' });
  });

  it('ignores modifier keys inside a burst and resets after each Enter', () => {
    const d = new WedgeDetector();
    d.push('Shift', 100);
    expect(burst(d, 'ABCD1234', 5, 100)).toEqual({ kind: 'scan', code: 'ABCD1234' });
    expect(d.push('Enter', 110)).toEqual({ kind: 'none' });
  });
});

function renderField(onScan = vi.fn(), others: ReactNode = null) {
  let time = 0;
  const clock = () => time;
  const advance = (ms: number) => {
    time += ms;
  };
  render(
    <AdminContext i18nProvider={testI18n} dataProvider={testDataProvider()}>
      <ScanField onScan={onScan} clock={clock} />
      <button type="button">Other</button>
      {others}
    </AdminContext>,
  );
  return { onScan, advance };
}

describe('ScanField', () => {
  afterEach(cleanup);

  it('submits a typed barcode on Enter, normalised, as keyboard input', () => {
    const { onScan, advance } = renderField();
    const input = screen.getByTestId('scan-input');
    fireEvent.change(input, { target: { value: ' lp 1234 ' } });
    advance(500);
    fireEvent.submit(input.closest('form')!);
    expect(onScan).toHaveBeenCalledWith('LP1234', 'keyboard');
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('recognises a scanner burst inside the field', () => {
    const { onScan, advance } = renderField();
    const input = screen.getByTestId('scan-input');
    for (const key of 'LP555666777888') {
      advance(5);
      fireEvent.keyDown(input, { key });
    }
    advance(5);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onScan).toHaveBeenCalledWith('LP555666777888', 'scanner');
  });

  it('catches a scanner burst while a button has the focus, without pressing it', () => {
    const { onScan, advance } = renderField();
    const other = screen.getByRole('button', { name: 'Other' });
    other.focus();
    for (const key of 'ABC12345') {
      advance(4);
      fireEvent.keyDown(other, { key });
    }
    advance(4);
    const enter = fireEvent.keyDown(other, { key: 'Enter' });
    expect(enter).toBe(false); // default prevented
    expect(onScan).toHaveBeenCalledWith('ABC12345', 'scanner');
    expect(document.activeElement).toBe(screen.getByTestId('scan-input'));
  });

  it("times keys by when they were pressed: a burst queued behind a busy page is still one scan", () => {
    const onScan = vi.fn();
    render(
      <AdminContext i18nProvider={testI18n} dataProvider={testDataProvider()}>
        <ScanField onScan={onScan} />
      </AdminContext>,
    );
    // A scanner's keys, stamped as it sent them; the page handles them after a 120 ms stall (a slow phone).
    const keys = [...'LP12345678', 'Enter'].map((key) => new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    const stalled = performance.now() + 120;
    for (const [i, event] of keys.entries()) {
      if (i === 5) while (performance.now() < stalled) void 0;
      document.body.dispatchEvent(event);
    }
    expect(onScan).toHaveBeenCalledWith('LP12345678', 'scanner');
  });

  it('leaves slow typing outside the field alone', () => {
    const { onScan, advance } = renderField();
    const other = screen.getByRole('button', { name: 'Other' });
    for (const key of 'ABCD') {
      advance(300);
      fireEvent.keyDown(other, { key });
    }
    advance(300);
    expect(fireEvent.keyDown(other, { key: 'Enter' })).toBe(true);
    expect(onScan).not.toHaveBeenCalled();
  });

  /** Types `text` then Enter at `target` as a keyboard-wedge scanner does (4 ms apart); the Enter's dispatch result. */
  function scanAt(target: Element, text: string, advance: (ms: number) => void) {
    for (const key of text) {
      advance(4);
      fireEvent.keyDown(target, { key });
    }
    advance(4);
    return fireEvent.keyDown(target, { key: 'Enter' });
  }

  // The store screens' quick check-in switch (a checkbox input): QA's case, missed by the old check.
  it('catches a scanner burst while the quick check-in switch has the focus, as a scan typed in the field', () => {
    const toggled = vi.fn();
    const { onScan, advance } = renderField(vi.fn(), <FormControlLabel control={<Switch onChange={toggled} />} label="Quick check-in" />);
    const toggle = screen.getByRole('switch', { name: 'Quick check-in' });
    toggle.focus();
    expect(scanAt(toggle, 'LP849611430497', advance)).toBe(false);
    expect(onScan).toHaveBeenCalledTimes(1);
    expect(onScan).toHaveBeenCalledWith('LP849611430497', 'scanner');
    expect(toggled).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByTestId('scan-input'));
  });

  it.each<[string, ReactNode, () => HTMLElement]>([
    ['a checkbox', <input key="c" type="checkbox" aria-label="Pick" />, () => screen.getByRole('checkbox', { name: 'Pick' })],
    ['a radio button', <input key="r" type="radio" aria-label="One" />, () => screen.getByRole('radio', { name: 'One' })],
    ['a toggle button', <ToggleButton key="t" value="scan">Scan mode</ToggleButton>, () => screen.getByRole('button', { name: 'Scan mode' })],
    [
      'a closed select',
      <TextField key="s" select label="Location" value="1" onChange={() => undefined}>
        <MenuItem value="1">Depot</MenuItem>
      </TextField>,
      () => screen.getByRole('combobox'),
    ],
  ])('catches a scanner burst while %s has the focus', (_name, control, target) => {
    const { onScan, advance } = renderField(vi.fn(), control);
    target().focus();
    expect(scanAt(target(), 'LP849611430497', advance)).toBe(false);
    expect(onScan).toHaveBeenCalledWith('LP849611430497', 'scanner');
    expect(document.activeElement).toBe(screen.getByTestId('scan-input'));
  });

  it.each<[string, ReactNode]>([
    ['text', <input key="text" type="text" data-testid="typed" />],
    ['search', <input key="search" type="search" data-testid="typed" />],
    ['number', <input key="number" type="number" data-testid="typed" />],
    ['email', <input key="email" type="email" data-testid="typed" />],
    ['tel', <input key="tel" type="tel" data-testid="typed" />],
    ['password', <input key="password" type="password" data-testid="typed" />],
    ['untyped input', <input key="plain" data-testid="typed" />],
    ['textarea', <textarea key="area" data-testid="typed" />],
    ['contenteditable', <div key="ce" contentEditable suppressContentEditableWarning data-testid="typed" tabIndex={0} />],
    ['open combobox', <div key="cb" role="combobox" aria-expanded="true" aria-controls="x" tabIndex={0} data-testid="typed" />],
    ['listbox option', <ul key="lb" role="listbox"><li role="option" aria-selected="false" tabIndex={0} data-testid="typed">Depot</li></ul>],
  ])('leaves a fast burst typed into another text field alone (%s)', (_name, control) => {
    const { onScan, advance } = renderField(vi.fn(), control);
    const field = screen.getByTestId('typed');
    field.focus();
    expect(scanAt(field, 'LP849611430497', advance)).toBe(true); // Enter not prevented: the field's own
    expect(onScan).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(field);
  });
});
