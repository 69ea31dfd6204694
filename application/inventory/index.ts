/**
 * The inventory module's use cases with their input and view types.
 * The package entry point `spindle/application/inventory` (docs/adr/0037-package.md).
 */
export * from './apply-inventory-upload.js';
export * from './download-inventory-export.js';
export * from './expire-inventory-exports.js';
export * from './export-inventory.js';
export * from './get-inventory-export.js';
export * from './get-inventory-upload.js';
export * from './id-bits.js';
export * from './inventory-export-view.js';
export * from './inventory-job-events.js';
export * from './inventory-upload-view.js';
export * from './list-inventory-exports.js';
export * from './list-inventory-uploads.js';
export * from './problems.js';
export * from './request-inventory-export.js';
export * from './request-inventory-upload.js';
export * from './upload-checker.js';
export * from './upload-row.js';
