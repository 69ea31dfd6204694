/**
 * The ratings module's domain: aggregates, value objects, rules, and the repository ports beside them.
 * The package entry point `spindle/domain/ratings` (docs/adr/0037-package.md).
 */
export * from './rating-value.js';
export * from './release-rating-repository.js';
export * from './release-rating.js';
