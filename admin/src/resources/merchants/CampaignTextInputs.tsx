/**
 * The merchant's campaign texts, one per batch step in English and Spanish (core/campaigns/texts.ts).
 * A Spanish field left empty shows the English text as its placeholder and says that the English text is
 * used until a Spanish one is written, as the messages do (labelled, inside the Spanish frame).
 */
import { TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { FormSection } from '../../components/FormSection.js';
import { BATCH_EVENTS, CAMPAIGN_TEXT_MAX, type BatchStepEvent } from '../../../../core/campaigns/index.js';

const field = (name: string) => `resources.merchants.fields.${name}`;

/** What the Spanish field of a step shows while it is empty: the English text and the fallback hint. */
export function spanishFallbackHint(english: string | undefined, spanish: string | undefined, translate: (key: string) => string) {
  const en = english?.trim();
  if (!en || spanish?.trim()) return {};
  return { placeholder: en, helperText: translate(field('campaign_text_fallback')) };
}

function StepInputs({ event }: { event: BatchStepEvent }) {
  const translate = useTranslate();
  const english = useWatch({ name: `campaign_texts.${event}.en` }) as string | undefined;
  const spanish = useWatch({ name: `campaign_texts.${event}.es` }) as string | undefined;
  const step = translate(field(`campaign_text_steps.${event}`));
  const hint = spanishFallbackHint(english, spanish, translate);
  const max = { maxLength: CAMPAIGN_TEXT_MAX };
  return (
    <>
      <TextInput source={`campaign_texts.${event}.en`} label={translate(field('campaign_text_in'), { step })} multiline minRows={2} slotProps={{ htmlInput: max }} />
      <TextInput
        source={`campaign_texts.${event}.es`}
        label={translate(field('campaign_text_in_es'), { step })}
        multiline
        minRows={2}
        placeholder={hint.placeholder}
        helperText={hint.helperText ?? false}
        slotProps={{ htmlInput: max, inputLabel: { shrink: hint.placeholder ? true : undefined } }}
      />
    </>
  );
}

export function CampaignTextInputs() {
  return (
    <FormSection title={field('campaign_texts')} help={field('campaign_texts_help')} name="campaign-texts">
      {BATCH_EVENTS.map((event) => (
        <StepInputs key={event} event={event} />
      ))}
    </FormSection>
  );
}
