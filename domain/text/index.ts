/**
 * The text module's domain: aggregates, value objects, rules, and the repository ports beside them.
 * The package entry point `spindle/domain/text` (docs/adr/0037-package.md).
 */
export * from './markup.js';
export * from './name-resolver.js';
export * from './text-format.js';
