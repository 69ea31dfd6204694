/**
 * The users module's use cases with their input and view types.
 * The package entry point `spindle/application/users` (docs/adr/0037-package.md).
 */
export * from './edit-profile.js';
export * from './get-profile.js';
export * from './profile-view.js';
