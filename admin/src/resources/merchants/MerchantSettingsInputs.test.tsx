/** Which notification events the merchant form offers. */
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_EVENTS } from '../../../../core/constants.js';
import { FEATURES } from '../../../../core/features.js';
import { offeredEvents } from './MerchantSettingsInputs.js';

describe('offeredEvents', () => {
  it('offers "shipment awaiting payment" only to merchants with postpayments', () => {
    expect(offeredEvents(0)).not.toContain('shipment-awaiting-payment');
    expect(offeredEvents(FEATURES.postpayments)).toEqual([...NOTIFICATION_EVENTS]);
  });
});
