/** The superadmin message log speaks the interface language throughout (Spanish here, in an en-US browser). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, memoryStore, testDataProvider, type TranslationMessages } from 'react-admin';
import { es, messages } from '../../../../core/i18n/index.js';
import { MessageLogPage } from './MessageLogPage.js';

const row = { id: 7, kind: 'email', event: 'batch-notify', merchant_id: 1, recipient: 'beto@example.com', status: 'sent', attempts: 1, last_error: null, created_at: '2026-11-21T08:49:13.000Z', sent_at: '2026-11-21T08:49:14.000Z' };

vi.mock('../../providers/http.js', async (original) => ({
  ...(await original<typeof import('../../providers/http.js')>()),
  api: vi.fn(async () => ({ data: [row, { ...row, id: 6, event: 'package-available' }], meta: { total: 60 } })),
}));

afterEach(cleanup);

describe('MessageLogPage', () => {
  it('labels events, merchants, dates and the pager in Spanish', async () => {
    const i18n = polyglotI18nProvider((locale) => (messages as unknown as Record<string, TranslationMessages>)[locale]!, 'es');
    const dataProvider = testDataProvider({ getMany: async () => ({ data: [{ id: 1, name: 'Acme Outfitters' }] }) as never });
    render(
      <AdminContext i18nProvider={i18n} dataProvider={dataProvider} store={memoryStore()}>
        <MessageLogPage />
      </AdminContext>,
    );
    expect(await screen.findByText(es.campaigns.messages.events['batch-notify'])).toBeTruthy();
    expect(screen.getByText(es.notification_events['package-available'])).toBeTruthy();
    expect((await screen.findAllByText('Acme Outfitters')).length).toBe(2);
    expect(screen.getAllByText(new Date(row.created_at).toLocaleString('es')).length).toBe(2);
    expect(screen.getByRole('button', { name: es.ra.navigation.next })).toBeTruthy();
    expect(screen.getByRole('button', { name: es.ra.navigation.previous })).toBeTruthy();
    expect(screen.getByText(es.ra.navigation.page_rows_per_page)).toBeTruthy();
  });

  it("heads the time column by what it is: queued (outbox), sent (the development transport's log)", async () => {
    const i18n = polyglotI18nProvider((locale) => (messages as unknown as Record<string, TranslationMessages>)[locale]!, 'es');
    render(
      <AdminContext i18nProvider={i18n} dataProvider={testDataProvider({ getMany: async () => ({ data: [] }) as never })} store={memoryStore()}>
        <MessageLogPage />
      </AdminContext>,
    );
    const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
    await screen.findByText(es.campaigns.messages.events['batch-notify']);
    expect(headers()[0]).toBe(es.campaigns.messages.fields.created_at);
    fireEvent.click(screen.getByRole('button', { name: es.campaigns.messages.source_log }));
    await vi.waitFor(() => expect(headers()).toContain(es.campaigns.messages.fields.subject));
    expect(headers()[0]).toBe(es.campaigns.messages.fields.sent_at);
    expect(headers()).not.toContain(es.campaigns.messages.fields.created_at);
  });
});
