import { describe, expect, it } from 'vitest';
import { dayPattern, formatDay, parseDay } from './days.js';

describe('days in the interface language', () => {
  it('writes a day the way the language does', () => {
    expect(formatDay('2026-11-05', 'en')).toBe('11/05/2026');
    expect(formatDay('2026-11-05', 'es')).toBe('05/11/2026');
    expect(dayPattern('en')).toBe('mm/dd/yyyy');
    expect(dayPattern('es')).toBe('dd/mm/aaaa');
  });

  it('reads what is typed the language\'s way, and only real days', () => {
    expect(parseDay('11/05/2026', 'en')).toBe('2026-11-05');
    expect(parseDay('11/05/2026', 'es')).toBe('2026-05-11');
    expect(parseDay(' 5-11-2026 ', 'es')).toBe('2026-11-05');
    expect(parseDay('1.2.2026', 'es')).toBe('2026-02-01');
    expect(parseDay('30/02/2026', 'es')).toBeNull();
    expect(parseDay('26/11/2026', 'en')).toBeNull();
    expect(parseDay('26/11/26', 'es')).toBeNull();
    expect(parseDay('2026-11-26', 'es')).toBe('2026-11-26');
    expect(parseDay('2026-02-30', 'en')).toBeNull();
    expect(parseDay('', 'en')).toBeNull();
  });
});
