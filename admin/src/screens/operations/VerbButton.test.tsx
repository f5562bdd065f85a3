import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { AdminContext, RecordContextProvider, testDataProvider } from 'react-admin';
import { testI18n } from '../../components/testing.js';
import { VerbButton } from './VerbButton.js';
import { useBusy } from '../shared/useBusy.js';

afterEach(cleanup);

/** A verb whose answer the test releases. */
function pendingAct() {
  let release: () => void = () => undefined;
  const act = vi.fn(() => new Promise((resolve) => (release = () => resolve({ data: { id: 3 } }))));
  return { act, release: () => release() };
}

describe('VerbButton', () => {
  it('runs once on a double click, and again once the first run is over', async () => {
    const verb = pendingAct();
    render(
      <AdminContext i18nProvider={testI18n} dataProvider={testDataProvider({ act: verb.act } as never)}>
        <RecordContextProvider value={{ id: 3, status: 0 }}>
          <VerbButton resource="shipments" id={3} verb="register" label="operations.actions.register" />
        </RecordContextProvider>
      </AdminContext>,
    );
    const button = await screen.findByRole('button');
    fireEvent.click(button);
    fireEvent.click(button); // before React has re-rendered it disabled
    await waitFor(() => expect(verb.act).toHaveBeenCalledTimes(1));
    await act(async () => verb.release());
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(verb.act).toHaveBeenCalledTimes(2));
  });
});

describe('useBusy', () => {
  it('drops a second task while one runs', async () => {
    const { result } = renderHook(() => useBusy(), { wrapper: ({ children }) => <AdminContext i18nProvider={testI18n}>{children}</AdminContext> });
    let release: () => void = () => undefined;
    const task = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    let first: Promise<void> = Promise.resolve();
    await act(async () => {
      first = result.current[1](task);
      void result.current[1](task);
    });
    expect(task).toHaveBeenCalledTimes(1);
    await act(async () => {
      release();
      await first;
    });
    let again: Promise<void> = Promise.resolve();
    await act(async () => void (again = result.current[1](task)));
    await waitFor(() => expect(task).toHaveBeenCalledTimes(2)); // the flag is down again once a task is over
    await act(async () => {
      release();
      await again;
    });
  });
});
