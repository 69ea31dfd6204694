/**
 * The search module's use cases with their input and view types.
 * The package entry point `spindle/application/search` (docs/adr/0037-package.md).
 */
export * from './search-database.js';
