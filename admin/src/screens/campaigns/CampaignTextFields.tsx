/**
 * The merchant's campaign texts on the preferences page (controlled fields; the superadmin's merchant form
 * has the react-admin twin, CampaignTextInputs, and shares its fallback hint).
 */
import { Fragment } from 'react';
import { TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { BATCH_EVENTS, CAMPAIGN_TEXT_MAX, type CampaignTexts } from '../../../../core/campaigns/index.js';
import type { Locale } from '../../../../core/constants.js';
import { spanishFallbackHint } from '../../resources/merchants/CampaignTextInputs.js';

const field = (name: string) => `resources.merchants.fields.${name}`;

export function CampaignTextFields({ value, onChange, errors }: { value: CampaignTexts; onChange: (next: CampaignTexts) => void; errors: Record<string, string> }) {
  const translate = useTranslate();
  const set = (event: (typeof BATCH_EVENTS)[number], locale: Locale, text: string) => onChange({ ...value, [event]: { ...value[event], [locale]: text } });
  return (
    <>
      <Typography component="h2" variant="h6">
        {translate(field('campaign_texts'))}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(field('campaign_texts_help'))}
      </Typography>
      {BATCH_EVENTS.map((event) => {
        const step = translate(field(`campaign_text_steps.${event}`));
        const hint = spanishFallbackHint(value[event]?.en, value[event]?.es, translate);
        const common = { multiline: true, minRows: 2, slotProps: { htmlInput: { maxLength: CAMPAIGN_TEXT_MAX } } };
        return (
          <Fragment key={event}>
            <TextField {...common} label={translate(field('campaign_text_in'), { step })} value={value[event]?.en ?? ''} onChange={(e) => set(event, 'en', e.target.value)} error={Boolean(errors[`campaign_texts.${event}.en`])} />
            <TextField
              {...common}
              label={translate(field('campaign_text_in_es'), { step })}
              value={value[event]?.es ?? ''}
              onChange={(e) => set(event, 'es', e.target.value)}
              error={Boolean(errors[`campaign_texts.${event}.es`])}
              placeholder={hint.placeholder}
              helperText={hint.helperText}
              slotProps={{ ...common.slotProps, inputLabel: { shrink: hint.placeholder ? true : undefined } }}
            />
          </Fragment>
        );
      })}
    </>
  );
}
