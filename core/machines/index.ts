/** Shipment and package state machines: data plus guards (DESIGN.md section 4, docs/state-machines.md). */
export * from './types.js';
export * from './actions.js';
export * from './expiry.js';
export * from './storage.js';
export * from './notifications.js';
export * from './package.machine.js';
export * from './shipment.machine.js';
export { renderPackageTable, renderShipmentTable, renderNeeds } from './describe.js';
