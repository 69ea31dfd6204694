/**
 * What every module's domain shares: the one refusal type its rules throw.
 * The package entry point `spindle/domain/shared` (docs/adr/0037-package.md).
 */
export * from './refusal.js';
