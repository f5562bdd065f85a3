/** The dashboard charts' plain helpers (no React): the query of the filters, CSV text and download, record links. */
import type { DashboardExceptions } from '../../../../core/contract/index.js';
import { neutraliseCell } from '../../../../core/spreadsheet-cells.js';
import { localDateTime, NETWORK_TIME_ZONE } from '../../../../core/local-time.js';

/** from/to always; merchant and location only when chosen. */
/**
 * The charts' query string. `current`: for the charts of what stands now (utilisation, exceptions: docs/dashboard.md),
 * which the date range does not bound, so changing the dates neither refetches nor blanks them.
 */
export function kpiQuery(filters: { from: string; to: string; merchant_id: string; location_id: string }, current = false): string {
  const q = new URLSearchParams(current ? {} : { from: filters.from, to: filters.to });
  if (filters.merchant_id) q.set('merchant_id', filters.merchant_id);
  if (filters.location_id) q.set('location_id', filters.location_id);
  return q.toString();
}

/** A share (0-1) as a percentage with at most one decimal, written in the interface language (es "12,5 %"). */
export const percent = (share: number, locale: string): string => `${(Math.round(share * 1000) / 10).toLocaleString(locale, { maximumFractionDigits: 1 })} %`;

const cell = (v: unknown) => {
  // Text is guarded against formula injection (core's rule, as the exports); quoted when needed (RFC 4180).
  const safe = typeof v === 'number' ? String(v) : neutraliseCell(String(v ?? ''));
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** CSV text (comma-separated, CRLF) of a header and rows. */
export function csvOf(head: string[], rows: unknown[][]): string {
  return [head, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/**
 * The exceptions' CSV: what the table shows, its "When" the network's wall clock (the table's time) written
 * `YYYY-MM-DD HH:MM:SS`, which spreadsheets read as a date and time, the zone named in the column's header.
 */
export function exceptionsCsv(rows: DashboardExceptions['data']['rows'], phrase: (key: string) => string): string {
  const head = [phrase('exceptions.kind'), phrase('exceptions.record'), phrase('exceptions.location'), `${phrase('exceptions.at')} (${NETWORK_TIME_ZONE})`];
  return csvOf(head, rows.map((e) => [phrase(`exceptions.${e.kind}`), e.label, e.location ?? '', localDateTime(new Date(e.at), NETWORK_TIME_ZONE)]));
}

/**
 * A chart's CSV file name says what it covers: `dashboard-flow-2026-10-28_2026-11-26.csv` for the dates chosen, the day
 * it was taken for the charts of what stands now (`on`), and the merchant and location when filtered.
 */
export function csvFileName(chart: string, filters: { from: string; to: string; merchant_id: string; location_id: string }, on?: string): string {
  const parts = ['dashboard', chart, on ?? `${filters.from}_${filters.to}`];
  if (filters.merchant_id) parts.push(`merchant-${filters.merchant_id}`);
  if (filters.location_id) parts.push(`location-${filters.location_id}`);
  return `${parts.join('-')}.csv`;
}

/** Saves text as a CSV file in the browser (UTF-8 with BOM, so spreadsheet programs read accents right). */
export function downloadCsv(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Where an exception row links to: the package's page or the shipment's (a message about another record: none). */
export function recordPath(row: DashboardExceptions['data']['rows'][number]): string | null {
  if (row.subject_type === 'package' && row.shipment_id) return `/shipments/${row.shipment_id}/packages/${row.subject_id}`;
  if (row.shipment_id) return `/shipments/${row.shipment_id}`;
  return null;
}
