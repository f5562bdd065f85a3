/** The webhook delivery log: translated subjects and pager, and a scroll region reachable with the keyboard. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, memoryStore, type TranslationMessages } from 'react-admin';
import { es, messages } from '../../../../core/i18n/index.js';
import { WebhookSettings } from './WebhookSettings.js';

const endpoint = { url: 'https://hooks.acme.example/lockerline', active: 1, has_secret: true, updated_at: '2026-11-21T09:00:00.000Z' };
const delivery = { id: 1, event: 'shipment.status_changed', subject_type: 'shipments', subject_id: 37, status: 'failed', attempts: 1, last_error: 'webhook: fetch failed', created_at: '2026-11-21T09:02:43.000Z', sent_at: null };

vi.mock('../../providers/http.js', async (original) => ({
  ...(await original<typeof import('../../providers/http.js')>()),
  api: vi.fn(async (path: string) => (path.includes('webhook-deliveries') ? { data: [delivery], meta: { total: 11 } } : { data: endpoint })),
}));

afterEach(cleanup);

describe('WebhookSettings delivery log', () => {
  it('names the subject and pages in Spanish; its scroll region takes keyboard focus', async () => {
    const i18n = polyglotI18nProvider((locale) => (messages as unknown as Record<string, TranslationMessages>)[locale]!, 'es');
    render(
      <AdminContext i18nProvider={i18n} store={memoryStore()}>
        <WebhookSettings merchantId={1} />
      </AdminContext>,
    );
    const region = await screen.findByRole('region', { name: es.campaigns.webhook.deliveries });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(await screen.findByText(`${es.resources.shipments.name.split(' |||| ')[0]} #37`)).toBeTruthy();
    expect(screen.getByRole('button', { name: es.ra.navigation.next })).toBeTruthy();
    expect(screen.getByText(new Date(delivery.created_at).toLocaleString('es'))).toBeTruthy();
  });
});
