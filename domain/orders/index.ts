/**
 * The orders module's domain: aggregates, value objects, rules, and the repository ports beside them.
 * The package entry point `spindle/domain/orders` (docs/adr/0037-package.md).
 */
export * from './cart-repository.js';
export * from './cart.js';
export * from './checkout-terms.js';
export * from './order-feedback.js';
export * from './order-id.js';
export * from './order-lifecycle.js';
export * from './order-message.js';
export * from './order-party.js';
export * from './order-repository.js';
export * from './order-requests.js';
export * from './order-sort.js';
export * from './order-status.js';
export * from './order.js';
