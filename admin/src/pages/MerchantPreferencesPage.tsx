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

/** Why a typed content type cannot be added (an i18n key), or null; blank input is simply ignored. */
export function contentTypeProblem(types: string[], raw: string): string | null {
  const value = raw.trim();
  if (value.length > BOUNDS.contentType.max) return 'validation.max';
  if (value && types.some((t) => t.toLowerCase() === value.toLowerCase())) return 'preferences.content_type_exists';
  return null;
}

/** Adds a content type unless it is blank, too long or already there. */
export function addContentType(types: string[], raw: string): string[] {
  const value = raw.trim();
  if (value.length < BOUNDS.contentType.min || contentTypeProblem(types, value)) return types;
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
  const [draftProblem, setDraftProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!data) return;
    setTypes(data.data.content_types ?? []);
    setDefaultType(data.data.default_content_type ?? '');
  }, [data]);

  if (loading) return <Loading />;

  /** Takes the typed content type into the list; a refused one stays in the field with the reason. */
  const takeDraft = (): string[] | null => {
    const problem = contentTypeProblem(types, draft);
    setDraftProblem(problem);
    if (problem) return null;
    const next = addContentType(types, draft);
    setTypes(next);
    setDraft('');
    return next;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    takeDraft();
  };

  const remove = (type: string) => {
    setTypes((current) => current.filter((t) => t !== type));
    if (defaultType === type) setDefaultType('');
  };

  const save = async () => {
    // A type still in the field (Enter not pressed) is saved too.
    const list = takeDraft();
    if (!list) return;
    setBusy(true);
    try {
      const body: MerchantPreferences = { content_types: list, default_content_type: defaultType || null };
      await api('merchants/preferences', { method: 'PUT', body });
      notify('notices.preferences_saved', { type: 'success' });
    } catch {
      /* the global error dialog explains */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ maxWidth: 720, my: 2 }}>
      <Title title={translate('preferences.title')} />
      <Typography component="h2" variant="h5" sx={{ mb: 2 }}>
        {translate('preferences.title')}
      </Typography>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <TextField
              label={translate(field('content_types'))}
              helperText={draftProblem ? translate(draftProblem, { length: BOUNDS.contentType.max }) : translate('resources.merchants.actions.add_content_type')}
              error={Boolean(draftProblem)}
              value={draft}
              onChange={(e) => {
                setDraft(e.target.value);
                setDraftProblem(null);
              }}
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
