import { describe, expect, it } from 'vitest';
import { campaignTextFor, readCampaignTexts } from './texts.js';

describe('campaign texts per language', () => {
  it('reads per-language texts, and an old single-language value as English; drops unknown steps and languages', () => {
    expect(readCampaignTexts('{"batch-notify":{"en":" Hi ","es":"Hola","fr":"Salut"},"batch-remind":"Old","nope":{"en":"x"}}')).toEqual({
      'batch-notify': { en: 'Hi', es: 'Hola' },
      'batch-remind': { en: 'Old' },
    });
    expect(readCampaignTexts('not json')).toEqual({});
  });

  it("gives the customer's language, else the English text marked as a fallback; the batch text counts as English", () => {
    const texts = readCampaignTexts({ 'batch-notify': { en: 'Hi', es: 'Hola' }, 'batch-remind': { en: 'Still there?' } });
    expect(campaignTextFor(texts, 'batch-notify', 'es')).toEqual({ text: 'Hola', locale: 'es', fallback: false });
    expect(campaignTextFor(texts, 'batch-remind', 'es')).toEqual({ text: 'Still there?', locale: 'en', fallback: true });
    expect(campaignTextFor(texts, 'batch-remind', 'en')).toEqual({ text: 'Still there?', locale: 'en', fallback: false });
    expect(campaignTextFor(texts, 'batch-notify', 'en', 'Batch words')).toEqual({ text: 'Batch words', locale: 'en', fallback: false });
    expect(campaignTextFor(texts, 'batch-notify', 'es', 'Batch words')).toEqual({ text: 'Hola', locale: 'es', fallback: false });
    expect(campaignTextFor(texts, 'batch-final-reminder', 'es')).toBeNull();
  });
});
