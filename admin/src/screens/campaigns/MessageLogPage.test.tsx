/**
 * The superadmin message log speaks the interface language throughout (Spanish here, in an en-US browser), and the
 * development messages' links are clickable (only http/https, as <a> elements; the rest stays text).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, memoryStore, testDataProvider, type TranslationMessages } from 'react-admin';
import { es, messages } from '../../../../core/i18n/index.js';
import { api } from '../../providers/http.js';
import { linkParts } from './LinkifiedText.js';
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

  it("makes the development messages' http(s) links clickable, and nothing else", async () => {
    const body = [
      'Hola, Beto: elige tu punto de recogida: http://localhost:5173/respond/tok_123-abc.',
      'Sigue tu paquete (https://track.example.com/track/LL12345678?x=1&y=2).',
      'javascript:alert(1) <a href="javascript:alert(2)">click</a> <b>bold</b> <img src=x onerror=alert(3)> ftp://files.example.com/x data:text/html,hi',
    ].join('\n');
    const logRow = { id: 9, kind: 'email', recipient: 'beto@example.com', subject: 'Elige', body, created_at: '2026-11-21T08:49:13.000Z' };
    vi.mocked(api).mockImplementation((async (path: string) =>
      path.includes('source=log') ? { data: [logRow], meta: { total: 1 } } : { data: [row], meta: { total: 1 } }) as never);
    const i18n = polyglotI18nProvider((locale) => (messages as unknown as Record<string, TranslationMessages>)[locale]!, 'es');
    const { container } = render(
      <AdminContext i18nProvider={i18n} dataProvider={testDataProvider({ getMany: async () => ({ data: [] }) as never })} store={memoryStore()}>
        <MessageLogPage />
      </AdminContext>,
    );
    await screen.findByText(es.campaigns.messages.events['batch-notify'], {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: es.campaigns.messages.source_log }));

    const respond = await screen.findByRole('link', { name: 'http://localhost:5173/respond/tok_123-abc' }, { timeout: 5000 });
    expect(respond.getAttribute('href')).toBe('http://localhost:5173/respond/tok_123-abc');
    expect(respond.getAttribute('target')).toBe('_blank');
    expect(respond.getAttribute('rel')).toBe('noopener noreferrer');
    const track = screen.getByRole('link', { name: 'https://track.example.com/track/LL12345678?x=1&y=2' });
    expect(track.getAttribute('href')).toBe('https://track.example.com/track/LL12345678?x=1&y=2');
    // Exactly those two: no javascript:, ftp: or data: link, no markup from the text.
    const links = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['http://localhost:5173/respond/tok_123-abc', 'https://track.example.com/track/LL12345678?x=1&y=2']);
    expect(container.querySelector('b, img, script')).toBeNull();
    const cell = respond.closest('td')!;
    expect(cell.textContent).toBe(body);
    expect(cell.textContent).toContain('<a href="javascript:alert(2)">click</a> <b>bold</b>');
  });
});

describe('MessageLogPage at desktop width', () => {
  const renderEs = () => {
    const i18n = polyglotI18nProvider((locale) => (messages as unknown as Record<string, TranslationMessages>)[locale]!, 'es');
    return render(
      <AdminContext i18nProvider={i18n} dataProvider={testDataProvider({ getMany: async () => ({ data: [{ id: 1, name: 'Acme Outfitters' }] }) as never })} store={memoryStore()}>
        <MessageLogPage />
      </AdminContext>,
    );
  };

  it('keeps one-word values (channel, status, attempts) on one line and breaks no date, name or address mid-word', async () => {
    vi.mocked(api).mockImplementation((async () => ({ data: [row], meta: { total: 1 } })) as never);
    renderEs();
    await screen.findAllByText(es.campaigns.messages.values.sent, {}, { timeout: 5000 });
    await screen.findAllByText('Acme Outfitters', {}, { timeout: 5000 });
    const cellOf = (text: string) => screen.getAllByText(text).map((e) => e.closest('td')).find(Boolean)!;
    // Every cell used to break anywhere, so the table squeezed "Enviado" and "Correo" into "Envia|o", "Corre|o".
    for (const cell of [cellOf(es.campaigns.messages.values.sent), cellOf(es.campaigns.messages.values.email)]) expect(getComputedStyle(cell).whiteSpace).toBe('nowrap');
    // Dates, names and addresses wrap between words (a date between day and time), not inside one.
    for (const cell of [cellOf(row.recipient), cellOf('Acme Outfitters'), cellOf(new Date(row.created_at).toLocaleString('es'))]) {
      expect(getComputedStyle(cell).overflowWrap).toBe('break-word');
    }
  });

  it("shows under each SMS of the development log the parts it takes and its encoding", async () => {
    const sms = { id: 11, kind: 'sms', recipient: '+12425551234', subject: 'x', body: 'Acme: ¿Dónde quieres recoger tu paquete? ' + 'x'.repeat(40), created_at: '2026-11-21T08:49:13.000Z' };
    const gsm = { ...sms, id: 12, body: 'Acme: ¿Donde quieres recoger tu paquete?' };
    vi.mocked(api).mockImplementation((async (path: string) => (path.includes('source=log') ? { data: [sms, gsm, { ...sms, id: 13, kind: 'email' }], meta: { total: 3 } } : { data: [row], meta: { total: 1 } })) as never);
    renderEs();
    await screen.findByText(es.campaigns.messages.events['batch-notify'], {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: es.campaigns.messages.source_log }));
    // 81 characters with an "ó": UCS-2, over 70, so 2 parts; the one without the accent is one GSM-7 part.
    expect(await screen.findByText('2 partes de SMS · UCS-2, 81 caracteres', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('1 parte de SMS · GSM-7, 40 caracteres')).toBeTruthy();
    expect(screen.getAllByText(/partes? de SMS/)).toHaveLength(2); // not under the e-mail
  });
});

describe('MessageLogPage on a phone', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each message as a row, not a table squeezed to 390 px; the whole text shows and links stay clickable', async () => {
    // Below the `sm` breakpoint (MUI asks matchMedia with a max-width query).
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }));
    const body = 'Hola, Rhea:\n\nElige antes del 10 ene 2027, 10:32.\n\nElige tu punto de recogida: http://localhost:5173/respond/tok_1';
    const logRow = { id: 9, kind: 'email', recipient: 'rhea@example.net', subject: 'Elige dónde recoger tu paquete', body, created_at: '2026-11-21T08:49:13.000Z' };
    vi.mocked(api).mockImplementation((async (path: string) =>
      path.includes('source=log') ? { data: [logRow], meta: { total: 1 } } : { data: [row], meta: { total: 1 } }) as never);
    const i18n = polyglotI18nProvider((locale) => (messages as unknown as Record<string, TranslationMessages>)[locale]!, 'es');
    render(
      <AdminContext i18nProvider={i18n} dataProvider={testDataProvider({ getMany: async () => ({ data: [] }) as never })} store={memoryStore()}>
        <MessageLogPage />
      </AdminContext>,
    );
    const event = es.campaigns.messages.events['batch-notify'];
    await screen.findAllByText((_, element) => !!element?.textContent?.includes(event) && !element.children.length, {}, { timeout: 5000 });
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: es.campaigns.messages.source_log }));
    const link = await screen.findByRole('link', { name: 'http://localhost:5173/respond/tok_1' }, { timeout: 5000 });
    expect(screen.queryByRole('table')).toBeNull();
    // One row holds who, the subject and the message whole with its line breaks.
    const item = link.closest('li')!;
    for (const text of [logRow.recipient, logRow.subject, 'Elige antes del 10 ene 2027, 10:32.']) expect(item.textContent).toContain(text);
    const whole = [...item.querySelectorAll('span')].find((span) => span.textContent === body);
    expect(whole).toBeTruthy();
    expect(getComputedStyle(whole!).whiteSpace).toBe('pre-wrap');
  });
});

describe('linkParts', () => {
  it('links well-formed http(s) URLs only and leaves the sentence punctuation outside', () => {
    expect(linkParts('Go: https://x.test/track/LL1.')).toEqual([{ text: 'Go: ' }, { href: 'https://x.test/track/LL1', text: 'https://x.test/track/LL1' }, { text: '.' }]);
    expect(linkParts('javascript:alert(1)')).toEqual([{ text: 'javascript:alert(1)' }]);
    expect(linkParts('JAVASCRIPT://%0aalert(1) http:// https://')).toEqual([{ text: 'JAVASCRIPT://%0aalert(1) http:// https://' }]);
    expect(linkParts('<a href="https://evil.test">x</a>')).toEqual([{ text: '<a href="' }, { href: 'https://evil.test/', text: 'https://evil.test' }, { text: '">x</a>' }]);
    expect(linkParts('')).toEqual([]);
  });
});
