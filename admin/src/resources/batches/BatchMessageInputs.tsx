/**
 * A batch's message texts per language (core/campaigns/batch-texts.ts): one tab per language, English
 * (the default) in the batch's message fields, the others in `message_translations.<locale>`. A
 * translation left empty shows the English text as its placeholder and says the English one is used
 * as the messages do; the tab of a language with empty texts says so too.
 */
import { useState } from 'react';
import { Box, Tab, Tabs } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { LOCALES, type Locale } from '../../../../core/constants.js';
import { BATCH_MESSAGE_FIELDS, MERCHANT_DEFAULT_LOCALE, type BatchMessageField } from '../../../../core/campaigns/index.js';
import { customFinalReminderOn } from './finalReminder.js';

const sourceOf = (field: BatchMessageField, locale: Locale) => (locale === MERCHANT_DEFAULT_LOCALE ? field : `message_translations.${locale}.${field}`);
const MAX = { maxLength: 1000 };

function MessageInput({ field, locale }: { field: BatchMessageField; locale: Locale }) {
  const translate = useTranslate();
  const english = useWatch({ name: field }) as string | undefined;
  const own = useWatch({ name: sourceOf(field, locale) }) as string | undefined;
  const label = `${translate(`resources.batches.fields.${field}`)} (${translate(`app.languages.${locale}`)})`;
  if (locale === MERCHANT_DEFAULT_LOCALE) return <TextInput source={field} multiline minRows={2} label={label} slotProps={{ htmlInput: MAX }} />;
  const fallback = !own?.trim() && english?.trim() ? english : undefined;
  return (
    <TextInput
      source={sourceOf(field, locale)}
      label={label}
      multiline
      minRows={2}
      placeholder={fallback}
      helperText={fallback ? translate('resources.merchants.fields.campaign_text_fallback') : false}
      slotProps={{ htmlInput: MAX, inputLabel: { shrink: fallback ? true : undefined } }}
    />
  );
}

/** The fields a batch sends: the final reminder's only while "Custom final reminder" is on. */
function useFields(): BatchMessageField[] {
  const custom = customFinalReminderOn(useWatch({ name: 'custom_final_reminder' }));
  return BATCH_MESSAGE_FIELDS.filter((f) => f !== 'final_reminder_message' || custom);
}

export function BatchMessageInputs() {
  const translate = useTranslate();
  const [tab, setTab] = useState<Locale>(MERCHANT_DEFAULT_LOCALE);
  const fields = useFields();
  const translations = (useWatch({ name: 'message_translations' }) ?? {}) as Partial<Record<Locale, Partial<Record<BatchMessageField, string>>>>;
  const missing = (locale: Locale) => locale !== MERCHANT_DEFAULT_LOCALE && fields.some((f) => !translations[locale]?.[f]?.trim());
  return (
    <Box>
      <Tabs value={tab} onChange={(_, v: Locale) => setTab(v)} aria-label={translate('forms.message_languages')} variant="scrollable" allowScrollButtonsMobile>
        {LOCALES.map((locale) => (
          <Tab
            key={locale}
            value={locale}
            id={`batch-messages-tab-${locale}`}
            aria-controls={`batch-messages-panel-${locale}`}
            label={missing(locale) ? translate('forms.language_falls_back', { language: translate(`app.languages.${locale}`) }) : translate(`app.languages.${locale}`)}
          />
        ))}
      </Tabs>
      {LOCALES.map((locale) => (
        // Every panel stays mounted (hidden when not chosen), so its texts are kept and sent.
        <Box key={locale} role="tabpanel" id={`batch-messages-panel-${locale}`} aria-labelledby={`batch-messages-tab-${locale}`} hidden={tab !== locale} sx={{ pt: 1 }}>
          {fields.map((field) => (
            <MessageInput key={field} field={field} locale={locale} />
          ))}
        </Box>
      ))}
    </Box>
  );
}
