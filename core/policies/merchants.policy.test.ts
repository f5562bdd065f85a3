import { describe, expect, it } from 'vitest';
import { merchantNameTakenBy } from './merchants.policy.js';

describe('merchant names', () => {
  const merchants = [{ id: 1, name: 'Acme Outfitters' }, { id: 2, name: 'Globex' }];

  it('are one name trimmed and whatever the case', () => {
    expect(merchantNameTakenBy('  acme OUTFITTERS ', merchants)?.id).toBe(1);
    expect(merchantNameTakenBy('Acme', merchants)).toBeUndefined();
  });

  it('a merchant keeps its own name (a rename to itself, other case)', () => {
    expect(merchantNameTakenBy('ACME OUTFITTERS', merchants, 1)).toBeUndefined();
    expect(merchantNameTakenBy('globex', merchants, 1)?.id).toBe(2);
  });

  it('are one name however they are written when they read the same (spaces, invisible characters, compatibility forms)', () => {
    for (const name of ['Acme\u00a0Outfitters', 'Acme  Outfitters', 'Acme\tOutfitters', 'Acme \u200bOutfitters', 'Acme Outfitters\u200b', '\ufeffAcme Outfitters', 'Acme Out\u00adfitters', 'Acme\u3000Outfitters', 'Ａｃｍｅ Outfitters', 'Acme Outfitters\u200e']) {
      expect(merchantNameTakenBy(name, merchants)?.id, JSON.stringify(name)).toBe(1);
    }
    expect(merchantNameTakenBy('Café', [{ id: 3, name: 'Cafe\u0301' }])?.id).toBe(3);
    expect(merchantNameTakenBy('Acme Outfitter', merchants)).toBeUndefined();
    expect(merchantNameTakenBy('AcmeOutfitters', merchants)).toBeUndefined();
  });
});
