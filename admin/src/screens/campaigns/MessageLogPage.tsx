/**
 * /messages (superadmin): every queued / sent / failed notification and webhook of the outbox, or the
 * messages the development transport "sent" (with subject and body). Read-only, newest first, paged.
 */
import { useState, type ReactNode } from 'react';
import { Box, Card, Chip, MenuItem, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { Loading, Title, useGetMany, useRecordContext, useLocaleState, useTranslate } from 'react-admin';
import { useTablePaginationLabels } from '../../components/ListToolbarAndPagination.js';
import { PhoneRows, joinLine, usePhoneWidth, type PhoneRow } from '../../components/ResourceList.js';
import { useApiGet } from '../../pages/useApi.js';
import { LinkifiedText } from './LinkifiedText.js';
import type { MessagesResponse } from '../../../../core/contract/index.js';
import { smsSize } from '../../../../core/sms.js';

type Source = 'outbox' | 'log';

const STATUSES = ['pending', 'sending', 'sent', 'failed', 'dead'];
const KINDS = ['email', 'sms', 'whatsapp', 'webhook'];
const COLUMNS: Record<Source, string[]> = {
  outbox: ['created_at', 'kind', 'event', 'merchant_id', 'recipient', 'status', 'attempts', 'last_error', 'sent_at'],
  log: ['created_at', 'kind', 'recipient', 'subject', 'body'],
};
/** The development log's rows are written when the transport "sends" the message: its time is the send time. */
const LABELS: Record<Source, Record<string, string>> = { outbox: {}, log: { created_at: 'sent_at' } };
/**
 * How a desktop cell wraps. One-word values (channel, status, attempts) stay on one line; dates, names and addresses
 * wrap between words only (a date between its day and its time), breaking inside one only when it cannot fit at all;
 * an error or a body may break anywhere (long URLs), in a bounded width. Every cell breaking "anywhere" let the table
 * shrink the columns to a letter or two at 1280 px ("Corre|o", "Envia|o", "exampl|e.net").
 */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const WORDS = { overflowWrap: 'break-word' } as const;
const CELL_SX: Record<string, object> = {
  kind: NO_WRAP,
  status: NO_WRAP,
  attempts: NO_WRAP,
  last_error: { overflowWrap: 'anywhere', minWidth: 120 },
  body: { whiteSpace: 'pre-wrap', maxWidth: 480, minWidth: 240, overflowWrap: 'anywhere' },
};


/** A phone row's status or channel, as the other lists show a status: a chip at the end of the first line. */
function ValueChip({ name, cell }: { name: string; cell: (name: string, value: unknown) => ReactNode }) {
  const record = useRecordContext();
  return record ? <Chip size="small" variant="outlined" label={cell(name, record[name])} /> : null;
}

/** Under an SMS of the development log: the parts a network would bill and the encoding (core/sms.ts). */
function SmsParts({ text }: { text: string }) {
  const translate = useTranslate();
  const size = smsSize(text);
  return (
    <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5, whiteSpace: 'nowrap' }}>
      {translate('campaigns.messages.sms_parts', { smart_count: size.segments, encoding: size.encoding === 'gsm7' ? 'GSM-7' : 'UCS-2', units: [...text].length })}
    </Typography>
  );
}

export function MessageLogPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [source, setSource] = useState<Source>('outbox');
  const [status, setStatus] = useState('');
  const [kind, setKind] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const query = new URLSearchParams({ source, page: String(page + 1), perPage: String(perPage) });
  if (source === 'outbox' && status) query.set('status', status);
  if (source === 'outbox' && kind) query.set('kind', kind);
  const { data, loading } = useApiGet<MessagesResponse>(`messages?${query}`);
  const paginationLabels = useTablePaginationLabels(data?.meta.totalCapped === true);
  const rows = data?.data ?? [];
  const merchantIds = [...new Set(rows.map((r) => r.merchant_id).filter((id): id is number => typeof id === 'number'))];
  const { data: merchants } = useGetMany('merchants', { ids: merchantIds }, { enabled: merchantIds.length > 0 });
  const merchantName = (id: unknown) => merchants?.find((m) => m.id === id)?.name ?? String(id);
  // Codes in the interface language: channel, status, the customer message's event (webhook types stay as sent).
  const cell = (name: string, value: unknown) => {
    if (value === null || value === undefined || value === '') return '—';
    if (name.endsWith('_at')) return new Date(String(value)).toLocaleString(locale);
    if (name === 'status' || name === 'kind') return translate(`campaigns.messages.values.${String(value)}`, { _: String(value) });
    if (name === 'event') return translate(`notification_events.${String(value)}`, { _: translate(`campaigns.messages.events.${String(value)}`, { _: String(value) }) });
    if (name === 'merchant_id') return merchantName(value);
    // The development log's bodies carry the customer's links (/respond/…, /track/…): clickable, the rest plain text.
    if (name === 'body') return <LinkifiedText text={String(value)} />;
    return String(value);
  };
  // On a phone, a row per message (as the other lists): who and its status first, then when, channel, event and
  // merchant, then the error (outbox) or the subject and text (development log). A table of 5 to 9 columns
  // scrolled sideways there, a row never readable at once.
  const phone = usePhoneWidth();
  const text = (name: string, row: Record<string, unknown>) => {
    const value = cell(name, row[name]);
    return value === '—' ? null : value;
  };
  const phoneRow: PhoneRow =
    source === 'outbox'
      ? {
          primary: (row) => String(cell('recipient', row.recipient)),
          tertiary: <ValueChip name="status" cell={cell} />,
          secondary: (row) => (
            <>
              {joinLine(text('created_at', row), text('kind', row), text('event', row), text('merchant_id', row), `${translate('campaigns.messages.fields.attempts')}: ${String(row.attempts ?? 0)}`)}
              {row.last_error ? <Box component="span" sx={{ display: 'block' }}>{String(row.last_error)}</Box> : null}
            </>
          ),
        }
      : {
          primary: (row) => String(cell('recipient', row.recipient)),
          tertiary: <ValueChip name="kind" cell={cell} />,
          secondary: (row) => (
            <>
              {joinLine(text('created_at', row), text('subject', row))}
              {row.body ? <Box component="span" sx={{ display: 'block', whiteSpace: 'pre-wrap', mt: 0.5 }}>{cell('body', row.body)}</Box> : null}
            </>
          ),
        };
  const filter = (label: string, value: string, values: string[], set: (v: string) => void) => (
    <TextField select size="small" fullWidth={false} label={label} value={value} onChange={(e) => { set(e.target.value); setPage(0); }} sx={{ minWidth: 180 }}>
      <MenuItem value="">{translate('campaigns.messages.all')}</MenuItem>
      {values.map((v) => (
        <MenuItem key={v} value={v}>
          {translate(`campaigns.messages.values.${v}`, { _: v })}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box sx={{ my: 2 }}>
      <Title title={translate('campaigns.messages.title')} />
      <Typography component="h2" variant="h5" sx={{ mb: 2 }}>
        {translate('campaigns.messages.title')}
      </Typography>
      <Box sx={{ mb: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <ToggleButtonGroup size="small" exclusive value={source} onChange={(_e, next: Source | null) => { if (next) { setSource(next); setPage(0); } }} aria-label={translate('campaigns.messages.source')}>
          <ToggleButton value="outbox">{translate('campaigns.messages.source_outbox')}</ToggleButton>
          <ToggleButton value="log">{translate('campaigns.messages.source_log')}</ToggleButton>
        </ToggleButtonGroup>
        {source === 'outbox' && filter(translate('campaigns.messages.fields.status'), status, STATUSES, setStatus)}
        {source === 'outbox' && filter(translate('campaigns.messages.fields.kind'), kind, KINDS, setKind)}
      </Box>
      <Card sx={{ overflowX: 'auto' }}>
        {loading && !data ? (
          <Loading />
        ) : phone ? (
          <PhoneRows resource="messages" data={rows} row={phoneRow} label={translate('campaigns.messages.title')} empty={<Typography sx={{ p: 2 }}>{translate('campaigns.messages.empty')}</Typography>} />
        ) : (
          <Table size="small" aria-label={translate('campaigns.messages.title')}>
            <TableHead>
              <TableRow>
                {COLUMNS[source].map((c) => (
                  <TableCell key={c} sx={CELL_SX[c] === NO_WRAP ? NO_WRAP : undefined}>{translate(`campaigns.messages.fields.${LABELS[source][c] ?? c}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  {COLUMNS[source].map((c) => (
                    <TableCell key={c} sx={CELL_SX[c] ?? WORDS}>
                      {cell(c, row[c])}
                      {c === 'body' && row.kind === 'sms' && typeof row.body === 'string' ? <SmsParts text={row.body} /> : null}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
              {!rows.length && (
                <TableRow>
                  <TableCell colSpan={COLUMNS[source].length}>{translate('campaigns.messages.empty')}</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        )}
        <TablePagination
          component="div"
          count={data?.meta.total ?? 0}
          page={page}
          rowsPerPage={perPage}
          // On a phone, as react-admin's own pagination there: no rows-per-page choice (it widened the bar past the screen).
          rowsPerPageOptions={phone ? [] : [10, 25, 50, 100]}
          onPageChange={(_e, p) => setPage(p)}
          onRowsPerPageChange={(e) => { setPerPage(Number(e.target.value)); setPage(0); }}
          {...paginationLabels}
        />
      </Card>
    </Box>
  );
}
