import { useMemo, useState, type KeyboardEvent } from 'react';
import { Box, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { Form, Loading, SaveButton, Title, useInput, useNotify, useTranslate } from 'react-admin';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { BOUNDS } from '../../../core/constants.js';
import { api } from '../providers/http.js';
import type { MerchantPreferences as Preferences } from '../../../core/contract/index.js';
import { useApiGet } from './useApi.js';

/** The content-type part of GET /api/merchants/preferences (core/contract MerchantPreferences). */
type MerchantPreferences = Pick<Preferences, 'content_types' | 'default_content_type'>;
import { useActor } from '../components/useActor.js';
import { NotificationPreferences } from '../screens/campaigns/NotificationPreferences.js';
import { WebhookSettings } from '../screens/campaigns/WebhookSettings.js';


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

/** The form's values: the saved preferences plus the content type being typed (not sent). */
interface PreferencesValues extends Omit<MerchantPreferences, 'default_content_type'> {
  default_content_type: string;
  content_type_draft: string;
}

const toValues = (prefs: MerchantPreferences | undefined): PreferencesValues => ({
  content_types: prefs?.content_types ?? [],
  default_content_type: prefs?.default_content_type ?? '',
  content_type_draft: '',
});

/** The typed content type (Enter adds it to the chips below; a refused one stays in the field with the reason). */
function ContentTypesInput() {
  const translate = useTranslate();
  const { setValue, setError, clearErrors, getValues } = useFormContext<PreferencesValues>();
  const { field: draft, fieldState } = useInput({ source: 'content_type_draft' });
  const types = (useWatch({ name: 'content_types' }) as string[] | undefined) ?? [];
  const defaultType = useWatch({ name: 'default_content_type' }) as string;
  const problem = fieldState.error?.message;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const refused = contentTypeProblem(types, getValues('content_type_draft'));
    if (refused) return setError('content_type_draft', { type: 'manual', message: refused });
    setValue('content_types', addContentType(types, getValues('content_type_draft')), { shouldDirty: true });
    setValue('content_type_draft', '');
  };

  const remove = (type: string) => {
    setValue('content_types', types.filter((t) => t !== type), { shouldDirty: true });
    if (defaultType === type) setValue('default_content_type', '', { shouldDirty: true });
  };

  return (
    <>
      <TextField
        label={translate(field('content_types'))}
        helperText={problem ? translate(problem, { length: BOUNDS.contentType.max }) : translate('resources.merchants.actions.add_content_type')}
        error={Boolean(problem)}
        name={draft.name}
        inputRef={draft.ref}
        value={draft.value ?? ''}
        onBlur={draft.onBlur}
        onChange={(e) => {
          draft.onChange(e.target.value);
          clearErrors('content_type_draft');
        }}
        onKeyDown={onKeyDown}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} aria-live="polite">
        {types.map((type) => (
          <Chip key={type} label={type} onDelete={() => remove(type)} />
        ))}
      </Box>
    </>
  );
}

/** The default content type: one of the listed ones, or none. */
function DefaultContentTypeInput() {
  const translate = useTranslate();
  const { field: chosen } = useInput({ source: 'default_content_type' });
  const types = (useWatch({ name: 'content_types' }) as string[] | undefined) ?? [];
  return (
    <TextField
      select
      label={translate(field('default_content_type'))}
      name={chosen.name}
      value={types.includes(chosen.value) ? chosen.value : ''}
      onChange={(e) => chosen.onChange(e.target.value)}
      onBlur={chosen.onBlur}
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
  );
}

/** /merchants/preferences: content types (entered one at a time with Enter) and the default one, on a react-admin Form. */
export function MerchantPreferencesPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const { merchant_id: merchantId } = useActor();
  const { data, loading } = useApiGet<{ data: MerchantPreferences }>('merchants/preferences');
  const [saved, setSaved] = useState<MerchantPreferences | null>(null);
  // The form resets to this record: the loaded preferences, then what was last saved.
  const record = useMemo(() => toValues(saved ?? data?.data), [saved, data]);

  if (loading) return <Loading />;

  const save = async (values: FieldValues) => {
    const { content_types: types, default_content_type: defaultType, content_type_draft: typed } = values as PreferencesValues;
    // A type still in the field (Enter not pressed) is saved too; a refused one is the field's error.
    const problem = contentTypeProblem(types, typed ?? '');
    if (problem) return { content_type_draft: problem };
    const body: MerchantPreferences = { content_types: addContentType(types, typed ?? ''), default_content_type: defaultType || null };
    try {
      await api('merchants/preferences', { method: 'PUT', body });
      notify('notices.preferences_saved', { type: 'success' });
      setSaved(body);
    } catch {
      /* the global error dialog explains */
    }
    return undefined;
  };

  return (
    <Box sx={{ maxWidth: 720, my: 2 }}>
      <Title title={translate('preferences.title')} />
      <Typography component="h2" variant="h5" sx={{ mb: 2 }}>
        {translate('preferences.title')}
      </Typography>
      <Card>
        <CardContent>
          <Form record={record} onSubmit={save}>
            <Stack spacing={2}>
              <ContentTypesInput />
              <DefaultContentTypeInput />
              <Box>
                <SaveButton alwaysEnable icon={<SaveIcon />} />
              </Box>
            </Stack>
          </Form>
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
