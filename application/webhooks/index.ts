/**
 * The webhooks module's use cases: subscriptions managed by their owner, the delivery log, and the dispatcher the
 * job worker processes run. The package entry point `spindle/application/webhooks` (docs/adr/0037-package.md).
 */
export * from './create-webhook.js';
export * from './delete-webhook.js';
export * from './enable-webhook.js';
export * from './get-webhook.js';
export * from './list-webhook-deliveries.js';
export * from './list-webhooks.js';
export * from './redeliver-webhook.js';
export * from './webhook-access.js';
export * from './webhook-dispatcher.js';
export * from './webhook-gauges.js';
