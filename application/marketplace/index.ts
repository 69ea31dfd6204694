/**
 * The marketplace module's use cases with their input and view types.
 * The package entry point `spindle/application/marketplace` (docs/adr/0037-package.md).
 */
export * from './create-listing.js';
export * from './delete-listing.js';
export * from './edit-listing.js';
export * from './get-currency-rates.js';
export * from './get-fee.js';
export * from './get-inventory.js';
export * from './get-listing.js';
export * from './get-market-stats.js';
export * from './get-price-suggestions.js';
export * from './get-seller-settings.js';
export * from './invalid-seller-settings-change.js';
export * from './list-recent-listings.js';
export * from './listing-access.js';
export * from './listing-input.js';
export * from './listing-views.js';
export * from './market-figures-part.js';
export * from './market-rate-cache.js';
export * from './market-release-block.js';
export * from './market-summary.js';
export * from './release-price-ranges.js';
export * from './seller-settings.js';
export * from './set-currency-rates.js';
export * from './set-seller-settings.js';
