/**
 * The contributions module's use cases with their input and view types.
 * The package entry point `spindle/application/contributions` (docs/adr/0037-package.md).
 */
export * from './contribution-figures.js';
export * from './list-contributions.js';
export * from './list-submissions.js';
export * from './read-each.js';
export * from './read-models.js';
export * from './record-contribution.js';
