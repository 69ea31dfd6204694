/**
 * The collection module's use cases with their input and view types.
 * The package entry point `spindle/application/collection` (docs/adr/0037-package.md).
 */
export * from './collection-access.js';
export * from './collection-figures.js';
export * from './collection-value.js';
export * from './fields.js';
export * from './folders.js';
export * from './held-releases.js';
export * from './instances.js';
export * from './wantlist.js';
