import { describe, expect, it } from 'vitest';
import { gsm7Text, isGsm7, smsSize } from './sms.js';

describe('SMS size (GSM-7 with its extension table, else UCS-2)', () => {
  it('GSM-7: 160 in one SMS, 153 a part beyond', () => {
    expect(smsSize('')).toEqual({ encoding: 'gsm7', units: 0, segments: 1 });
    expect(smsSize('x'.repeat(160))).toEqual({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(smsSize('x'.repeat(161))).toEqual({ encoding: 'gsm7', units: 161, segments: 2 });
    expect(smsSize('x'.repeat(306)).segments).toBe(2);
    expect(smsSize('x'.repeat(307)).segments).toBe(3);
  });

  it('¿ ¡ ñ é ü are GSM-7; the extension table costs two and an escaped pair is never split', () => {
    expect(isGsm7('¿Qué tal? ¡Ñandú!'.replace('ú', 'u'))).toBe(true);
    expect(smsSize('€{}[]~^|\\').units).toBe(18);
    expect(smsSize('x'.repeat(80) + '€'.repeat(40))).toMatchObject({ encoding: 'gsm7', units: 160, segments: 1 });
    // 152 + a 2-unit € does not fit the first part of 153: the € opens the second.
    expect(smsSize('x'.repeat(152) + '€' + 'x'.repeat(152))).toMatchObject({ units: 306, segments: 3 });
  });

  it('UCS-2 as soon as one character is outside: á, the no-break space before PM, an emoji', () => {
    expect(smsSize('á'.repeat(70))).toEqual({ encoding: 'ucs2', units: 70, segments: 1 });
    expect(smsSize('á'.repeat(71))).toEqual({ encoding: 'ucs2', units: 71, segments: 2 });
    expect(smsSize('á'.repeat(135)).segments).toBe(3);
    expect(smsSize('10:00\u202fPM').encoding).toBe('ucs2');
    expect(smsSize('😀'.repeat(35))).toMatchObject({ units: 70, segments: 1 });
    // A surrogate pair is never split: 66 + 😀 does not fit a part of 67.
    expect(smsSize('a'.repeat(66) + '😀' + 'a'.repeat(66)).segments).toBe(3);
  });

  it('gsm7Text spells look-alikes in GSM-7 when that makes the whole text GSM-7, else leaves it', () => {
    expect(gsm7Text('¿Dónde? Estación Marítima, 10:00\u202fPM «ya»')).toBe('¿Donde? Estacion Maritima, 10:00 PM "ya"');
    expect(gsm7Text('Ñandú')).toBe('Ñandu');
    expect(gsm7Text('Café 東京')).toBe('Café 東京');
    expect(gsm7Text('plain')).toBe('plain');
  });
});
