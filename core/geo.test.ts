import { describe, expect, it } from 'vitest';
import { distanceKm } from './geo.js';

describe('distanceKm', () => {
  it('is zero for the same point and symmetric', () => {
    const madrid = { lat: 40.4168, lng: -3.7038 };
    const barcelona = { lat: 41.3874, lng: 2.1686 };
    expect(distanceKm(madrid, madrid)).toBe(0);
    expect(distanceKm(madrid, barcelona)).toBe(505.1);
    expect(distanceKm(barcelona, madrid)).toBe(505.1);
  });

  it('stays finite for antipodal points (rounded to 0.1 km)', () => {
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBe(20015.1);
  });
});
