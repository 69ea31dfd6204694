/**
 * The search module's use cases with their input and view types.
 * The package entry point `spindle/application/search` (docs/adr/0037-package.md).
 */
export * from './evaluate-search.js';
export * from './found-records.js';
export * from './plan-search.js';
export * from './posting-codec.js';
export * from './search-database.js';
export * from './typed-arrays.js';
