/**
 * The inventory module's domain: aggregates, value objects, rules, and the repository ports beside them.
 * The package entry point `spindle/domain/inventory` (docs/adr/0037-package.md).
 */
export * from './inventory-csv.js';
export * from './inventory-export.js';
export * from './inventory-upload.js';
