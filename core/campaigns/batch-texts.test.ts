import { describe, expect, it } from 'vitest';
import { batchTextFor, readBatchTranslations } from './batch-texts.js';
import { campaignTextFor, readCampaignTexts } from './texts.js';

describe('batch texts per language', () => {
  it('reads translations of known languages and fields only (never the default language), dropping empty texts', () => {
    expect(readBatchTranslations('{"es":{"notification_message":" Hola ","reminder_message":"","nope":"x"},"en":{"notification_message":"Hi"},"fr":{}}')).toEqual({
      es: { notification_message: 'Hola' },
    });
    expect(readBatchTranslations('not json')).toEqual({});
  });

  it("picks the batch text in the customer's language, else the English one", () => {
    const batch = { notification_message: 'Hi', reminder_message: 'Still there?', message_translations: { es: { notification_message: 'Hola' } } };
    expect(batchTextFor(batch, 'notify', 'es')).toEqual({ text: 'Hola', locale: 'es' });
    expect(batchTextFor(batch, 'notify', 'en')).toEqual({ text: 'Hi', locale: 'en' });
    expect(batchTextFor(batch, 'remind', 'es')).toEqual({ text: 'Still there?', locale: 'en' });
    expect(batchTextFor(batch, 'final_reminder', 'es')).toBeNull();
  });

  it("puts a batch text in the customer's language before the merchant's, and labels an English one as a fallback", () => {
    const merchant = readCampaignTexts({ 'batch-notify': { en: 'Merchant hi', es: 'Merchant hola' } });
    expect(campaignTextFor(merchant, 'batch-notify', 'es', 'Batch hola', 'es')).toEqual({ text: 'Batch hola', locale: 'es', fallback: false });
    expect(campaignTextFor(merchant, 'batch-notify', 'es', 'Batch hi', 'en')).toEqual({ text: 'Merchant hola', locale: 'es', fallback: false });
    expect(campaignTextFor(readCampaignTexts({}), 'batch-notify', 'es', 'Batch hi', 'en')).toEqual({ text: 'Batch hi', locale: 'en', fallback: true });
  });
});
