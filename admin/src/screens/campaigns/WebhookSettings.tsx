/**
 * A merchant's webhook endpoint (https URL + signing secret, never shown again once saved) and the log
 * of deliveries. Shown only on /merchants/preferences (the `merchants-preferences` route, merchant admins), for the
 * signed-in admin's own merchant: in the admin, only a merchant admin reaches it. The API behind it also answers a
 * superadmin for any merchant (core/policies/route.permissions.ts `webhooks.manage`, `webhooks.any-merchant`), but no
 * admin screen offers that to a superadmin. The endpoint is edited on a react-admin Form (react-hook-form state);
 * the API's 422 field errors are shown on their fields (a private or loopback target on the address).
 */
import { useId, useMemo, useState } from 'react';
import { Box, Button, Card, CardContent, Chip, FormControlLabel, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, TablePagination, Typography } from '@mui/material';
import { Form, SaveButton, useInput, useRecordContext, useLocaleState, useNotify, useTranslate, type HttpError } from 'react-admin';
import { useFormState, useWatch, type FieldValues } from 'react-hook-form';
import { FormTextField } from '../../components/FormTextField.js';
import { useTablePaginationLabels } from '../../components/ListToolbarAndPagination.js';
import { PhoneRows, joinLine, usePhoneWidth } from '../../components/ResourceList.js';
import { api } from '../../providers/http.js';
import type { WebhookDeliveriesResponse, WebhookDelivery, WebhookEndpoint, WebhookEndpointResponse } from '../../../../core/contract/index.js';
import { useApiGet } from '../../pages/useApi.js';

type Endpoint = WebhookEndpoint;
type Delivery = WebhookDelivery;

/** A phone row's delivery status, as the other lists show a status: a chip at the end of the first line. */
function DeliveryStatus({ status }: { status: (d: Delivery) => string }) {
  const record = useRecordContext<Delivery>();
  return record ? <Chip size="small" variant="outlined" label={status(record)} /> : null;
}

function DeliveryLog({ merchantId, version }: { merchantId: number; version: number }) {
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const { data } = useApiGet<WebhookDeliveriesResponse>(`merchants/${merchantId}/webhook-deliveries?page=${page + 1}&perPage=10&v=${version}`);
  const rows = data?.data ?? [];
  const f = (name: string) => translate(`campaigns.webhook.fields.${name}`);
  const paginationLabels = useTablePaginationLabels(data?.meta.totalCapped === true);
  const [locale] = useLocaleState();
  const titleId = useId();
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(locale) : '—');
  // subject_type is the table name ('shipments', 'packages'): the resource's singular name.
  const subject = (d: Delivery) => `${translate(`resources.${d.subject_type}.name`, { smart_count: 1, _: d.subject_type })} #${d.subject_id}`;
  const status = (d: Delivery) => translate(`campaigns.messages.values.${d.status}`, { _: d.status });
  // On a phone, a row per delivery (as the other lists): the event and its status, then when, what, attempts and the
  // error. The seven columns scrolled sideways in a box there.
  const phone = usePhoneWidth();
  if (phone) {
    return (
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }} id={titleId}>
          {translate('campaigns.webhook.deliveries')}
        </Typography>
        <PhoneRows
          resource="webhook_deliveries"
          data={rows}
          label={translate('campaigns.webhook.deliveries')}
          empty={<Typography variant="body2" sx={{ py: 1 }}>{translate('campaigns.webhook.no_deliveries')}</Typography>}
          row={{
            primary: (d) => (d as Delivery).event,
            tertiary: <DeliveryStatus status={status} />,
            secondary: (r) => {
              const d = r as Delivery;
              return (
                <>
                  {joinLine(when(d.created_at), subject(d), `${f('attempts')}: ${d.attempts}`, d.sent_at ? `${f('sent_at')}: ${when(d.sent_at)}` : null)}
                  {d.last_error ? <Box component="span" sx={{ display: 'block' }}>{d.last_error}</Box> : null}
                </>
              );
            },
          }}
        />
        <TablePagination component="div" count={data?.meta.total ?? 0} page={page} rowsPerPage={10} rowsPerPageOptions={[]} onPageChange={(_e, p) => setPage(p)} {...paginationLabels} />
      </Box>
    );
  }
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

/** The form's values: the endpoint's address and switch, and a new secret (empty: keep the saved one). */
interface WebhookValues {
  url: string;
  secret: string;
  active: boolean;
}

const toValues = (endpoint: Endpoint | null): WebhookValues => ({ url: endpoint?.url ?? '', secret: '', active: endpoint ? Boolean(endpoint.active) : true });

function ActiveSwitch() {
  const translate = useTranslate();
  const { field: input } = useInput({ source: 'active' });
  return (
    <FormControlLabel
      control={<Switch name={input.name} checked={Boolean(input.value)} onChange={(e) => input.onChange(e.target.checked)} onBlur={input.onBlur} inputRef={input.ref} />}
      label={translate('campaigns.webhook.fields.active')}
    />
  );
}

/** Save (only with an address typed) and, once saved, Delete. */
function WebhookButtons({ saved, removing, onRemove }: { saved: boolean; removing: boolean; onRemove: () => void }) {
  const translate = useTranslate();
  const url = (useWatch({ name: 'url' }) as string | undefined) ?? '';
  const { isSubmitting } = useFormState();
  const canSave = Boolean(url.trim()) && !isSubmitting && !removing;
  return (
    <Stack direction="row" spacing={1}>
      <SaveButton alwaysEnable={canSave} disabled={!canSave} />
      {saved && (
        <Button color="error" onClick={onRemove} disabled={isSubmitting || removing}>
          {translate('ra.action.delete')}
        </Button>
      )}
    </Stack>
  );
}

export function WebhookSettings({ merchantId }: { merchantId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { data } = useApiGet<WebhookEndpointResponse>(`merchants/${merchantId}/webhook`);
  // The endpoint as loaded, then as last saved or removed (the form resets to it: the secret field empties).
  const [changed, setChanged] = useState<{ endpoint: Endpoint | null } | null>(null);
  const endpoint = changed ? changed.endpoint : (data?.data ?? null);
  const record = useMemo(() => toValues(endpoint), [endpoint]);
  const [removing, setRemoving] = useState(false);
  const [version, setVersion] = useState(0);

  const save = async (values: FieldValues) => {
    const { url, secret, active } = values as WebhookValues;
    try {
      const res = await api<WebhookEndpointResponse>(`merchants/${merchantId}/webhook`, { method: 'PUT', body: { url, active, ...(secret ? { secret } : {}) }, suppress: [422] });
      notify('campaigns.webhook.saved', { type: 'info' });
      setChanged({ endpoint: res.data });
      setVersion((v) => v + 1);
      return undefined;
    } catch (error) {
      // The API's field errors (422, e.g. a private target) become the fields' own.
      return ((error as HttpError).body as { errors?: Record<string, string> } | undefined)?.errors ?? undefined;
    }
  };

  const remove = async () => {
    setRemoving(true);
    try {
      await api(`merchants/${merchantId}/webhook`, { method: 'DELETE' });
      notify('campaigns.webhook.removed', { type: 'info' });
      setChanged({ endpoint: null });
    } catch {
      /* the global error dialog explains */
    } finally {
      setRemoving(false);
    }
  };

  return (
    <Card data-testid="webhook-settings">
      <CardContent>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {translate('campaigns.webhook.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('campaigns.webhook.intro')}
        </Typography>
        <Form record={record} onSubmit={save}>
          <Stack spacing={2}>
            <FormTextField source="url" label={translate('campaigns.webhook.fields.url')} type="url" placeholder="https://" />
            <FormTextField
              source="secret"
              label={translate('campaigns.webhook.fields.secret')}
              type="password"
              autoComplete="new-password"
              helper={translate(endpoint ? 'campaigns.webhook.secret_keep' : 'campaigns.webhook.secret_hint')}
              messageArgs={{ length: 16 }}
            />
            <ActiveSwitch />
            <WebhookButtons saved={endpoint !== null} removing={removing} onRemove={() => void remove()} />
          </Stack>
        </Form>
        {endpoint && <DeliveryLog merchantId={merchantId} version={version} />}
      </CardContent>
    </Card>
  );
}
