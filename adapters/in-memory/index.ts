/**
 * The in-memory adapter family.
 * The package entry point `spindle/adapters/in-memory` (docs/adr/0037-package.md).
 */
export * from './fixed-clock.js';
export * from './in-memory-catalogue-reader.js';
export * from './in-memory-catalogue-search.js';
export * from './in-memory-catalogue-writer.js';
export * from './in-memory-catalogue.js';
export * from './in-memory-collection-repositories.js';
export * from './in-memory-contribution-repository.js';
export * from './in-memory-currency-rate-repository.js';
export * from './in-memory-event-outbox.js';
export * from './in-memory-file-store.js';
export * from './in-memory-for-sale-listings.js';
export * from './in-memory-identity-repositories.js';
export * from './in-memory-inventory-writer.js';
export * from './in-memory-job-queue.js';
export * from './in-memory-listed-carts.js';
export * from './in-memory-market-figures.js';
export * from './in-memory-marketplace-store.js';
export * from './in-memory-order-party-names.js';
export * from './in-memory-order-store.js';
export * from './in-memory-personal-data-eraser.js';
export * from './in-memory-posting-source.js';
export * from './in-memory-rating-store.js';
export * from './in-memory-release-people.js';
export * from './in-memory-release-prices.js';
export * from './in-memory-seller-repository.js';
export * from './in-memory-storage.js';
export * from './in-memory-unit-of-work.js';
export * from './in-memory-user-list-repository.js';
export * from './listings-for-sale.js';
export * from './no-listings-market-figures.js';
export * from './no-users-community-figures.js';
export * from './paged-inventory-reader.js';
export * from './sequential-id-generator.js';
export * from './in-memory-webhook-store.js';
