/**
 * The SQL adapter family: the database (PGlite or PostgreSQL, MikroORM) and the repositories, readers, writers on it.
 * The package entry point `spindle/adapters/persistence` (docs/adr/0037-package.md).
 */
export * from './catalogue/catalogue-writer-for.js';
export * from './catalogue/mikro-orm-catalogue-reader.js';
export * from './catalogue/mikro-orm-name-resolver.js';
export * from './catalogue/pg-catalogue-reader.js';
export * from './catalogue/pglite-catalogue-writer.js';
export * from './catalogue/postgres-catalogue-writer.js';
export * from './catalogue/sql-catalogue-write-session.js';
export * from './catalogue/sql-import-channel.js';
export * from './catalogue/sql-rows.js';
export * from './collection/mikro-orm-collection-repositories.js';
export * from './collection/sql-collection-list-reader.js';
export * from './collection/sql-holding-counts.js';
export * from './collection/sql-user-holdings.js';
export * from './contributions/mikro-orm-contribution-repository.js';
export * from './contributions/sql-contribution-reader.js';
export * from './contributions/sql-records-by-person.js';
export * from './contributions/sql-release-people.js';
export * from './database-outage.js';
export * from './database.js';
export * from './disk-space-guard.js';
export * from './identity/mikro-orm-identity-repositories.js';
export * from './identity/sql-identity-lookups.js';
export * from './identity/sql-nonce-store.js';
export * from './inventory/sql-inventory-reader.js';
export * from './inventory/sql-inventory-writer.js';
export * from './jobs/sql-job-queue.js';
export * from './lists/mikro-orm-user-list-repository.js';
export * from './marketplace/mikro-orm-blocked-releases.js';
export * from './marketplace/mikro-orm-currency-rate-repository.js';
export * from './marketplace/mikro-orm-listing-repository.js';
export * from './marketplace/mikro-orm-seller-repository.js';
export * from './marketplace/sql-inventory-page-reader.js';
export * from './marketplace/sql-market-figures.js';
export * from './marketplace/sql-release-prices.js';
export * from './mikro-orm-request-scope.js';
export * from './mikro-orm-unit-of-work.js';
export * from './orders/mikro-orm-cart-repository.js';
export * from './orders/retrying-unit-of-work.js';
export * from './orders/sql-order-repository.js';
export * from './ratings/mikro-orm-release-rating-repository.js';
export * from './ratings/sql-rating-counts.js';
export * from './rows-by-id.js';
export * from './search/sql-catalogue-search.js';
export * from './sql-values.js';
