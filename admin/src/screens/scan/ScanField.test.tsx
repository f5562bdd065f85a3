import { cleanup, fireEvent, render, screen } from '@testing-library/react';
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

function renderField(onScan = vi.fn()) {
  let time = 0;
  const clock = () => time;
  const advance = (ms: number) => {
    time += ms;
  };
  render(
    <AdminContext i18nProvider={testI18n} dataProvider={testDataProvider()}>
      <ScanField onScan={onScan} clock={clock} />
      <button type="button">Other</button>
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
});
