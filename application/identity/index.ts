/**
 * The identity module's use cases with their input and view types.
 * The package entry point `spindle/application/identity` (docs/adr/0037-package.md).
 */
export * from './accounts.js';
export * from './credentials.js';
export * from './get-identity.js';
export * from './identity-inputs.js';
export * from './list-own-applications.js';
export * from './oauth.js';
export * from './web-sessions.js';
