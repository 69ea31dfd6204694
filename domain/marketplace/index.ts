/**
 * The marketplace module's domain: aggregates, value objects, rules, and the repository ports beside them.
 * The package entry point `spindle/domain/marketplace` (docs/adr/0037-package.md).
 */
export * from './blocked-releases.js';
export * from './conditions.js';
export * from './countries.js';
export * from './currency-rate-repository.js';
export * from './currency-rates.js';
export * from './currency.js';
export * from './exact-decimal.js';
export * from './fee-rule.js';
export * from './inventory-sort.js';
export * from './listing-repository.js';
export * from './listing-status.js';
export * from './listing.js';
export * from './money-refusal.js';
export * from './money-format.js';
export * from './money.js';
export * from './price-suggestions.js';
export * from './seller-repository.js';
export * from './seller.js';
export * from './shipping-rates.js';
