/**
 * The notification part of a merchant's preferences (PUT /api/merchants/preferences): which events reach
 * customers, an e-mail template id per event, branding (with the branding feature) and the payment URL
 * (with postpayments), the campaign texts per language. Saved on its own (a react-admin Form), next to the
 * content types form of the preferences page.
 */
import { useMemo } from 'react';
import { Box, Card, CardContent, Checkbox, FormControlLabel, FormGroup, Stack, Typography } from '@mui/material';
import { Form, SaveButton, useNotify, useTranslate, type HttpError } from 'react-admin';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import type { CampaignTexts } from '../../../../core/campaigns/index.js';
import type { MerchantPreferences } from '../../../../core/contract/index.js';
import { NOTIFICATION_EVENTS } from '../../../../core/constants.js';
import { FEATURES, hasBit } from '../../../../core/features.js';
import { FormTextField, type FormTextFieldProps } from '../../components/FormTextField.js';
import { api } from '../../providers/http.js';
import { useApiGet } from '../../pages/useApi.js';
import { ColorInput } from '../../components/ColorInput.js';
import { CampaignTextFields } from './CampaignTextFields.js';

const BRANDING_KEYS = ['brand_name', 'email_theme', 'from_address', 'url', 'contact_url'] as const;

type Preferences = MerchantPreferences;

const field = (name: string) => `resources.merchants.fields.${name}`;

/** The form's values (react-hook-form state; the features only decide which parts show). */
interface PreferencesValues {
  notification_events: string[];
  email_templates: Record<string, string | null>;
  branding: Record<string, string | null>;
  payment_url: string | null;
  campaign_texts: CampaignTexts;
}

const toValues = (prefs: Preferences): PreferencesValues => ({
  notification_events: prefs.notification_events ?? [],
  email_templates: prefs.email_templates ?? {},
  branding: prefs.branding ?? {},
  payment_url: prefs.payment_url ?? '',
  campaign_texts: prefs.campaign_texts ?? {},
});

/** react-hook-form's nested errors as `path -> message` (the API's 422 `errors` keys). */
function flatErrors(errors: unknown, prefix = ''): Record<string, string> {
  if (!errors || typeof errors !== 'object') return {};
  const { message } = errors as { message?: unknown };
  if (typeof message === 'string' && prefix) return { [prefix]: message };
  return Object.fromEntries(
    Object.entries(errors as Record<string, unknown>).flatMap(([key, value]) => (key === 'ref' ? [] : Object.entries(flatErrors(value, prefix ? `${prefix}.${key}` : key)))),
  );
}

/** One text field of the form, its server refusal (422) as its helper text (texts are at most 500 characters). */
const PreferenceText = (props: FormTextFieldProps) => <FormTextField messageArgs={{ length: 500 }} {...props} />;

/** An event's checkbox (in notification_events) and its e-mail template id. */
function EventRow({ event }: { event: string }) {
  const translate = useTranslate();
  const { setValue } = useFormContext<PreferencesValues>();
  const events = (useWatch({ name: 'notification_events' }) as string[] | undefined) ?? [];
  const toggle = (on: boolean) => setValue('notification_events', on ? [...new Set([...events, event])] : events.filter((e) => e !== event), { shouldDirty: true });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <FormControlLabel
        sx={{ flex: '1 1 240px' }}
        control={<Checkbox checked={events.includes(event)} onChange={(e) => toggle(e.target.checked)} />}
        label={translate(`notification_events.${event}`)}
      />
      <PreferenceText source={`email_templates.${event}`} size="small" label={translate(field('template_id'))} slotProps={{ htmlInput: { maxLength: 100 } }} sx={{ flex: '0 1 200px' }} />
    </Box>
  );
}

/** The campaign texts per step and language, with their refusals. */
function CampaignTextsInput() {
  const { setValue, formState } = useFormContext<PreferencesValues>();
  const texts = (useWatch({ name: 'campaign_texts' }) as CampaignTexts | undefined) ?? {};
  return (
    <CampaignTextFields
      value={texts}
      onChange={(next) => setValue('campaign_texts', next, { shouldDirty: true })}
      errors={flatErrors(formState.errors.campaign_texts, 'campaign_texts')}
    />
  );
}

export function NotificationPreferences() {
  const translate = useTranslate();
  const notify = useNotify();
  const { data } = useApiGet<{ data: Preferences }>('merchants/preferences');
  const prefs = data?.data;
  const record = useMemo(() => (prefs ? toValues(prefs) : undefined), [prefs]);

  if (!prefs || !record) return null;
  const withBranding = hasBit(prefs.features, FEATURES.branding);
  const withPayments = hasBit(prefs.features, FEATURES.postpayments);
  const offered = NOTIFICATION_EVENTS.filter((e) => withPayments || e !== 'shipment-awaiting-payment');

  const save = async (values: FieldValues) => {
    const v = values as PreferencesValues;
    const body: Record<string, unknown> = {
      notification_events: v.notification_events.filter((e) => offered.includes(e as (typeof offered)[number])),
      email_templates: Object.fromEntries(offered.map((e) => [e, v.email_templates?.[e]?.trim() || null])),
      campaign_texts: v.campaign_texts,
    };
    if (withBranding) body.branding = v.branding;
    if (withPayments) body.payment_url = v.payment_url?.trim() || null;
    try {
      await api('merchants/preferences', { method: 'PUT', body, suppress: [422] });
      notify('notices.preferences_saved', { type: 'success' });
      return undefined;
    } catch (error) {
      // The API's field errors (422) become the fields' own.
      return ((error as HttpError).body as { errors?: Record<string, string> } | undefined)?.errors ?? undefined;
    }
  };

  return (
    <Card data-testid="notification-preferences">
      <CardContent>
        <Form record={record} onSubmit={save}>
          <Stack spacing={2}>
            <Typography component="h2" variant="h6">
              {translate(field('notification_events'))}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('campaigns.preferences.events_intro')}
            </Typography>
            <FormGroup>
              {offered.map((event) => (
                <EventRow key={event} event={event} />
              ))}
            </FormGroup>
            {withBranding && (
              <>
                <Typography component="h2" variant="h6">
                  {translate(field('branding'))}
                </Typography>
                {BRANDING_KEYS.map((key) =>
                  key === 'email_theme' ? (
                    <ColorInput key={key} source="branding.email_theme" label={field('branding_email_theme')} helperText="campaigns.preferences.theme_hint" />
                  ) : (
                    <PreferenceText key={key} source={`branding.${key}`} label={translate(field(`branding_${key}`))} slotProps={{ htmlInput: { maxLength: 500 } }} />
                  ),
                )}
              </>
            )}
            {withPayments && <PreferenceText source="payment_url" label={translate(field('payment_url'))} type="url" />}
            <CampaignTextsInput />
            <Box>
              <SaveButton alwaysEnable />
            </Box>
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}
