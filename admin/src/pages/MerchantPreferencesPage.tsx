import { useEffect, useState, type KeyboardEvent } from 'react';
import { Box, Button, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { Loading, Title, useNotify, useTranslate } from 'react-admin';
import { BOUNDS } from '../../../core/constants.js';
import { api } from '../providers/http.js';
import { useApiGet } from './useApi.js';
import { useActor } from '../components/useActor.js';
import { NotificationPreferences } from '../screens/campaigns/NotificationPreferences.js';
import { WebhookSettings } from '../screens/campaigns/WebhookSettings.js';

interface MerchantPreferences {
  content_types: string[];
  default_content_type: string | null;
}

const field = (name: string) => `resources.merchants.fields.${name}`;

/** Adds a content type unless it is blank, too long or already there. */
export function addContentType(types: string[], raw: string): string[] {
  const value = raw.trim();
  if (value.length < BOUNDS.contentType.min || value.length > BOUNDS.contentType.max) return types;
  if (types.some((t) => t.toLowerCase() === value.toLowerCase())) return types;
  return [...types, value];
}

/** /merchants/preferences: content types (entered one at a time with Enter) and the default one. */
export function MerchantPreferencesPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const { merchant_id: merchantId } = useActor();
  const { data, loading } = useApiGet<{ data: MerchantPreferences }>('merchants/preferences');
  const [types, setTypes] = useState<string[]>([]);
  const [defaultType, setDefaultType] = useState<string>('');
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!data) return;
    setTypes(data.data.content_types ?? []);
    setDefaultType(data.data.default_content_type ?? '');
  }, [data]);

  if (loading) return <Loading />;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    setTypes((current) => addContentType(current, draft));
    setDraft('');
  };

  const remove = (type: string) => {
    setTypes((current) => current.filter((t) => t !== type));
    if (defaultType === type) setDefaultType('');
  };

  const save = async () => {
    setBusy(true);
    try {
      const body: MerchantPreferences = { content_types: types, default_content_type: defaultType || null };
      await api('merchants/preferences', { method: 'PUT', body });
      notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } });
    } catch {
      /* the global error dialog explains */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ maxWidth: 720, my: 2 }}>
      <Title title={translate('preferences.title')} />
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {translate('preferences.title')}
      </Typography>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <TextField
              label={translate(field('content_types'))}
              helperText={translate('resources.merchants.actions.add_content_type')}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onKeyDown}
            />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} aria-live="polite">
              {types.map((type) => (
                <Chip key={type} label={type} onDelete={() => remove(type)} />
              ))}
            </Box>
            <TextField
              select
              label={translate(field('default_content_type'))}
              value={types.includes(defaultType) ? defaultType : ''}
              onChange={(e) => setDefaultType(e.target.value)}
            >
              <MenuItem value="">
                <em>{translate('ra.action.clear_input_value')}</em>
              </MenuItem>
              {types.map((type) => (
                <MenuItem key={type} value={type}>
                  {type}
                </MenuItem>
              ))}
            </TextField>
            <Box>
              <Button variant="contained" startIcon={<SaveIcon />} onClick={save} disabled={busy}>
                {translate('ra.action.save')}
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
      {/* Campaigns (issue 5): notification events, templates, branding, payment url; the webhook endpoint. */}
      <Stack spacing={2} sx={{ mt: 2 }}>
        <NotificationPreferences />
        {merchantId !== null && <WebhookSettings merchantId={merchantId} />}
      </Stack>
    </Box>
  );
}
