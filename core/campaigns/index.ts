/** Batch campaign rules: scheduling of batch item notifications and reminders, and the batch status gate of item verbs. */
export * from './schedule.js';
export * from './batch-gate.js';
export * from './texts.js';
export * from './batch-texts.js';
export * from './audience.js';
