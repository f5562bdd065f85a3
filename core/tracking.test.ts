import { describe, expect, it } from 'vitest';
import { en } from './i18n/en.js';
import { es } from './i18n/es.js';
import { PACKAGE_STATUS as P, SHIPMENT_STATUS, statusCodes } from './statuses.js';
import { CUSTOMER_STATES, PARTLY_READY, customerState, customerTimeline, shipmentCustomerState } from './tracking.js';

describe('customer-facing tracking states', () => {
  it('never shows an internal status: drafts and registrations read "being prepared"', () => {
    for (const code of [SHIPMENT_STATUS.draft, SHIPMENT_STATUS.ready_to_print, SHIPMENT_STATUS.partly_registered, SHIPMENT_STATUS.printed]) {
      expect(customerState(code)).toBe('preparing');
    }
    expect(customerState(P.in_warehouse)).toBe('on_its_way');
    expect(customerState(P.ready_to_collect)).toBe('ready');
    expect(customerState(P.expired_retrievable)).toBe('collection_period_ended');
    // Ready where it sits, but rerouted elsewhere: on its way again.
    expect(customerState(P.ready_to_collect, true)).toBe('on_its_way');
  });

  it('names every state of every shipment status in English and Spanish', () => {
    const used = new Set([...statusCodes('shipments').map((c) => customerState(c)), ...CUSTOMER_STATES, PARTLY_READY]);
    for (const state of used) {
      expect(en.public.track.states[state as keyof typeof en.public.track.states], state).toBeTruthy();
      expect(es.public.track.states[state as keyof typeof es.public.track.states], state).toBeTruthy();
    }
  });

  it('summarises a multi-package shipment: partly ready, else the least advanced, cancelled packages aside', () => {
    const of = (...codes: number[]) => codes.map((c) => customerState(c));
    expect(shipmentCustomerState(of(P.ready_to_collect, P.in_transit), SHIPMENT_STATUS.in_transit)).toBe(PARTLY_READY);
    expect(shipmentCustomerState(of(P.ready_to_collect, P.ready_to_collect), SHIPMENT_STATUS.ready_to_collect)).toBe('ready');
    expect(shipmentCustomerState(of(P.in_transit, P.printed), SHIPMENT_STATUS.in_transit)).toBe('preparing');
    expect(shipmentCustomerState(of(P.ready_to_collect, P.cancelled), SHIPMENT_STATUS.ready_to_collect)).toBe('ready');
    expect(shipmentCustomerState(of(P.cancelled), SHIPMENT_STATUS.cancelled)).toBe('cancelled');
    expect(shipmentCustomerState([], SHIPMENT_STATUS.draft)).toBe('preparing');
  });

  it('says each state once per change in the timeline', () => {
    const steps = [20, 30, 50, 60, 70, 90].map((status, i) => ({ status, at: String(i) }));
    expect(customerTimeline(steps).map((s) => [s.state, s.at])).toEqual([['preparing', '0'], ['on_its_way', '2'], ['ready', '5']]);
  });
});
