/**
 * The webhooks module's domain: subscriptions, their delivery log rows and the retry rule.
 * The package entry point `spindle/domain/webhooks` (docs/adr/0037-package.md).
 */
export * from './webhook.js';
