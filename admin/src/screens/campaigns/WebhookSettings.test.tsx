/**
 * The webhook endpoint form (a react-admin Form: save a target, a refused target's reason on its field) and
 * the delivery log: translated subjects and pager, and a scroll region reachable with the keyboard.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, HttpError, memoryStore, type TranslationMessages } from 'react-admin';
import { en, es, messages } from '../../../../core/i18n/index.js';
import { testI18n } from '../../components/testing.js';
import { api } from '../../providers/http.js';
import { WebhookSettings } from './WebhookSettings.js';

const endpoint = { url: 'https://hooks.acme.example/lockerline', active: 1, has_secret: true, updated_at: '2026-11-21T09:00:00.000Z' };
const delivery = { id: 1, event: 'shipment.status_changed', subject_type: 'shipments', subject_id: 37, status: 'failed', attempts: 1, last_error: 'webhook: fetch failed', created_at: '2026-11-21T09:02:43.000Z', sent_at: null };

vi.mock('../../providers/http.js', async (original) => ({
  ...(await original<typeof import('../../providers/http.js')>()),
  api: vi.fn(async (path: string, req?: { method?: string; body?: { url?: string } }) => {
    if (path.includes('webhook-deliveries')) return { data: [delivery], meta: { total: 11 } };
    if (req?.method === 'PUT' && req.body?.url?.includes('169.254.')) throw new HttpError('The form is not completed.', 422, { code: 'validation.failed', errors: { url: 'validation.public_url' } });
    if (req?.method === 'PUT') return { data: { ...endpoint, url: req.body?.url, updated_at: '2026-11-25T10:00:00.000Z' } };
    return { data: endpoint };
  }),
}));

afterEach(() => {
  cleanup();
  vi.mocked(api).mockClear();
});

/** jsdom on a busy machine: an answer may take seconds. */
const slow = { timeout: 10_000 };

const puts = () => vi.mocked(api).mock.calls.filter(([, req]) => req?.method === 'PUT').map(([path, req]) => [path, req?.body]);

describe('WebhookSettings form', () => {
  const open = async () => {
    render(
      <AdminContext i18nProvider={testI18n} store={memoryStore()}>
        <WebhookSettings merchantId={1} />
      </AdminContext>,
    );
    const url = await screen.findByDisplayValue(endpoint.url, {}, slow);
    const secret = screen.getByLabelText(en.campaigns.webhook.fields.secret);
    return { url, secret, save: screen.getByRole('button', { name: en.ra.action.save }) };
  };

  it('saves the target with a new secret, then empties the secret field (it is never shown again)', async () => {
    const { url, secret, save } = await open();
    fireEvent.change(url, { target: { value: 'https://hooks.example.com/new' } });
    fireEvent.change(secret, { target: { value: 's'.repeat(20) } });
    fireEvent.click(save);
    await waitFor(() => expect(puts()).toEqual([['merchants/1/webhook', { url: 'https://hooks.example.com/new', active: true, secret: 's'.repeat(20) }]]), slow);
    await waitFor(() => expect((secret as HTMLInputElement).value).toBe(''), slow);
    expect((url as HTMLInputElement).value).toBe('https://hooks.example.com/new');
  });

  it("shows a refused target's reason on the address field and keeps what was typed", async () => {
    const { url, save } = await open();
    fireEvent.change(url, { target: { value: 'https://169.254.169.254/latest' } });
    fireEvent.click(save);
    expect(await screen.findByText(en.validation.public_url, {}, slow)).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect((url as HTMLInputElement).value).toBe('https://169.254.169.254/latest');
  });

  it('offers Save only with an address typed', async () => {
    const { url, save } = await open();
    fireEvent.change(url, { target: { value: '  ' } });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(true), slow);
    fireEvent.change(url, { target: { value: 'https://hooks.example.com/x' } });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false), slow);
  });
});

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
