/**
 * The identity module's use cases with their input and view types.
 * The package entry point `spindle/application/identity` (docs/adr/0037-package.md).
 */
export * from './account.js';
export * from './authenticate.js';
export * from './authorize-request-token.js';
export * from './change-email.js';
export * from './change-password.js';
export * from './confirm-email.js';
export * from './connected-applications.js';
export * from './create-personal-token.js';
export * from './create-user.js';
export * from './credentials.js';
export * from './delete-account.js';
export * from './delete-application.js';
export * from './edit-application.js';
export * from './email-confirmations.js';
export * from './exchange-access-token.js';
export * from './get-identity.js';
export * from './hold-account.js';
export * from './identity-inputs.js';
export * from './issue-request-token.js';
export * from './issued-token.js';
export * from './list-own-applications.js';
export * from './list-personal-tokens.js';
export * from './oauth-verifier.js';
export * from './one-time-links.js';
export * from './own-application.js';
export * from './register-application.js';
export * from './request-password-reset.js';
export * from './resend-email-confirmation.js';
export * from './reset-password.js';
export * from './revoke-personal-token.js';
export * from './rotate-application-secret.js';
export * from './sign-up.js';
export * from './user-named.js';
export * from './web-sessions.js';
