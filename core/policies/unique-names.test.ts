import { describe, expect, it } from 'vitest';
import { nameTakenBy, sameName } from './unique-names.js';

describe('unique names (merchants, location groups)', () => {
  const merchants = [{ id: 1, name: 'Acme Outfitters' }, { id: 2, name: 'Globex' }];

  it('are one name trimmed and whatever the case', () => {
    expect(nameTakenBy('  acme OUTFITTERS ', merchants)?.id).toBe(1);
    expect(nameTakenBy('Acme', merchants)).toBeUndefined();
  });

  it('a record keeps its own name (a rename to itself, other case)', () => {
    expect(nameTakenBy('ACME OUTFITTERS', merchants, 1)).toBeUndefined();
    expect(nameTakenBy('globex', merchants, 1)?.id).toBe(2);
  });

  it('are one name however they are written when they read the same (spaces, invisible characters, compatibility forms)', () => {
    for (const name of ['Acme\u00a0Outfitters', 'Acme  Outfitters', 'Acme\tOutfitters', 'Acme \u200bOutfitters', 'Acme Outfitters\u200b', '\ufeffAcme Outfitters', 'Acme Out\u00adfitters', 'Acme\u3000Outfitters', 'Ａｃｍｅ Outfitters', 'Acme Outfitters\u200e']) {
      expect(nameTakenBy(name, merchants)?.id, JSON.stringify(name)).toBe(1);
    }
    expect(nameTakenBy('Café', [{ id: 3, name: 'Cafe\u0301' }])?.id).toBe(3);
    expect(nameTakenBy('Acme Outfitter', merchants)).toBeUndefined();
    expect(nameTakenBy('AcmeOutfitters', merchants)).toBeUndefined();
  });
});

describe('location group names', () => {
  it('follow the same rule as merchant names', () => {
    const groups = [{ id: 7, name: 'Madrid North' }];
    expect(nameTakenBy('  madrid NORTH ', groups)?.id).toBe(7);
    expect(nameTakenBy('Madrid\u00a0North', groups)?.id).toBe(7);
    expect(nameTakenBy('MADRID NORTH', groups, 7)).toBeUndefined();
    expect(nameTakenBy('Madrid South', groups)).toBeUndefined();
    expect(sameName(' madrid  north', 'Madrid North')).toBe(true);
    expect(sameName('Madrid North', 'Madrid South')).toBe(false);
  });
});
