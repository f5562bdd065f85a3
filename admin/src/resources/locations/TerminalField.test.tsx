import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, RecordContextProvider, testDataProvider } from 'react-admin';
import { testI18n } from '../../components/testing.js';
import { TerminalField } from './TerminalField.js';

afterEach(cleanup);

const renderTerminal = (terminal: unknown) =>
  render(
    <AdminContext i18nProvider={testI18n} dataProvider={testDataProvider()}>
      <RecordContextProvider value={{ id: 1, terminal }}>
        <TerminalField source="terminal" />
      </RecordContextProvider>
    </AdminContext>,
  );

describe('TerminalField', () => {
  it('reads the provider JSON as layout, total and compartments per size', () => {
    const json = JSON.stringify({ id: 'smartbox-v4:LK-1', layout: 'L48', service: 'smartbox-v4', compartments: { SMALL: 24, MEDIUM: 14, LARGE: 10 } });
    const { container } = renderTerminal(json);
    expect(screen.getByText('L48 (48 compartments) · Small 24 · Medium 14 · Large 10')).toBeTruthy();
    expect(container.textContent).not.toContain('{');
  });

  it('shows other text as it is, and nothing without a terminal', () => {
    renderTerminal('T-100');
    expect(screen.getByText('T-100')).toBeTruthy();
    cleanup();
    const { container } = renderTerminal(null);
    expect(container.textContent).toBe('');
  });
});
