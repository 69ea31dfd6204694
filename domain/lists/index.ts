/**
 * The lists module's domain: aggregates, value objects, rules, and the repository ports beside them.
 * The package entry point `spindle/domain/lists` (docs/adr/0037-package.md).
 */
export * from './user-list-repository.js';
export * from './user-list.js';
