/**
 * The dashboard charts' phrases (issue 15, admin/src/pages/dashboard): kept out of the catalogues in en.ts / es.ts
 * so that the dashboard's first screen does not carry them (its budget: admin/src/bundle.test.tsx); only the lazy
 * charts chunk imports this module. `%{name}` placeholders as in the catalogues.
 */
import type { Locale } from '../constants.js';

const en = {
  title: 'Network at a glance',
  filters: 'Filters',
  from: 'From',
  to: 'To',
  day_invalid: 'Type a date as %{pattern}.',
  calendar: 'Choose from a calendar',
  merchant: 'Merchant',
  location: 'Location',
  all_merchants: 'All merchants',
  all_locations: 'All locations',
  csv: 'Download CSV',
  csv_of: 'Download CSV: %{chart}',
  show_table: 'Show as a table',
  hide_table: 'Hide the table',
  no_data: 'No data in this range.',
  flow: { title: 'Parcels in and out per day', day: 'Day', arrived: 'In', out: 'Out', collected: 'Collected', returned: 'Returned' },
  rates: { title: 'Expiry, extension and reroute rates', arrived: 'Parcels in', expired: 'Expired', extended: 'Extended', rerouted: 'Rerouted', expiry_rate: 'Expiry rate', extension_rate: 'Extension rate', reroute_rate: 'Reroute rate', measure: 'Measure', value: 'Value' },
  dwell: { title: 'Dwell time, ready to collected (hours)', location: 'Location', collected: 'Collected', p50: 'p50 (h)', p90: 'p90 (h)', unknown: 'Unknown location' },
  utilisation: { flag: 'Flag', title: 'Locker utilisation', locker: 'Locker', doors: 'Doors', occupied: 'Occupied', share: 'Utilisation', low: 'Under 50%', high: 'Over 90%', ok: 'OK' },
  heatmap: { title: 'Pickups by weekday and hour', weekday: 'Weekday', hour: 'Hour', cell: '%{day} %{hour}:00: %{count} pickups', days: { 0: 'Mon', 1: 'Tue', 2: 'Wed', 3: 'Thu', 4: 'Fri', 5: 'Sat', 6: 'Sun' } },
  now: 'Now: not bound to the dates chosen.',
  exceptions: { title: 'Exceptions', kind: 'Kind', record: 'Record', location: 'Location', at: 'When', expired: 'Expired', lost: 'Lost', message_failed: 'Failed message', none: 'No exceptions.', totals: '%{expired} expired, %{lost} lost, %{failed} failed messages' },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

const es: Shape<typeof en> = {
  title: 'La red de un vistazo',
  filters: 'Filtros',
  from: 'Desde',
  to: 'Hasta',
  day_invalid: 'Escribe la fecha así: %{pattern}.',
  calendar: 'Elegir en un calendario',
  merchant: 'Comercio',
  location: 'Ubicación',
  all_merchants: 'Todos los comercios',
  all_locations: 'Todas las ubicaciones',
  csv: 'Descargar CSV',
  csv_of: 'Descargar CSV: %{chart}',
  show_table: 'Ver como tabla',
  hide_table: 'Ocultar la tabla',
  no_data: 'No hay datos en este intervalo.',
  flow: { title: 'Paquetes que entran y salen por día', day: 'Día', arrived: 'Entran', out: 'Salen', collected: 'Recogidos', returned: 'Devueltos' },
  rates: { title: 'Tasas de vencimiento, prórroga y desvío', arrived: 'Paquetes entrados', expired: 'Vencidos', extended: 'Prorrogados', rerouted: 'Desviados', expiry_rate: 'Tasa de vencimiento', extension_rate: 'Tasa de prórroga', reroute_rate: 'Tasa de desvío', measure: 'Medida', value: 'Valor' },
  dwell: { title: 'Tiempo de espera, de listo a recogido (horas)', location: 'Ubicación', collected: 'Recogidos', p50: 'p50 (h)', p90: 'p90 (h)', unknown: 'Ubicación desconocida' },
  utilisation: { flag: 'Aviso', title: 'Ocupación de las taquillas', locker: 'Taquilla', doors: 'Puertas', occupied: 'Ocupadas', share: 'Ocupación', low: 'Menos del 50 %', high: 'Más del 90 %', ok: 'Correcta' },
  heatmap: { title: 'Recogidas por día de la semana y hora', weekday: 'Día', hour: 'Hora', cell: '%{day} %{hour}:00: %{count} recogidas', days: { 0: 'lun', 1: 'mar', 2: 'mié', 3: 'jue', 4: 'vie', 5: 'sáb', 6: 'dom' } },
  now: 'Ahora: no depende de las fechas elegidas.',
  exceptions: { title: 'Incidencias', kind: 'Tipo', record: 'Registro', location: 'Ubicación', at: 'Cuándo', expired: 'Vencido', lost: 'Perdido', message_failed: 'Mensaje fallido', none: 'No hay incidencias.', totals: '%{expired} vencidos, %{lost} perdidos, %{failed} mensajes fallidos' },
};

export const DASHBOARD_KPI_PHRASES: Record<Locale, Shape<typeof en>> = { en, es };

/** The phrase at a dotted key (`flow.title`) in `locale`, its `%{name}` placeholders filled. */
export function kpiPhrase(locale: string, key: string, params: Record<string, unknown> = {}): string {
  let node: unknown = DASHBOARD_KPI_PHRASES[(locale in DASHBOARD_KPI_PHRASES ? locale : 'en') as Locale];
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  const phrase = typeof node === 'string' ? node : key;
  return phrase.replace(/%\{(\w+)\}/g, (all, name: string) => (name in params ? String(params[name]) : all));
}
