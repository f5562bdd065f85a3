/**
 * A merchant's webhook endpoint (https URL + signing secret, never shown again once saved) and the log
 * of deliveries. For the merchant's own admin (preferences page) or a superadmin (any merchant).
 */
import { useEffect, useId, useState } from 'react';
import { Box, Button, Card, CardContent, FormControlLabel, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, TablePagination, TextField, Typography } from '@mui/material';
import { useLocaleState, useNotify, useTranslate, type HttpError } from 'react-admin';
import { useTablePaginationLabels } from '../../components/ListToolbarAndPagination.js';
import { api } from '../../providers/http.js';
import { useApiGet } from '../../pages/useApi.js';

interface Endpoint {
  url: string;
  active: number;
  has_secret: boolean;
  updated_at: string;
}

interface Delivery {
  id: number;
  event: string;
  subject_type: string;
  subject_id: number;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

function DeliveryLog({ merchantId, version }: { merchantId: number; version: number }) {
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const { data } = useApiGet<{ data: Delivery[]; meta: { total: number } }>(`merchants/${merchantId}/webhook-deliveries?page=${page + 1}&perPage=10&v=${version}`);
  const rows = data?.data ?? [];
  const f = (name: string) => translate(`campaigns.webhook.fields.${name}`);
  const paginationLabels = useTablePaginationLabels();
  const [locale] = useLocaleState();
  const titleId = useId();
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(locale) : '—');
  // subject_type is the table name ('shipments', 'packages'): the resource's singular name.
  const subject = (d: Delivery) => `${translate(`resources.${d.subject_type}.name`, { smart_count: 1, _: d.subject_type })} #${d.subject_id}`;
  return (
    <Box>
      <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }} id={titleId}>
        {translate('campaigns.webhook.deliveries')}
      </Typography>
      {/* A wide table scrolls sideways: the scroll region takes keyboard focus so it can be scrolled without a mouse. */}
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby={titleId}>
        <Table size="small" aria-label={translate('campaigns.webhook.deliveries')}>
          <TableHead>
            <TableRow>
              {['created_at', 'event', 'subject', 'status', 'attempts', 'last_error', 'sent_at'].map((c) => (
                <TableCell key={c}>{f(c)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((d) => (
              <TableRow key={d.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(d.created_at)}</TableCell>
                <TableCell>{d.event}</TableCell>
                <TableCell>{subject(d)}</TableCell>
                <TableCell>{translate(`campaigns.messages.values.${d.status}`, { _: d.status })}</TableCell>
                <TableCell>{d.attempts}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{d.last_error ?? '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(d.sent_at)}</TableCell>
              </TableRow>
            ))}
            {!rows.length && (
              <TableRow>
                <TableCell colSpan={7}>{translate('campaigns.webhook.no_deliveries')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Box>
      <TablePagination component="div" count={data?.meta.total ?? 0} page={page} rowsPerPage={10} rowsPerPageOptions={[10]} onPageChange={(_e, p) => setPage(p)} {...paginationLabels} />
    </Box>
  );
}

export function WebhookSettings({ merchantId }: { merchantId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { data, reload } = useApiGet<{ data: Endpoint | null }>(`merchants/${merchantId}/webhook`);
  const endpoint = data?.data ?? null;
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [active, setActive] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    setUrl(endpoint?.url ?? '');
    setActive(endpoint ? Boolean(endpoint.active) : true);
  }, [endpoint]);

  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      await api(`merchants/${merchantId}/webhook`, { method: 'PUT', body: { url, active, ...(secret ? { secret } : {}) }, suppress: [422] });
      setSecret('');
      notify('campaigns.webhook.saved', { type: 'info' });
      reload();
      setVersion((v) => v + 1);
    } catch (error) {
      const body = (error as HttpError).body as { errors?: Record<string, string> } | undefined;
      setErrors(body?.errors ?? {});
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await api(`merchants/${merchantId}/webhook`, { method: 'DELETE' });
      notify('campaigns.webhook.removed', { type: 'info' });
      reload();
    } catch {
      /* the global error dialog explains */
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (name: string) => (errors[name] ? translate(errors[name], { _: errors[name], length: 16 }) : undefined);

  return (
    <Card data-testid="webhook-settings">
      <CardContent>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {translate('campaigns.webhook.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('campaigns.webhook.intro')}
        </Typography>
        <Stack spacing={2}>
          <TextField label={translate('campaigns.webhook.fields.url')} value={url} onChange={(e) => setUrl(e.target.value)} type="url" placeholder="https://" error={Boolean(errors.url)} helperText={fieldError('url')} />
          <TextField
            label={translate('campaigns.webhook.fields.secret')}
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
            type="password"
            autoComplete="new-password"
            error={Boolean(errors.secret)}
            helperText={fieldError('secret') ?? translate(endpoint ? 'campaigns.webhook.secret_keep' : 'campaigns.webhook.secret_hint')}
          />
          <FormControlLabel control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />} label={translate('campaigns.webhook.fields.active')} />
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={save} disabled={busy || !url.trim()}>
              {translate('ra.action.save')}
            </Button>
            {endpoint && (
              <Button color="error" onClick={remove} disabled={busy}>
                {translate('ra.action.delete')}
              </Button>
            )}
          </Stack>
        </Stack>
        {endpoint && <DeliveryLog merchantId={merchantId} version={version} />}
      </CardContent>
    </Card>
  );
}
