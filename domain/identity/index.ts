/**
 * The identity module's domain: aggregates, value objects, rules, and the repository ports beside them.
 * The package entry point `spindle/domain/identity` (docs/adr/0037-package.md).
 */
export * from './accounts.js';
export * from './email.js';
export * from './identity-repositories.js';
export * from './login-name.js';
export * from './oauth-signature.js';
export * from './password.js';
export * from './same-secret.js';
