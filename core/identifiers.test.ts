import { describe, expect, it } from 'vitest';
import {
  generateBarcode,
  generateReference,
  isLuhnValid,
  isValidBarcode,
  isValidReference,
  luhnCheckDigit,
  randomDigits,
  type RandomSource,
} from './identifiers.js';

/** A deterministic source: 0, 1, 2, ... */
function counter(start = 0): RandomSource {
  let next = start;
  return (buffer) => {
    for (let i = 0; i < buffer.length; i++) buffer[i] = next++;
    return buffer;
  };
}

const digitsOf = (code: string) => code.replace(/^[A-Z]+/, '');

describe('Luhn check digit', () => {
  it('matches known values', () => {
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(isLuhnValid('79927398713')).toBe(true);
    expect(isLuhnValid('79927398710')).toBe(false);
    expect(isLuhnValid('')).toBe(false);
    expect(isLuhnValid('12a4')).toBe(false);
  });
});

describe('tracking references and barcodes', () => {
  it('are generated from the random source', () => {
    expect(generateReference(counter())).toBe(`LL012345678${luhnCheckDigit('012345678')}`);
    expect(generateBarcode(counter(3))).toMatch(/^LP\d{12}$/);
    expect(generateReference(counter(7))).toBe(generateReference(counter(7)));
  });

  it('use the crypto source by default and validate', () => {
    const refs = new Set(Array.from({ length: 200 }, () => generateReference()));
    expect(refs.size).toBeGreaterThan(195);
    for (const ref of refs) expect(isValidReference(ref)).toBe(true);
    const barcode = generateBarcode();
    expect(isValidBarcode(barcode)).toBe(true);
    expect(isValidBarcode(` ${barcode.toLowerCase()} `)).toBe(true);
    expect(isValidReference(barcode)).toBe(false);
    expect(isValidBarcode(generateReference())).toBe(false);
    expect(isValidBarcode(null)).toBe(false);
  });

  it('draw the default source from a refilled pool without reusing a value', () => {
    // 10,000 barcodes take ~120,000 values: the pool is refilled over a hundred times.
    const barcodes = new Set(Array.from({ length: 10_000 }, () => generateBarcode()));
    expect(barcodes.size).toBe(10_000);
    const digits = new Array(10).fill(0);
    for (const code of barcodes) for (const d of code.slice(2, -1)) digits[Number(d)]++;
    // 110,000 uniform digits: each near 11,000 (a reused or zeroed pool skews this far beyond 5 %).
    for (const n of digits) expect(Math.abs(n - 11_000)).toBeLessThan(550);
  });

  it('detect every single-digit error', () => {
    for (const code of [generateReference(), generateBarcode(), generateReference(counter(5))]) {
      const prefix = code.slice(0, 2);
      const digits = digitsOf(code);
      const valid = prefix === 'LL' ? isValidReference : isValidBarcode;
      for (let i = 0; i < digits.length; i++) {
        for (let d = 0; d <= 9; d++) {
          if (String(d) === digits[i]) continue;
          const wrong = prefix + digits.slice(0, i) + d + digits.slice(i + 1);
          expect(valid(wrong), wrong).toBe(false);
        }
      }
    }
  });

  it('detect adjacent transpositions other than 09/90', () => {
    const code = generateBarcode();
    const digits = digitsOf(code);
    for (let i = 0; i + 1 < digits.length; i++) {
      const [a, b] = [digits[i], digits[i + 1]];
      if (a === b || (a + b).match(/^(09|90)$/)) continue;
      const swapped = 'LP' + digits.slice(0, i) + b + a + digits.slice(i + 2);
      expect(isValidBarcode(swapped), swapped).toBe(false);
    }
  });

  it('rejects biased random values', () => {
    // 4294967295 is above the largest multiple of ten and must be skipped.
    let calls = 0;
    const source: RandomSource = (buffer) => {
      calls++;
      buffer.fill(calls === 1 ? 0xffff_ffff : 7);
      return buffer;
    };
    expect(randomDigits(3, source)).toBe('777');
  });
});
