/**
 * Every SMS the product sends fits in 2 SMS parts (core SMS_MAX_SEGMENTS) in English and Spanish, with realistic worst
 * cases: a 42-character merchant name, a 40-character location name with accents, a real respond link on a long PUBLIC_URL, a
 * long payment link, a deadline with a two-digit day and hour (docs/notifications.md "SMS length"). Pure rendering.
 */
import { describe, expect, it } from 'vitest';
import { newTokens } from '../../api/campaigns/tokens.js';
import { renderMessage } from '../../api/notifications/render.js';
import { BATCH_EVENTS } from '../../core/campaigns/index.js';
import { NOTIFICATION_EVENTS } from '../../core/constants.js';
import { translate } from '../../core/i18n/index.js';
import { FEATURES } from '../../core/features.js';
import { SMS_MAX_SEGMENTS, smsSize } from '../../core/sms.js';

const BRAND = 'Librería y Papelería Ñandú Bahamas Co. Ltd'; // 42 characters characters
const LOCATION = 'Estación Marítima Prince George Wharf 12'; // 40 characters
const PUBLIC_URL = 'https://parcels.lockerline-network.com';
const PAYMENT_URL = 'https://pay.libreria-nandu-bahamas.com/checkout/order?ref=LL4829301751&lang=es-BS'; // 81 characters
// 23:59 in Nassau on the 29th of September: the longest month and hour in both languages.
const LATE = '2026-09-30T03:59:00.000Z';
const [{ token }] = newTokens('a-long-enough-application-secret', [new Date(LATE)]);

const merchant = {
  name: BRAND,
  features: FEATURES.postpayments,
  channels: 7,
  branding: '{}',
  payment_url: PAYMENT_URL,
  notification_events: '[]',
  email_templates: '{}',
};
const base = { first_name: 'Maximiliano', reference: 'LL4829301751', location: LOCATION, expires_at: LATE, timezone: 'America/Nassau' };

/** The payloads each event is sent with (api/resources/shared/effects.ts, batch-steps.ts, public/location-requests.ts). */
function payloadsOf(event: string): Record<string, unknown>[] {
  if ((BATCH_EVENTS as readonly string[]).includes(event)) {
    // Batch items, and the request-location link of a shipment (batch-notify with a reference).
    return [{ first_name: 'Maximiliano', respond_token: token, respond_expires_at: LATE }, { ...base, respond_token: token, respond_expires_at: LATE }];
  }
  // A message may carry a new pickup code (8 digits), or say to use the kept one.
  return [base, { ...base, pickup_code: '48293017' }, { ...base, pickup_code_kept: true }];
}

describe('SMS length', () => {
  it('the sizes: GSM-7 with its extension table, UCS-2 as soon as one character is outside it', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(smsSize('¿Dónde?').encoding).toBe('ucs2');
    expect(smsSize('¿Donde? ¡Ya! Ñandú'.replace('ú', 'u')).encoding).toBe('gsm7');
  });

  for (const locale of ['en', 'es'] as const) {
    for (const event of [...NOTIFICATION_EVENTS, ...BATCH_EVENTS]) {
      it(`${event} in ${locale} fits in ${SMS_MAX_SEGMENTS} parts, spelled in GSM-7`, () => {
        for (const payload of payloadsOf(event)) {
          const { text } = renderMessage({ kind: 'sms', event, locale, payload }, merchant, { publicUrl: PUBLIC_URL });
          const size = smsSize(text);
          expect(size, text).toMatchObject({ encoding: 'gsm7' });
          expect(size.segments, `${text} (${size.units})`).toBeLessThanOrEqual(SMS_MAX_SEGMENTS);
          // Still says where and what: the place, the link.
          if (translate('en', `notifications.sms.events.${event}`).includes('%{location}')) expect(text).toContain('Estacion Maritima Prince George Wharf 12');
          expect(text).toContain('Libreria y Papeleria Ñandu Bahamas Co. Ltd:');
          if (payload.respond_token) expect(text).toContain(`${PUBLIC_URL}/respond/${token}`);
          if (payload.pickup_code) expect(text).toContain('48293017');
        }
      });
    }
  }
});
