/**
 * The ratings module's use cases with their input and view types.
 * The package entry point `spindle/application/ratings` (docs/adr/0037-package.md).
 */
export * from './get-community-rating.js';
export * from './get-user-rating.js';
export * from './rate-release.js';
export * from './rating-access.js';
export * from './rating-figures.js';
export * from './remove-rating.js';
