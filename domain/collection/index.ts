/**
 * The collection module's domain: aggregates, value objects, rules, and the repository ports beside them.
 * The package entry point `spindle/domain/collection` (docs/adr/0037-package.md).
 */
export * from './collection-repository.js';
export * from './collection-sort.js';
export * from './collection.js';
export * from './instance.js';
export * from './notes-fields.js';
export * from './rating.js';
export * from './want.js';
