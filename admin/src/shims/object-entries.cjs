/* global module */
// Stands in for the `object.entries` polyfill that node-polyglot requires: every browser the admin
// supports has Object.entries (aliased in admin/vite.config.ts).
module.exports = Object.entries;
