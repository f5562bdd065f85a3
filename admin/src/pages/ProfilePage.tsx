import { useState } from 'react';
import { Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField, Typography } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import { Loading, SaveButton, SelectInput, SimpleForm, TextInput, Title, Toolbar, useLocaleState, useNotify, useTranslate, type HttpError } from 'react-admin';
import { BOUNDS, EXPORT_FORMATS, LOCALES } from '../../../core/constants.js';
import { canCrud } from '../../../core/permissions.js';
import type { Schema } from '../../../core/validation.js';
import { CountryInput } from '../components/CountryInput.js';
import { UnsavedChangesGuard } from '../components/UnsavedChangesGuard.js';
import { useSchemaValidator } from '../components/validators.js';
import { api } from '../providers/http.js';
import { isLocale } from '../providers/locale.js';
import { loadUser } from '../providers/session.js';
import { useCurrentUser } from '../layout/useCurrentUser.js';
import { useApiGet } from './useApi.js';
import { ChangePasswordCard } from './ChangePasswordCard.js';

const PROFILE_SCHEMA: Schema = {
  first_name: [{ rule: 'required' }, { rule: 'min', length: BOUNDS.name.min }, { rule: 'max', length: BOUNDS.name.max }],
  last_name: [{ rule: 'required' }, { rule: 'min', length: BOUNDS.name.min }, { rule: 'max', length: BOUNDS.name.max }],
  locale: [{ rule: 'required' }, { rule: 'in', values: LOCALES }],
  country: [{ rule: 'required' }],
};

interface ProfileValues {
  first_name: string;
  last_name: string;
  locale: string;
  country: string;
  preferences: { default_pickup?: number | null; default_export_format?: string | null };
  updated_at?: string;
}

const SAVE_ONLY = (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

const label = (field: string) => `resources.users.fields.${field}`;

/** /users/profile: the signed-in user edits their own name, language, country and preferences, and changes their password. */
export function ProfilePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [, setLocale] = useLocaleState();
  const user = useCurrentUser();
  const validate = useSchemaValidator(PROFILE_SCHEMA);
  // The full record carries updated_at (optimistic concurrency); roles that may not read it fall back to /api/user.
  const own = useApiGet<{ data: ProfileValues }>(user ? `users/${user.id}` : null, { suppress: [403, 404] });
  // Each preference only for the roles that meet it (core's rules): the default pickup location prefills a new
  // shipment's form, the export format the shipments list's export.
  const createsShipments = Boolean(user && canCrud(user, 'shipments', 'create'));
  const exportsShipments = Boolean(user && canCrud(user, 'shipments', 'list'));
  const pickups = useApiGet<{ data: { id: number; name: string }[] }>(createsShipments ? 'locations?scope=pickup&light=1&perPage=100' : null, {
    suppress: [403],
  });

  // A reload after a save keeps the page (and the keyboard focus) in place.
  if (!user || (own.loading && !own.data)) return <Loading />;
  const source = own.data?.data ?? user;
  const record = {
    id: user.id,
    first_name: source.first_name,
    last_name: source.last_name,
    locale: source.locale,
    country: source.country,
    preferences: {
      default_pickup: source.preferences?.default_pickup ?? null,
      default_export_format: source.preferences?.default_export_format ?? 'xlsx',
    },
    updated_at: own.data?.data.updated_at,
  };

  const save = async (values: Record<string, unknown>) => {
    const v = values as unknown as ProfileValues;
    const body = {
      first_name: v.first_name,
      last_name: v.last_name,
      locale: v.locale,
      country: v.country,
      preferences: v.preferences,
      ...(record.updated_at ? { updated_at: record.updated_at } : {}),
    };
    try {
      await api(`users/${user.id}`, { method: 'PUT', body });
    } catch (e) {
      // Field errors go next to the fields (the global dialog lists them too).
      return (e as HttpError).body?.errors ?? {};
    }
    const fresh = await loadUser(true);
    if (fresh && isLocale(fresh.locale)) setLocale(fresh.locale);
    own.reload();
    notify('notices.profile_saved', { type: 'success' });
  };

  return (
    <Box sx={{ maxWidth: 720, my: 2 }}>
      <Title title={translate('profile.title')} />
      <Typography component="h2" variant="h5" sx={{ mb: 2 }}>
        {translate('profile.title')}
      </Typography>
      <Card>
        {/* Save only: the default toolbar's delete button needs a resource and makes no sense here. */}
        <SimpleForm record={record} onSubmit={save} validate={validate} toolbar={SAVE_ONLY}>
          <UnsavedChangesGuard />
          <TextInput source="first_name" label={label('first_name')} fullWidth />
          <TextInput source="last_name" label={label('last_name')} fullWidth />
          <SelectInput
            source="locale"
            label={label('locale')}
            choices={LOCALES.map((code) => ({ id: code, name: `app.languages.${code}` }))}
          />
          <CountryInput label={label('country')} />
          {createsShipments && (
            <SelectInput
              source="preferences.default_pickup"
              label={label('default_pickup')}
              choices={pickups.data?.data ?? []}
              disabled={!pickups.data}
              emptyText="ra.action.clear_input_value"
            />
          )}
          {exportsShipments && (
            <SelectInput
              source="preferences.default_export_format"
              label={label('default_export_format')}
              choices={EXPORT_FORMATS.map((format) => ({ id: format, name: `export_formats.${format}` }))}
            />
          )}
        </SimpleForm>
      </Card>
      <ChangePasswordCard userId={user.id} onChanged={own.reload} />
      <ApiTokenCard userId={user.id} />
    </Box>
  );
}

/** Requests an API token and shows it once, with a copy button. */
function ApiTokenCard({ userId }: { userId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [token, setToken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const request = async () => {
    setBusy(true);
    try {
      const res = await api<{ token: string }>(`users/${userId}/request-token`);
      setToken(res.token);
    } catch {
      /* the global error dialog explains */
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!token) return;
    try {
      await navigator.clipboard.writeText(token);
      notify('profile.copied', { type: 'info' });
    } catch {
      notify('profile.copy_failed', { type: 'warning' });
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography component="h2" variant="h6">
          {translate('profile.api_token')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('profile.api_token_intro')}
        </Typography>
        <Button variant="outlined" startIcon={<KeyIcon />} onClick={request} disabled={busy}>
          {translate('profile.request_token')}
        </Button>
      </CardContent>
      <Dialog open={token !== null} onClose={() => setToken(null)} aria-labelledby="api-token-title" fullWidth>
        <DialogTitle id="api-token-title">{translate('profile.api_token')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('profile.token_once')}</DialogContentText>
          <TextField
            value={token ?? ''}
            label={translate('profile.api_token')}
            fullWidth
            slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'api-token' } }}
            onFocus={(e) => e.target.select()}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={copy}>{translate('profile.copy')}</Button>
          <Button onClick={() => setToken(null)} autoFocus>
            {translate('ra.action.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
