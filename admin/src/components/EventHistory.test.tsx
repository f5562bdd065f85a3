import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { messages, translate } from '../../../core/i18n/index.js';
import { AdminContext, RecordContextProvider, testDataProvider, type TranslationMessages } from 'react-admin';
import { EventHistory } from './EventHistory.js';
import { testI18n } from './testing.js';

afterEach(cleanup);

/** The history of a record holding `events`, in English. */
function renderHistory(events: object[], table: 'packages' | 'shipments') {
  render(
    <AdminContext i18nProvider={testI18n} dataProvider={testDataProvider()}>
      <RecordContextProvider value={{ id: 1, events }}>
        <EventHistory table={table} />
      </RecordContextProvider>
    </AdminContext>,
  );
}

describe('EventHistory', () => {
  it('lists the newest first, and the later of two events with the same time first', () => {
    const at = '2026-11-21T08:52:38.828Z';
    const events = [
      { id: 1, kind: 'created', from_status: null, to_status: 0, created_at: '2026-11-21T08:49:10.706Z' },
      { id: 5, kind: 'status', from_status: 50, to_status: 70, created_at: at },
      { id: 6, kind: 'status', from_status: 70, to_status: 90, created_at: at },
    ];
    renderHistory(events, 'packages');
    const lines = screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(lines.map((l) => l.split(':')[0])).toEqual(['Status changed', 'Status changed', 'Created']);
    expect(lines[0]).toContain('Dropped off → Ready to collect');
    expect(lines[1]).toContain('In transit → Dropped off');
  });

  it('names a verb that kept the status in words (no raw "extend-expiry"), in English and Spanish', () => {
    const events = [{ id: 3, kind: 'extend-expiry', from_status: 90, to_status: 90, created_at: '2026-11-21T08:49:10.706Z' }];
    const lineIn = (locale: 'en' | 'es') => {
      render(
        <AdminContext i18nProvider={polyglotI18nProvider(() => messages[locale] as unknown as TranslationMessages, locale)} dataProvider={testDataProvider()}>
          <RecordContextProvider value={{ id: 1, events }}>
            <EventHistory table="packages" />
          </RecordContextProvider>
        </AdminContext>,
      );
      const line = screen.getByRole('listitem').textContent ?? '';
      cleanup();
      return line;
    };
    const english = lineIn('en');
    expect(english).toContain(translate('en', 'event_kinds.extend-expiry'));
    expect(english).not.toContain('extend-expiry');
    expect(english).not.toContain('→');
    expect(lineIn('es')).toContain(translate('es', 'event_kinds.extend-expiry'));
  });

  it('says who did each step, the system when no user did', () => {
    const events = [
      { id: 1, kind: 'created', from_status: null, to_status: 0, actor_name: 'Mia Merchant', created_at: '2026-11-21T08:49:10.706Z' },
      { id: 2, kind: 'status', from_status: 0, to_status: 10, actor_name: null, created_at: '2026-11-21T09:49:10.706Z' },
    ];
    renderHistory(events, 'shipments');
    const lines = screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(lines[0]).toContain(translate('en', 'details.by', { name: translate('en', 'details.system') }));
    expect(lines[1]).toContain(translate('en', 'details.by', { name: 'Mia Merchant' }));
  });

  it('shows a synced scan with the device time it was scanned and the time it was synced', () => {
    const events = [
      { id: 1, kind: 'status', from_status: 30, to_status: 50, actor_name: 'Dana Driver', created_at: '2026-11-21T10:45:00.000Z', occurred_at: '2026-11-21T08:02:00.000Z' },
      { id: 2, kind: 'status', from_status: 50, to_status: 90, actor_name: 'Dana Driver', created_at: '2026-11-21T11:00:00.000Z', occurred_at: '2026-11-21T11:00:00.000Z' },
    ];
    renderHistory(events, 'packages');
    const [live, synced] = screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
    const local = (iso: string) => new Date(iso).toLocaleString('en');
    expect(synced).toContain(translate('en', 'details.scanned_at', { time: local(events[0]!.occurred_at) }));
    expect(synced).toContain(translate('en', 'details.synced_at', { time: local(events[0]!.created_at) }));
    // Device and server agree (the device clock was ahead and the server time was recorded): one time, as always.
    expect(live).not.toContain(translate('en', 'details.scanned_at', { time: '' }).trim());
  });
});
