/** Batch campaign rules: scheduling of batch item notifications and reminders. */
export * from './schedule.js';
