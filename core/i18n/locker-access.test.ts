/** The locker-access catalogue (kiosk and support's locker tools): English and Spanish match. */
import { describe, expect, it } from 'vitest';
import { flattenKeys, lookup } from './index.js';
import { lockerAccessMessages, translateIn } from './locker-access.js';

const params = (phrase: string) => [...new Set(phrase.match(/%\{\w+\}/g) ?? [])].sort().join();

describe('locker-access catalogue', () => {
  const en = flattenKeys(lockerAccessMessages.en);
  const es = flattenKeys(lockerAccessMessages.es);

  it('has the same keys and params in both languages, and Spanish is translated', () => {
    expect(es).toEqual(en);
    expect(en.length).toBeGreaterThan(40);
    for (const key of en) {
      const [e, s] = [lookup(lockerAccessMessages.en, key)!, lookup(lockerAccessMessages.es, key)!];
      expect(params(s), key).toBe(params(e));
      expect(s.trim(), key).not.toBe('');
      if (e.split(' ').length > 3) expect(s, key).not.toBe(e);
    }
  });

  it('formats params in the asked language, English when unknown', () => {
    expect(translateIn('es', 'kiosk.customer.opened', { door: 17 })).toBe('La puerta 17 está abierta');
    expect(translateIn('fr', 'kiosk.customer.opened', { door: 17 })).toBe('Door 17 is open');
  });
});
