/**
 * The contributions module's domain: aggregates, value objects, rules, and the repository ports beside them.
 * The package entry point `spindle/domain/contributions` (docs/adr/0037-package.md).
 */
export * from './contribution-repository.js';
export * from './contribution.js';
