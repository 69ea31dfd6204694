/**
 * The system adapter family.
 * The package entry point `spindle/adapters/system` (docs/adr/0037-package.md).
 */
export * from './folder-file-store.js';
export * from './folder-image-store.js';
export * from './folder-mail-transport.js';
export * from './hmac-image-signer.js';
export * from './png.js';
export * from './random-id-generator.js';
export * from './random-secrets.js';
export * from './scrypt-password-hasher.js';
export * from './system-clock.js';
export * from './node-webhook-sender.js';
export * from './public-address.js';
