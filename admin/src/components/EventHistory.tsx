import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import type { StatusTable } from '../../../core/statuses.js';
import { useStatusLabel } from './StatusField.js';

export interface HistoryEvent {
  id: number;
  kind: string;
  from_status: number | null;
  to_status: number | null;
  reason?: string | null;
  /** Who did it (the API joins the acting user's name); null for the system (imports, schedules, hooks). */
  actor_name?: string | null;
  created_at: string;
  /** The device time of a scan synced from a device queue (docs/offline-scanning.md); null otherwise. */
  occurred_at?: string | null;
}

/** When it happened: the server time, or for a scan synced later both the device's time and the sync's. */
function eventTimes(e: HistoryEvent, locale: string, translate: (key: string, options?: object) => string): string[] {
  const at = (iso: string) => new Date(iso).toLocaleString(locale);
  if (!e.occurred_at || e.occurred_at === e.created_at) return [at(e.created_at)];
  return [translate('details.scanned_at', { time: at(e.occurred_at) }), translate('details.synced_at', { time: at(e.created_at) })];
}

/**
 * The one order of every history on a detail page: newest first. Steps of one action share their time
 * (check-in: 50 -> 70 -> 90): the later event (higher id) goes first. docs/admin.md "Detail pages".
 */
export function newestFirst<E extends { id: number; created_at: string }>(events: readonly E[]): E[] {
  return [...events].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}

/** The record's status history (`events` from the show payload) as a plain list, newest first, with who did it. */
export function EventHistory({ table, source = 'events' }: { table: StatusTable; source?: string; label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const status = useStatusLabel(table);
  const events = newestFirst(Array.isArray(record?.[source]) ? (record[source] as HistoryEvent[]) : []);
  if (!events.length) return <Typography variant="body2">—</Typography>;
  return (
    <List dense aria-label={translate('resources.shipments.fields.timeline')}>
      {events.map((e) => (
        <ListItem key={e.id} disableGutters>
          <ListItemText
            primary={[
              translate(`event_kinds.${e.kind}`, { _: e.kind }),
              // A verb that kept the status (extend expiry, notify, …) is named alone.
              e.to_status === null || (e.kind !== 'status' && e.from_status === e.to_status)
                ? ''
                : `${e.from_status !== null ? `${status(e.from_status)} → ` : ''}${status(e.to_status)}`,
            ]
              .filter(Boolean)
              .join(': ')}
            secondary={[
              ...eventTimes(e, locale, translate),
              translate('details.by', { name: e.actor_name || translate('details.system') }),
              e.reason,
            ]
              .filter(Boolean)
              .join(' · ')}
          />
        </ListItem>
      ))}
    </List>
  );
}
