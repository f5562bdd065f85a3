/**
 * The notification part of a merchant's preferences (PUT /api/merchants/preferences): which events reach
 * customers, an e-mail template id per event, branding (with the branding feature) and the payment URL
 * (with postpayments), the campaign texts per language. Saved on its own, next to the content types form of the preferences page.
 */
import { useEffect, useState } from 'react';
import { Box, Button, Card, CardContent, Checkbox, FormControlLabel, FormGroup, Stack, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate, type HttpError } from 'react-admin';
import type { CampaignTexts } from '../../../../core/campaigns/index.js';
import { NOTIFICATION_EVENTS } from '../../../../core/constants.js';
import { FEATURES, hasBit } from '../../../../core/features.js';
import { api } from '../../providers/http.js';
import { useApiGet } from '../../pages/useApi.js';
import { ColorField } from '../../components/ColorInput.js';
import { CampaignTextFields } from './CampaignTextFields.js';

const BRANDING_KEYS = ['brand_name', 'email_theme', 'from_address', 'url', 'contact_url'] as const;

interface Preferences {
  notification_events: string[];
  email_templates: Record<string, string>;
  branding: Record<string, string>;
  payment_url: string | null;
  campaign_texts: CampaignTexts;
  features: number;
}

const field = (name: string) => `resources.merchants.fields.${name}`;

export function NotificationPreferences() {
  const translate = useTranslate();
  const notify = useNotify();
  const { data } = useApiGet<{ data: Preferences }>('merchants/preferences');
  const prefs = data?.data;
  const [events, setEvents] = useState<string[]>([]);
  const [templates, setTemplates] = useState<Record<string, string>>({});
  const [branding, setBranding] = useState<Record<string, string>>({});
  const [paymentUrl, setPaymentUrl] = useState('');
  const [texts, setTexts] = useState<CampaignTexts>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!prefs) return;
    setEvents(prefs.notification_events ?? []);
    setTemplates(prefs.email_templates ?? {});
    setBranding(prefs.branding ?? {});
    setPaymentUrl(prefs.payment_url ?? '');
    setTexts(prefs.campaign_texts ?? {});
  }, [prefs]);

  if (!prefs) return null;
  const withBranding = hasBit(prefs.features, FEATURES.branding);
  const withPayments = hasBit(prefs.features, FEATURES.postpayments);
  const offered = NOTIFICATION_EVENTS.filter((e) => withPayments || e !== 'shipment-awaiting-payment');

  const toggle = (event: string, on: boolean) => setEvents((current) => (on ? [...new Set([...current, event])] : current.filter((e) => e !== event)));

  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      const body: Record<string, unknown> = {
        notification_events: events.filter((e) => offered.includes(e as (typeof offered)[number])),
        email_templates: Object.fromEntries(offered.map((e) => [e, templates[e]?.trim() || null])),
        campaign_texts: texts,
      };
      if (withBranding) body.branding = branding;
      if (withPayments) body.payment_url = paymentUrl.trim() || null;
      await api('merchants/preferences', { method: 'PUT', body, suppress: [422] });
      notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } });
    } catch (error) {
      setErrors(((error as HttpError).body as { errors?: Record<string, string> } | undefined)?.errors ?? {});
    } finally {
      setBusy(false);
    }
  };

  const err = (name: string) => (errors[name] ? translate(errors[name], { _: errors[name], length: 500 }) : undefined);

  return (
    <Card data-testid="notification-preferences">
      <CardContent>
        <Stack spacing={2}>
          <Typography component="h2" variant="h6">
            {translate(field('notification_events'))}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('campaigns.preferences.events_intro')}
          </Typography>
          <FormGroup>
            {offered.map((event) => (
              <Box key={event} sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                <FormControlLabel
                  sx={{ flex: '1 1 240px' }}
                  control={<Checkbox checked={events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} />}
                  label={translate(`notification_events.${event}`)}
                />
                <TextField
                  size="small"
                  label={translate(field('template_id'))}
                  value={templates[event] ?? ''}
                  onChange={(e) => setTemplates((t) => ({ ...t, [event]: e.target.value }))}
                  error={Boolean(errors[`email_templates.${event}`])}
                  slotProps={{ htmlInput: { maxLength: 100 } }}
                  sx={{ flex: '0 1 200px' }}
                />
              </Box>
            ))}
          </FormGroup>
          {withBranding && (
            <>
              <Typography component="h2" variant="h6">
                {translate(field('branding'))}
              </Typography>
              {BRANDING_KEYS.map((key) =>
                key === 'email_theme' ? (
                  <ColorField
                    key={key}
                    name="branding.email_theme"
                    label={translate(field('branding_email_theme'))}
                    labelText={translate(field('branding_email_theme'))}
                    value={branding.email_theme ?? ''}
                    onChange={(value) => setBranding((b) => ({ ...b, email_theme: value }))}
                    error={Boolean(errors['branding.email_theme'])}
                    helperText={err('branding.email_theme') ?? translate('campaigns.preferences.theme_hint')}
                  />
                ) : (
                <TextField
                  key={key}
                  label={translate(field(`branding_${key}`))}
                  value={branding[key] ?? ''}
                  onChange={(e) => setBranding((b) => ({ ...b, [key]: e.target.value }))}
                  error={Boolean(errors[`branding.${key}`])}
                  helperText={err(`branding.${key}`)}
                  slotProps={{ htmlInput: { maxLength: 500 } }}
                />
                ),
              )}
            </>
          )}
          {withPayments && (
            <TextField label={translate(field('payment_url'))} value={paymentUrl} onChange={(e) => setPaymentUrl(e.target.value)} type="url" error={Boolean(errors.payment_url)} helperText={err('payment_url')} />
          )}
          <CampaignTextFields value={texts} onChange={setTexts} errors={errors} />
          <Box>
            <Button variant="contained" onClick={save} disabled={busy}>
              {translate('ra.action.save')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
