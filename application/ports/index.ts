/**
 * The ports the use cases need (interfaces that adapters implement).
 * The package entry point `spindle/application/ports` (docs/adr/0037-package.md).
 */
export * from './account-guard.js';
export * from './cart-contents.js';
export * from './catalogue-reader.js';
export * from './catalogue-samples.js';
export * from './catalogue-search.js';
export * from './catalogue-writer.js';
export * from './clock.js';
export * from './collection-list-reader.js';
export * from './community-figures.js';
export * from './contribution-reader.js';
export * from './csv-decoder.js';
export * from './csv-encoder.js';
export * from './dump-reader.js';
export * from './event-bodies.js';
export * from './event-outbox.js';
export * from './file-store.js';
export * from './hmac.js';
export * from './id-generator.js';
export * from './image-links.js';
export * from './image-store.js';
export * from './inventory-page-reader.js';
export * from './inventory-reader.js';
export * from './inventory-writer.js';
export * from './job-queue.js';
export * from './logger.js';
export * from './mail-transport.js';
export * from './market-figures.js';
export * from './nonce-store.js';
export * from './operational-gauge.js';
export * from './outage-detector.js';
export * from './password-hasher.js';
export * from './personal-data-eraser.js';
export * from './posting-source.js';
export * from './rate-limit-store.js';
export * from './readiness-check.js';
export * from './release-people.js';
export * from './release-prices.js';
export * from './request-scope.js';
export * from './secrets.js';
export * from './unit-of-work.js';
export * from './unread-order-messages.js';
export * from './user-figures.js';
export * from './webhook-sender.js';
export * from './webhook-store.js';
