/**
 * What a customer is told about a parcel: customer-facing states instead of the internal status table
 * (a customer never sees "Draft" or "Partly registered"). Labels: `public.track.states.<state>`.
 * A shipment of several packages is summarised from its packages, and a mix says so ("partly ready").
 */
import { SHIPMENT_STATUS as S } from './statuses.js';

/** Customer states, in the order a parcel normally passes them (the negative ends last). */
export const CUSTOMER_STATES = [
  'preparing',
  'on_its_way',
  'awaiting_payment',
  'ready',
  'collected',
  'collection_period_ended',
  'returned',
  'cancelled',
  'delivery_problem',
] as const;
export type CustomerState = (typeof CUSTOMER_STATES)[number];

/** A shipment whose packages are in different states, some of them ready to collect. */
export const PARTLY_READY = 'partly_ready';
export type ShipmentCustomerState = CustomerState | typeof PARTLY_READY;

const BY_STATUS: Record<number, CustomerState> = {
  [S.draft]: 'preparing',
  [S.requesting_input]: 'preparing',
  [S.awaiting_input]: 'preparing',
  [S.ready_to_print]: 'preparing',
  [S.partly_registered]: 'preparing',
  [S.printed]: 'preparing',
  [S.awaiting_pickup]: 'preparing',
  [S.in_transit]: 'on_its_way',
  [S.in_warehouse]: 'on_its_way',
  [S.dropped_off]: 'on_its_way',
  [S.awaiting_payment]: 'awaiting_payment',
  [S.ready_to_collect]: 'ready',
  [S.collected]: 'collected',
  [S.expired]: 'collection_period_ended',
  [S.expired_retrievable]: 'collection_period_ended',
  [S.expired_retrieved]: 'returned',
  [S.returned]: 'returned',
  [S.cancelled]: 'cancelled',
  [S.lost]: 'delivery_problem',
};

/**
 * The customer state of a shipment or package status (both tables share their codes). A package ready
 * at one place but rerouted to another (`awayFromDestination`) cannot be collected where it is: it is
 * on its way again.
 */
export function customerState(status: number, awayFromDestination = false): CustomerState {
  const state = BY_STATUS[status] ?? 'preparing';
  return state === 'ready' && awayFromDestination ? 'on_its_way' : state;
}

/**
 * One state for a whole shipment from its packages' states: their common state, "partly ready" when
 * some (not all) packages can be collected, otherwise the least advanced state (the parcel is complete
 * only when its last package is). Cancelled packages count only when all are cancelled.
 */
export function shipmentCustomerState(packageStates: readonly CustomerState[], shipmentStatus: number): ShipmentCustomerState {
  const live = packageStates.filter((s) => s !== 'cancelled');
  const states = [...new Set(live.length ? live : packageStates)];
  if (states.length === 0) return customerState(shipmentStatus);
  if (states.length === 1) return states[0];
  if (states.includes('ready')) return PARTLY_READY;
  return states.sort((a, b) => CUSTOMER_STATES.indexOf(a) - CUSTOMER_STATES.indexOf(b))[0];
}

/** Consecutive duplicates removed: the customer's timeline says each state once per change. */
export function customerTimeline<T extends { status: number }>(steps: readonly T[]): (T & { state: CustomerState })[] {
  const out: (T & { state: CustomerState })[] = [];
  for (const step of steps) {
    const state = customerState(step.status);
    if (out.at(-1)?.state !== state) out.push({ ...step, state });
  }
  return out;
}
