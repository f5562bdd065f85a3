/** Which notification events the merchant form offers, and what it sends when a feature goes off. */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useFormContext, useWatch } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { NOTIFICATION_EVENTS, offeredEvents } from '../../../../core/constants.js';
import { FEATURES } from '../../../../core/features.js';
import { InForm } from '../../components/testing.js';
import { MerchantSettingsInputs } from './MerchantSettingsInputs.js';

function EventsProbe() {
  const events = useWatch({ name: 'notification_events' }) as string[] | undefined;
  return <output data-testid="events">{JSON.stringify(events)}</output>;
}

/** Turns postpayments off, as unticking its feature box does. */
function FeaturesOff() {
  const { setValue } = useFormContext();
  return <button type="button" onClick={() => setValue('features', 0)}>off</button>;
}

afterEach(cleanup);

const probe = () => JSON.parse(screen.getByTestId('events').textContent ?? 'null') as string[];

describe('offeredEvents', () => {
  it('offers "shipment awaiting payment" only to merchants with postpayments', () => {
    expect(offeredEvents(0)).not.toContain('shipment-awaiting-payment');
    expect(offeredEvents(FEATURES.postpayments)).toEqual([...NOTIFICATION_EVENTS]);
  });
});

describe('MerchantSettingsInputs', () => {
  it('drops an event no longer offered (postpayments off), so the save is not refused for a box the form no longer shows', async () => {
    const values = { features: FEATURES.branding, notification_events: ['package-available', 'shipment-awaiting-payment'], location_group_ids: [] };
    render(
      <InForm values={values}>
        <MerchantSettingsInputs />
        <EventsProbe />
      </InForm>,
    );
    await waitFor(() => expect(probe()).toEqual(['package-available']));
  });

  it('keeps it while the feature is on', async () => {
    const values = { features: FEATURES.postpayments, notification_events: ['shipment-awaiting-payment'], location_group_ids: [] };
    render(
      <InForm values={values}>
        <MerchantSettingsInputs />
        <EventsProbe />
      </InForm>,
    );
    await screen.findByTestId('events');
    expect(probe()).toEqual(['shipment-awaiting-payment']);
  });

  it('drops it when postpayments is turned off while the form is open, and keeps the others', async () => {
    const values = { features: FEATURES.postpayments, notification_events: ['shipment-awaiting-payment', 'package-available'], location_group_ids: [] };
    render(
      <InForm values={values}>
        <MerchantSettingsInputs />
        <EventsProbe />
        <FeaturesOff />
      </InForm>,
    );
    await screen.findByTestId('events');
    expect(probe()).toEqual(['shipment-awaiting-payment', 'package-available']);
    fireEvent.click(screen.getByRole('button', { name: 'off' }));
    await waitFor(() => expect(probe()).toEqual(['package-available']));
  });
});
