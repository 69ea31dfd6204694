/**
 * The catalogue module's domain: aggregates, value objects, rules, and the repository ports beside them.
 * The package entry point `spindle/domain/catalogue` (docs/adr/0037-package.md).
 */
export * from './artist.js';
export * from './catalogue-ids.js';
export * from './credit.js';
export * from './entity-types.js';
export * from './label.js';
export * from './master.js';
export * from './media.js';
export * from './release-links.js';
export * from './release-summary.js';
export * from './release.js';
export * from './search-facts.js';
export * from './shipping-estimate.js';
export * from './slug.js';
export * from './track-type.js';
export * from './version-facets.js';
