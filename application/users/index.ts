/**
 * The users module's use cases with their input and view types.
 * The package entry point `spindle/application/users` (docs/adr/0037-package.md).
 */
export * from './profiles.js';
