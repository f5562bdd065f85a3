/**
 * The dashboard's charts section (issue 15) in jsdom: it loads below the three cards, shows each chart's numbers
 * (as the tables the charts carry), links exceptions to their records, offers the merchant filter to staff only,
 * and builds its CSV from the same data. A section renders its chart and table only once it comes into view or
 * takes focus (jsdom has no IntersectionObserver: the other tests see every section at once).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, type I18nProvider, type TranslationMessages } from 'react-admin';
import { TestMemoryRouter } from 'react-admin';
import { en, messages } from '../../../../core/i18n/index.js';
import { parseDay } from '../../../../core/i18n/days.js';
import { DASHBOARD_KPI_PHRASES, kpiPhrase } from '../../../../core/i18n/dashboard-kpis.js';
import { ROLES } from '../../../../core/roles.js';
import { api } from '../../providers/http.js';
import { testAuth, testI18n } from '../../components/testing.js';
import { emitLiveChange } from '../../live/liveConnection.js';
import { Dashboard } from '../Dashboard.js';
import { csvFileName, csvOf, exceptionsCsv, kpiQuery, percent, recordPath } from './kpiData.js';

const range = { from: '2026-11-01', to: '2026-11-02', time_zone: 'America/Nassau' };
const answers: Record<string, unknown> = {
  'dashboard/statistics': { data: { shipments: { 0: 5, 20: 4, 30: 3 } } },
  'dashboard/flow': { data: { range, days: [{ day: '2026-11-01', arrived: 7, collected: 5, returned: 1, out: 6 }, { day: '2026-11-02', arrived: 0, collected: 0, returned: 0, out: 0 }] } },
  'dashboard/rates': { data: { range, arrived: 8, expired: 2, extended: 1, rerouted: 0, expiry_rate: 0.25, extension_rate: 0.125, reroute_rate: 0 } },
  'dashboard/dwell': { data: { range, bucket_hours: [1, 2], locations: [{ location_id: 3, name: 'Bay Street Pharmacy', collected: 5, p50_hours: 12, p90_hours: 48 }] } },
  'dashboard/heatmap': { data: { range, cells: Array.from({ length: 7 }, (_, d) => Array.from({ length: 24 }, (_, h) => (d === 2 && h === 15 ? 4 : 0))) } },
  'dashboard/utilisation': { data: { lockers: [{ location_id: 9, name: 'Cable Beach Locker', doors: 10, occupied: 10, utilisation: 0.95, flag: 'high' }] } },
  'dashboard/exceptions': { data: { totals: { expired: 1, lost: 0, message_failed: 0 }, rows: [{ kind: 'expired', id: 41, label: 'LP0001', shipment_id: 7, subject_type: 'package', subject_id: 41, location: 'Cable Beach Locker', at: '2026-11-02T12:00:00.000Z' }] } },
  merchants: { data: [{ id: 1, name: 'Acme Outfitters' }] },
  locations: { data: [{ id: 3, name: 'Bay Street Pharmacy' }] },
};

vi.mock('../../providers/http.js', async (original) => ({
  ...(await original<typeof import('../../providers/http.js')>()),
  api: vi.fn(async (path: string) => answers[path.split('?')[0]!] ?? { data: null }),
}));

beforeAll(() => {
  // x-charts measures its container.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(() => {
  cleanup();
  vi.mocked(api).mockClear();
  sessionStorage.clear();
});

const k = DASHBOARD_KPI_PHRASES.en;
function renderDashboard(role: number, i18nProvider: I18nProvider = testI18n) {
  return render(
    <TestMemoryRouter>
      <AdminContext i18nProvider={i18nProvider} authProvider={testAuth({ role, merchant_id: role === ROLES.superadmin ? null : 1, features: 0 })}>
        <Dashboard />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

describe('dashboard charts section', () => {
  it('loads below the cards and shows every chart with its numbers', async () => {
    renderDashboard(ROLES.merchant_admin);
    expect(await screen.findByText(en.dashboard.cards[0])).toBeTruthy();
    const title = await screen.findByRole('heading', { name: k.title }, { timeout: 10_000 });
    expect(title).toBeTruthy();
    // The cards come first in the page: the section follows them.
    expect(screen.getByText(en.dashboard.cards[30]).compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const rates = await screen.findByRole('region', { name: k.rates.title }, { timeout: 10_000 });
    expect(await within(rates).findByText('25 %')).toBeTruthy();
    expect(within(rates).getByText('12.5 %')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('region', { name: k.flow.title })).getByRole('button', { name: k.show_table }));
    expect(await within(screen.getByRole('region', { name: k.flow.title })).findByRole('cell', { name: '7' })).toBeTruthy();
    expect(await within(screen.getByRole('region', { name: k.utilisation.title })).findByText(k.utilisation.high)).toBeTruthy();
    expect(await within(screen.getByRole('region', { name: k.heatmap.title })).findByTitle('Wed 15:00: 4 pickups')).toBeTruthy();
    const link = await within(screen.getByRole('region', { name: k.exceptions.title })).findByRole('link', { name: 'LP0001' });
    expect(link.getAttribute('href')).toBe('/shipments/7/packages/41');
    // A merchant has no merchant filter; the charts of a range asked for the same range, those of now for none.
    expect(screen.queryByLabelText(k.merchant)).toBeNull();
    const asked = () => vi.mocked(api).mock.calls.map(([path]) => String(path)).filter((p) => p.startsWith('dashboard/') && p !== 'dashboard/statistics');
    expect(asked()).toHaveLength(6);
    const ranged = asked().filter((p) => !/utilisation|exceptions/.test(p));
    expect(new Set(ranged.map((p) => p.split('?')[1])).size).toBe(1);
    expect(ranged[0]).toContain('from=');
    expect(asked().filter((p) => /utilisation|exceptions/.test(p)).map((p) => p.split('?')[1])).toEqual(['', '']);
    // Utilisation and exceptions say they are now, the others do not.
    for (const title of [k.utilisation.title, k.exceptions.title]) expect(within(screen.getByRole('region', { name: title })).getByText(k.now)).toBeTruthy();
    for (const title of [k.flow.title, k.rates.title, k.dwell.title, k.heatmap.title]) expect(within(screen.getByRole('region', { name: title })).queryByText(k.now)).toBeNull();
    // Other dates: only the charts of the range are asked again.
    vi.mocked(api).mockClear();
    fireEvent.change(screen.getByLabelText(k.from), { target: { value: '10/01/2026' } });
    await vi.waitFor(() => expect(asked().filter((p) => p.includes('from=2026-10-01'))).toHaveLength(4));
    expect(asked().filter((p) => /utilisation|exceptions/.test(p))).toEqual([]);
  });

  it('keeps the dates chosen when the page is mounted again (a language switch, a reload), not before they are chosen', async () => {
    renderDashboard(ROLES.merchant_admin);
    await screen.findByRole('region', { name: k.rates.title }, { timeout: 10_000 });
    const defaultFrom = (screen.getByLabelText(k.from) as HTMLInputElement).value;
    expect(sessionStorage.length).toBe(0);
    fireEvent.change(screen.getByLabelText(k.from), { target: { value: '10/01/2026' } });
    await vi.waitFor(() => expect(vi.mocked(api).mock.calls.some(([path]) => String(path).startsWith('dashboard/rates?from=2026-10-01'))).toBe(true));
    cleanup();
    renderDashboard(ROLES.merchant_admin);
    await screen.findByRole('region', { name: k.rates.title }, { timeout: 10_000 });
    expect((screen.getByLabelText(k.from) as HTMLInputElement).value).toBe('10/01/2026');
    // A stored entry of another shape is ignored: the defaults.
    cleanup();
    for (let i = 0; i < sessionStorage.length; i++) sessionStorage.setItem(sessionStorage.key(i)!, '{"from":3}');
    renderDashboard(ROLES.merchant_admin);
    await screen.findByRole('region', { name: k.rates.title }, { timeout: 10_000 });
    expect((screen.getByLabelText(k.from) as HTMLInputElement).value).toBe(defaultFrom);
  });

  it('on a phone, a locker\'s flag sits under its name: no fifth column to scroll out of sight', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }));
    try {
      renderDashboard(ROLES.merchant_admin);
      const region = await screen.findByRole('region', { name: k.utilisation.title }, { timeout: 10_000 });
      const flag = await within(region).findByText(k.utilisation.high);
      expect(within(region).queryByRole('columnheader', { name: k.utilisation.flag })).toBeNull();
      expect(within(region).getAllByRole('columnheader')).toHaveLength(4);
      expect(within(region).getAllByRole('cell')[0]!.textContent).toBe(`Cable Beach Locker${k.utilisation.high}`);
      expect(flag.closest('td')).toBe(within(region).getAllByRole('cell')[0]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('refreshes its charts when a package changes elsewhere, without a reload, the dates chosen kept', async () => {
    renderDashboard(ROLES.merchant_admin);
    const rates = await screen.findByRole('region', { name: k.rates.title }, { timeout: 10_000 });
    expect(await within(rates).findByText('25 %')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(k.from), { target: { value: '10/01/2026' } });
    const rateCalls = () => vi.mocked(api).mock.calls.map(([path]) => String(path)).filter((p) => p.startsWith('dashboard/rates?from=2026-10-01'));
    await vi.waitFor(() => expect(rateCalls()).toHaveLength(1));
    const before = answers['dashboard/rates'];
    answers['dashboard/rates'] = { data: { ...(before as { data: object }).data, expired: 3, expiry_rate: 0.375 } };
    try {
      vi.mocked(api).mockClear();
      act(() => emitLiveChange({ resource: 'packages', ids: [41] }));
      expect(await within(rates).findByText('37.5 %')).toBeTruthy();
      const asked = vi.mocked(api).mock.calls.map(([path]) => String(path));
      expect(asked.filter((p) => p.startsWith('dashboard/rates'))).toEqual(['dashboard/rates?from=2026-10-01&to=' + parseDay((screen.getByLabelText(k.to) as HTMLInputElement).value, 'en')]);
      expect(asked.filter((p) => /^dashboard\/(flow|dwell|heatmap|utilisation|exceptions)/.test(p))).toHaveLength(5);
      expect((screen.getByLabelText(k.from) as HTMLInputElement).value).toBe('10/01/2026');
    } finally {
      answers['dashboard/rates'] = before;
    }
  });

  it('shows and reads its dates the way the interface language writes them, not the browser\'s', async () => {
    const es = DASHBOARD_KPI_PHRASES.es;
    const spanish = polyglotI18nProvider(() => messages.es as unknown as TranslationMessages, 'es', { allowMissing: true });
    renderDashboard(ROLES.merchant_admin, spanish);
    const from = (await screen.findByLabelText(es.from, {}, { timeout: 10_000 })) as HTMLInputElement;
    expect(from.value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(from.placeholder).toBe('dd/mm/aaaa');
    const asked = () => vi.mocked(api).mock.calls.map(([path]) => String(path)).filter((p) => p.startsWith('dashboard/flow'));
    vi.mocked(api).mockClear();
    fireEvent.change(from, { target: { value: '01/10/2026' } });
    await vi.waitFor(() => expect(asked().some((p) => p.includes('from=2026-10-01&'))).toBe(true));
    // A day that does not exist is not asked for: the field says how to write one.
    vi.mocked(api).mockClear();
    fireEvent.change(from, { target: { value: '31/02/2026' } });
    expect(await screen.findByText('Escribe la fecha así: dd/mm/aaaa.')).toBeTruthy();
    expect(asked()).toEqual([]);
  });

  it('offers staff the merchant filter', async () => {
    renderDashboard(ROLES.superadmin);
    expect(await screen.findByRole('heading', { name: k.title }, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByLabelText(k.merchant)).toBeTruthy();
  });
});

describe('chart sections render when they come into view', () => {
  /** A stand-in IntersectionObserver: the test says when an element comes into view. */
  const observed = new Map<Element, (entries: { isIntersecting: boolean }[]) => void>();
  beforeAll(() => {
    globalThis.IntersectionObserver = class {
      constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
      observe(element: Element) {
        observed.set(element, this.callback);
      }
      disconnect() {
        for (const [element, callback] of observed) if (callback === this.callback) observed.delete(element);
      }
    } as unknown as typeof IntersectionObserver;
  });
  afterAll(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  it('heading and CSV at once; the table once in view or focused', async () => {
    renderDashboard(ROLES.merchant_admin);
    const rates = await screen.findByRole('region', { name: k.rates.title }, { timeout: 10_000 });
    // The sections mount one per commit (useStaggered): the heatmap is the fifth.
    const heatmap = await screen.findByRole('region', { name: k.heatmap.title });
    expect(within(rates).getByRole('button', { name: k.csv_of.replace('%{chart}', k.rates.title) })).toBeTruthy();
    expect(within(rates).queryByRole('table')).toBeNull();
    expect(screen.getByTestId('kpi-rates-pending')).toBeTruthy();
    act(() => observed.get(rates)!([{ isIntersecting: true }]));
    expect(await within(rates).findByText('25 %')).toBeTruthy();
    expect(screen.queryByTestId('kpi-rates-pending')).toBeNull();
    // Still pending: nothing brought it into view.
    expect(within(heatmap).queryByRole('table')).toBeNull();
    act(() => within(heatmap).getByRole('button', { name: k.csv_of.replace('%{chart}', k.heatmap.title) }).focus());
    expect(await within(heatmap).findByTitle('Wed 15:00: 4 pickups')).toBeTruthy();
  });
});

describe('dashboard data helpers', () => {
  it('CSV file names say the dates (or the day, for what stands now) and the filters', () => {
    const filters = { from: '2026-10-28', to: '2026-11-26', merchant_id: '', location_id: '' };
    expect(csvFileName('flow', filters)).toBe('dashboard-flow-2026-10-28_2026-11-26.csv');
    expect(csvFileName('exceptions', { ...filters, merchant_id: '4', location_id: '9' }, '2026-11-26')).toBe('dashboard-exceptions-2026-11-26-merchant-4-location-9.csv');
  });

  it('CSV: header, CRLF rows, quoting, and no spreadsheet formulas', () => {
    expect(csvOf(['Day', 'In'], [['2026-11-01', 7], ['a,"b"', '=1+1']])).toBe('Day,In\r\n2026-11-01,7\r\n"a,""b""",\'=1+1\r\n');
    expect(csvOf(['n'], [[-3]])).toBe('n\r\n-3\r\n');
    // Text that only looks numeric, or hides the formula behind a tab or CR, is guarded too (numbers are not).
    expect(csvOf(['x'], [['-1+1+cmd|calc'], ['\t=1'], ['+1242 555 0100']])).toBe('x\r\n\'-1+1+cmd|calc\r\n\'\t=1\r\n\'+1242 555 0100\r\n');
  });

  it("the exceptions' CSV says when in the network's time, as the table does, written the way spreadsheets read a date and time", () => {
    const row = { kind: 'expired' as const, id: 41, label: 'LP0001', shipment_id: 7, subject_type: 'package', subject_id: 41, location: 'Cable Beach Locker', at: '2026-11-28T09:20:19.361Z' };
    const summer = { ...row, kind: 'message_failed' as const, label: 'x@example.com', location: null, at: '2026-07-01T03:05:00.000Z' };
    expect(exceptionsCsv([row, summer], (key) => kpiPhrase('es', key))).toBe(
      'Tipo,Registro,Ubicación,Cuándo (America/Nassau)\r\nVencido,LP0001,Cable Beach Locker,2026-11-28 04:20:19\r\nMensaje fallido,x@example.com,,2026-06-30 23:05:00\r\n',
    );
  });

  it('percentages in the interface language', () => {
    expect(percent(0.125, 'en')).toBe('12.5 %');
    expect(percent(0.125, 'es')).toBe('12,5 %');
    expect(percent(0.0938, 'es')).toBe('9,4 %');
    expect(percent(1, 'es')).toBe('100 %');
    expect(csvOf(['Ocupación'], [[percent(0.094, 'es')]])).toBe('Ocupación\r\n"9,4 %"\r\n');
  });

  it('query and record links', () => {
    expect(kpiQuery({ from: '2026-11-01', to: '2026-11-30', merchant_id: '', location_id: '4' })).toBe('from=2026-11-01&to=2026-11-30&location_id=4');
    expect(kpiQuery({ from: '2026-11-01', to: '2026-11-30', merchant_id: '2', location_id: '' }, true)).toBe('merchant_id=2');
    expect(recordPath({ kind: 'message_failed', id: 1, label: 'x', shipment_id: 5, subject_type: 'shipment', subject_id: 5, location: null, at: '' })).toBe('/shipments/5');
    expect(recordPath({ kind: 'message_failed', id: 1, label: 'x', shipment_id: null, subject_type: 'batch_item', subject_id: 5, location: null, at: '' })).toBeNull();
  });
});
