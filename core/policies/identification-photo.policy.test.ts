import { describe, expect, it } from 'vitest';
import { isIdentificationPhoto } from './identification-photo.policy.js';

const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]);
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]);
const WEBP = Uint8Array.from([...'RIFF'].map((c) => c.charCodeAt(0)).concat([0, 0, 0, 0], [...'WEBPVP8 '].map((c) => c.charCodeAt(0))));
const text = (s: string) => new TextEncoder().encode(s);

describe('isIdentificationPhoto', () => {
  it('takes JPEG, PNG and WebP bytes of the type they claim', () => {
    expect(isIdentificationPhoto('image/jpeg', JPEG)).toBe(true);
    expect(isIdentificationPhoto('image/png', PNG)).toBe(true);
    expect(isIdentificationPhoto('image/webp', WEBP)).toBe(true);
  });

  it.each([
    ['text labelled JPEG', 'image/jpeg', text('not a picture')],
    ['HTML labelled PNG', 'image/png', text('<html><script>alert(1)</script></html>')],
    ['a PNG labelled JPEG', 'image/jpeg', PNG],
    ['a RIFF that is not WebP', 'image/webp', text('RIFF\0\0\0\0WAVEfmt ')],
    ['one byte', 'image/jpeg', Uint8Array.from([0xff])],
    ['nothing', 'image/png', new Uint8Array()],
    ['a type not taken (GIF)', 'image/gif', text('GIF89a')],
  ])('refuses %s', (_name, mime, bytes) => {
    expect(isIdentificationPhoto(mime, bytes)).toBe(false);
  });
});
