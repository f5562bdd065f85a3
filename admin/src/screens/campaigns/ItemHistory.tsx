import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import type { BatchItemEvent } from '../../../../core/contract/index.js';
import { newestFirst } from '../../components/EventHistory.js';
import { useStatusLabel } from '../../components/StatusField.js';

type ItemEvent = BatchItemEvent;

/**
 * A batch item's history (`events` of the show payload), newest first like every history, with who did it: created, status changes, email /
 * SMS notified, reminders (number, final), failures with their reason, the customer's response.
 */
export function ItemHistory({ source = 'events' }: { source?: string; label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const status = useStatusLabel('batch_items');
  const events = newestFirst(Array.isArray(record?.[source]) ? (record[source] as ItemEvent[]) : []);
  if (!events.length) return <Typography variant="body2">{translate('campaigns.history.empty')}</Typography>;

  const detail = (e: ItemEvent): string => {
    switch (e.kind) {
      case 'status':
        return `${e.from_status !== null ? `${status(e.from_status)} → ` : ''}${status(e.to_status)}`;
      case 'reminded':
        return e.data?.final ? translate('campaigns.history.final_reminder') : translate('campaigns.history.reminder', { n: Number(e.data?.reminder ?? 0) });
      case 'failed':
        return e.reason ? translate(`errors.${e.reason}`, { _: e.reason }) : '';
      case 'responded':
        return record?.pickup_location_name && e.location_id === record.pickup_location_id ? String(record.pickup_location_name) : e.location_id ? `#${e.location_id}` : '';
      default:
        return '';
    }
  };

  return (
    <Table size="small" aria-label={translate('campaigns.history.title')} data-testid="item-history">
      <TableHead>
        <TableRow>
          <TableCell>{translate('campaigns.history.at')}</TableCell>
          <TableCell>{translate('campaigns.history.event')}</TableCell>
          <TableCell>{translate('campaigns.history.detail')}</TableCell>
          <TableCell>{translate('details.who')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {events.map((e) => (
          <TableRow key={e.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{new Date(e.created_at).toLocaleString(locale)}</TableCell>
            <TableCell>{translate(`event_kinds.${e.kind}`, { _: e.kind })}</TableCell>
            <TableCell>{detail(e)}</TableCell>
            <TableCell>{e.actor_name || translate('details.system')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
