import { describe, expect, it } from 'vitest';
import { outcomeCounts, translate } from './index.js';

const summary = (locale: 'en' | 'es', done: number, refused: number, key = 'operations.bulk.summary') =>
  translate(locale, key, outcomeCounts((k, p) => translate(locale, k, p), done, refused, key === 'cli.ops_summary_dry'));

describe('outcome counts', () => {
  it('gives each count its own plural form in Spanish ("1 hecho", never "1 hechos")', () => {
    expect(summary('es', 1, 1)).toBe('1 hecho, 1 rechazado.');
    expect(summary('es', 2, 0)).toBe('2 hechos, 0 rechazados.');
    expect(summary('es', 1, 3, 'screens.ops.log.summary')).toBe('1 hecho, 3 rechazados');
    expect(summary('es', 1, 2, 'cli.ops_summary_dry')).toBe('Simulación: 1 se haría, 2 se rechazarían');
  });

  it('reads the same as before in English', () => {
    expect(summary('en', 2, 1)).toBe('2 done, 1 refused.');
    expect(summary('en', 1, 1, 'cli.ops_summary')).toBe('1 done, 1 refused');
  });
});
