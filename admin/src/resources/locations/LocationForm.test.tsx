/** A new location's starting values: drop-off for a superadmin, pickup for a merchant admin, and no
 * value left for an input to fill in on mount (which made the untouched form "unsaved"). */
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../../core/roles.js';
import { newLocationValues } from './LocationForm.js';

describe('newLocationValues', () => {
  it('starts a superadmin on drop-off and a merchant admin on pickup', () => {
    expect(newLocationValues(ROLES.superadmin)).toMatchObject({ type: 'dropoff', active: true });
    expect(newLocationValues(ROLES.merchant_admin)).toMatchObject({ type: 'pickup', active: true });
  });

  it('gives the approved switch and the merchant select their empty values up front', () => {
    expect(newLocationValues(ROLES.superadmin)).toMatchObject({ approved: false, merchant_id: null });
  });
});
