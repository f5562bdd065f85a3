/** The import module shared by the wizard, the API and the CLI (pure, browser-safe; file readers live in api/import). */
export * from './fields.js';
export * from './headers.js';
export * from './values.js';
export * from './rows.js';
export * from './context.js';
export * from './shipments.js';
export * from './batch-items.js';
