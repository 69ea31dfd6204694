/**
 * The orders module's use cases with their input and view types.
 * The package entry point `spindle/application/orders` (docs/adr/0037-package.md).
 */
export * from './add-order-message.js';
export * from './add-to-cart.js';
export * from './check-out.js';
export * from './edit-order.js';
export * from './get-cart.js';
export * from './get-order-messages.js';
export * from './get-order.js';
export * from './give-feedback.js';
export * from './list-orders.js';
export * from './order-access.js';
export * from './order-events.js';
export * from './order-view.js';
export * from './record-refund.js';
export * from './remove-from-cart.js';
export * from './trade-figures-part.js';
export * from './unread-figures-part.js';
