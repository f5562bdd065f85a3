/** The merchant page's campaign texts: each step in English and Spanish, an empty Spanish text saying the English one is used. */
import { Stack, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { BATCH_EVENTS, type CampaignTexts } from '../../../../core/campaigns/index.js';

const field = (name: string) => `resources.merchants.fields.${name}`;

export function CampaignTextsField(_props: { label?: string }) {
  const translate = useTranslate();
  const texts: CampaignTexts = useRecordContext()?.campaign_texts ?? {};
  const steps = BATCH_EVENTS.filter((event) => texts[event]?.en || texts[event]?.es);
  if (!steps.length) return <Typography variant="body2">—</Typography>;
  return (
    <Stack spacing={1}>
      {steps.map((event) => {
        const step = translate(field(`campaign_text_steps.${event}`));
        const spanish = texts[event]?.es ?? (texts[event]?.en ? translate(field('campaign_text_fallback')) : '—');
        return (
          <div key={event}>
            <Typography variant="body2">
              <strong>{translate(field('campaign_text_in'), { step })}:</strong> <span>{texts[event]?.en ?? '—'}</span>
            </Typography>
            <Typography variant="body2">
              <strong>{translate(field('campaign_text_in_es'), { step })}:</strong> {texts[event]?.es ? <span>{spanish}</span> : <em>{spanish}</em>}
            </Typography>
          </div>
        );
      })}
    </Stack>
  );
}
