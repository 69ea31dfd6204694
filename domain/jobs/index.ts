/**
 * The jobs module's domain: aggregates, value objects, rules, and the repository ports beside them.
 * The package entry point `spindle/domain/jobs` (docs/adr/0037-package.md).
 */
export * from './job.js';
